import { resolveMetricKind, type NewSample } from '@healthfolio/core';
import { dayToDate, localDayIn, localDayOf } from '../metrics/time';

/** Readings a `samples.created` message carries at most (with "include values"); the rest are counted. */
export const MAX_VALUES = 1000;

interface Span {
  from: number;
  to: number;
  count: number;
}

/**
 * What a sync or an import wrote, for `samples.created`: per metric kind, the local days it reached and
 * how many readings — never a value — and, apart, the first readings' values for the webhooks whose
 * owner asked for them.
 */
export class SampleSpans {
  private readonly kinds = new Map<string, Span>();
  private readonly kept: { type: string; value: number; unit: string | null; start: string; end: string }[] =
    [];

  constructor(private readonly timeZone: string) {}

  add(samples: readonly NewSample[]): void {
    for (const sample of samples) {
      const kind = resolveMetricKind(sample.kind) ?? sample.kind;
      const day =
        sample.utcOffsetMin !== undefined
          ? localDayOf(sample.start, sample.utcOffsetMin)
          : localDayIn(this.timeZone, sample.start);
      const span = this.kinds.get(kind);
      if (span) {
        span.from = Math.min(span.from, day);
        span.to = Math.max(span.to, day);
        span.count++;
      } else this.kinds.set(kind, { from: day, to: day, count: 1 });
      if (this.kept.length < MAX_VALUES) {
        this.kept.push({
          type: kind,
          value: sample.value,
          unit: sample.unit ?? null,
          start: new Date(sample.start).toISOString(),
          end: new Date(sample.end ?? sample.start).toISOString(),
        });
      }
    }
  }

  get empty(): boolean {
    return this.kinds.size === 0;
  }

  /** `[{kind, from, to, count}]`, by kind; days as "YYYY-MM-DD" in the person's local time. */
  summary(): { kind: string; from: string; to: string; count: number }[] {
    return [...this.kinds.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kind, s]) => ({ kind, from: dayToDate(s.from), to: dayToDate(s.to), count: s.count }));
  }

  values(): readonly unknown[] {
    return this.kept;
  }
}
