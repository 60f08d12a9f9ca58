import { resolveMetricKind, type NewSample } from '@healthfolio/core';
import { type PackedRows, dayToDate, localDayIn, localDayOf } from '../metrics';

/** Readings a `samples.created` message carries at most (with "include values"); the rest are counted. */
export const MAX_VALUES = 1000;

interface Span {
  first: NewSample;
  last: NewSample;
  count: number;
}

/**
 * What a sync or an import wrote, for `samples.created`: per metric kind, the local days it reached and
 * how many readings — never a value — and, apart, the first readings' values for the webhooks whose
 * owner asked for them. Each reading costs a map lookup and two comparisons (a sync maps hundreds of
 * thousands); kinds and days are worked out once, for the summary.
 */
export class SampleSpans {
  private readonly kinds = new Map<string, Span>();
  private readonly kept: NewSample[] = [];
  /** Rows an import wrote: their local day is already worked out, so days are kept as they come. */
  private readonly days = new Map<string, { from: number; to: number; count: number }>();
  private readonly keptRows: unknown[] = [];

  constructor(private readonly timeZone: string) {}

  add(samples: readonly NewSample[]): void {
    for (const sample of samples) {
      const span = this.kinds.get(sample.kind);
      if (span) {
        if (sample.start < span.first.start) span.first = sample;
        if (sample.start > span.last.start) span.last = sample;
        span.count++;
      } else this.kinds.set(sample.kind, { first: sample, last: sample, count: 1 });
      if (this.kept.length < MAX_VALUES) this.kept.push(sample);
    }
  }

  /** An import's prepared rows (kind, local day and source already worked out). */
  addRows(rows: PackedRows): void {
    for (let i = 0; i < rows.length; i++) {
      const kind = rows.kind(i);
      const day = rows.localDay(i);
      const seen = this.days.get(kind);
      if (seen) {
        if (day < seen.from) seen.from = day;
        if (day > seen.to) seen.to = day;
        seen.count++;
      } else this.days.set(kind, { from: day, to: day, count: 1 });
      if (this.kept.length + this.keptRows.length < MAX_VALUES) {
        this.keptRows.push({
          type: resolveMetricKind(kind) ?? kind,
          value: rows.value(i),
          unit: rows.unit(i),
          start: new Date(rows.start(i)).toISOString(),
          end: new Date(rows.end(i)).toISOString(),
        });
      }
    }
  }

  get empty(): boolean {
    return this.kinds.size === 0 && this.days.size === 0;
  }

  /** `[{kind, from, to, count}]`, by kind; days as "YYYY-MM-DD" in the person's local time. */
  summary(): { kind: string; from: string; to: string; count: number }[] {
    const byKind = new Map<string, { from: number; to: number; count: number }>();
    const spans = [
      ...[...this.kinds].map(([name, span]) => ({
        name,
        from: this.day(span.first),
        to: this.day(span.last),
        count: span.count,
      })),
      ...[...this.days].map(([name, d]) => ({ name, ...d })),
    ];
    for (const { name, from, to, count } of spans) {
      const kind = resolveMetricKind(name) ?? name;
      const seen = byKind.get(kind);
      if (seen) {
        seen.from = Math.min(seen.from, from);
        seen.to = Math.max(seen.to, to);
        seen.count += count;
      } else byKind.set(kind, { from, to, count });
    }
    return [...byKind.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kind, s]) => ({ kind, from: dayToDate(s.from), to: dayToDate(s.to), count: s.count }));
  }

  values(): readonly unknown[] {
    return [
      ...this.keptRows,
      ...this.kept.map((sample) => ({
        type: resolveMetricKind(sample.kind) ?? sample.kind,
        value: sample.value,
        unit: sample.unit ?? null,
        start: new Date(sample.start).toISOString(),
        end: new Date(sample.end ?? sample.start).toISOString(),
      })),
    ];
  }

  private day(sample: NewSample): number {
    return sample.utcOffsetMin !== undefined
      ? localDayOf(sample.start, sample.utcOffsetMin)
      : localDayIn(this.timeZone, sample.start);
  }
}
