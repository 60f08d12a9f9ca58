import {
  getMetric,
  type BucketItem,
  type MetricBucket,
  type MetricDefinition,
  type MetricsQuery,
  type MetricsSeries,
  type SampleItem,
} from '@healthfolio/core';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { addStats, emptyStats, publicStats, statsOfSamples, type Stats } from './bucket-stats';
import { PrioritiesRepository } from './priorities.repository';
import { rankFunction } from './priority';
import { MERGED, RollupsRepository, type DayTotals } from './rollups.repository';
import { pairKey, toPairItem, toSampleItem } from './sample-item';
import { SamplesRepository } from './samples.repository';
import { SandboxPreferenceRepository } from './sandbox-preference.repository';
import {
  DAY_MS,
  dateToDay,
  dayStartIn,
  dayStartIso,
  formatInstant,
  groupByDay,
  localDayIn,
  monthBounds,
  weekStart,
  zoneOffsetAt,
} from './time';

const HOUR_MS = 3_600_000;
/** Default span of a query without `from`, by bucket. */
const DEFAULT_DAYS: Record<MetricBucket, number> = { raw: 7, hour: 2, day: 90, week: 365, month: 5 * 366 };
/** Hour buckets read samples, so their span is bounded. */
const MAX_HOUR_DAYS = 92;

const isDate = (s: string) => s.length === 10;

interface Range {
  fromMs: number;
  toMs: number;
  fromDay: number;
  toDay: number;
}

/** `GET /api/metrics`: raw samples with keyset pages, or merged buckets in the user's zone. */
export class SeriesService {
  private readonly samples: SamplesRepository;
  private readonly rollups: RollupsRepository;
  private readonly priorities: PrioritiesRepository;
  private readonly preference: SandboxPreferenceRepository;

  constructor(
    db: Db,
    private readonly now: () => number,
  ) {
    this.samples = new SamplesRepository(db.kysely);
    this.rollups = new RollupsRepository(db.kysely, db.dialect);
    this.priorities = new PrioritiesRepository(db.kysely);
    this.preference = new SandboxPreferenceRepository(db.kysely);
  }

  async query(userId: string, q: MetricsQuery, tz: string): Promise<MetricsSeries> {
    const metric = getMetric(q.type);
    if (!metric || (metric.unit === null && metric.kind !== 'custom')) {
      throw new AppError('validation', `type: ${q.type} holds coded values and has no series`);
    }
    const range = this.range(q, tz);
    const base = { type: metric.kind, unit: metric.unit ?? '1', tz };
    const bucket = q.bucket;
    if (bucket === 'raw') return { ...base, bucket, ...(await this.raw(userId, metric, q, range)) };
    const items =
      bucket === 'hour'
        ? await this.hours(userId, metric, q.source, range, tz)
        : await this.days(userId, metric, q.source, range, bucket, tz);
    return { ...base, bucket, items, nextCursor: null };
  }

  private range(q: MetricsQuery, tz: string): Range {
    const parse = (value: string, end: boolean) =>
      isDate(value) ? dayStartIn(tz, dateToDay(value) + (end ? 1 : 0)) : Date.parse(value);
    const toMs = q.to ? parse(q.to, true) : this.now() + DAY_MS;
    const fromMs = q.from ? parse(q.from, false) : toMs - DEFAULT_DAYS[q.bucket] * DAY_MS;
    if (fromMs >= toMs) throw new AppError('validation', 'from: must be before to');
    if (q.bucket === 'hour' && toMs - fromMs > MAX_HOUR_DAYS * DAY_MS) {
      throw new AppError(
        'validation',
        `from: hour buckets span at most ${MAX_HOUR_DAYS} days; use day buckets`,
      );
    }
    return {
      fromMs,
      toMs,
      fromDay: q.from && isDate(q.from) ? dateToDay(q.from) : localDayIn(tz, fromMs),
      toDay: q.to && isDate(q.to) ? dateToDay(q.to) : localDayIn(tz, toMs - 1),
    };
  }

  private async raw(
    userId: string,
    metric: MetricDefinition,
    q: MetricsQuery,
    range: Range,
  ): Promise<{ items: SampleItem[]; nextCursor: string | null }> {
    const after = q.cursor === undefined ? undefined : decodeCursor(q.cursor);
    const kind = metric.components?.[0] ?? metric.kind;
    const rows = await this.samples.page(
      userId,
      kind,
      { from: range.fromMs, to: range.toMs },
      {
        ...(q.source !== undefined ? { source: q.source } : {}),
        ...(after ? { after } : {}),
        limit: q.limit + 1,
      },
    );
    const page = rows.slice(0, q.limit);
    const last = page[page.length - 1];
    const nextCursor = rows.length > q.limit && last ? encodeCursor(last.start_at, last.id) : null;
    const second = metric.components?.[1];
    if (!second || page.length === 0) return { items: page.map((r) => toSampleItem(r)), nextCursor };
    const partners = await this.samples.between(userId, second, page[0]!.start_at, last!.start_at, q.source);
    const byKey = new Map(partners.map((p) => [pairKey(p), p]));
    return { items: page.map((r) => toPairItem(metric.kind, r, byKey.get(pairKey(r)))), nextCursor };
  }

  private async days(
    userId: string,
    metric: MetricDefinition,
    source: string | undefined,
    range: Range,
    bucket: MetricBucket,
    tz: string,
  ): Promise<BucketItem[]> {
    const kinds = metric.components ?? [metric.kind];
    const perKind = await Promise.all(kinds.map((kind) => this.dayStats(userId, kind, source, range)));
    const startOf =
      bucket === 'week' ? weekStart : bucket === 'month' ? (d: number) => monthBounds(d)[0] : null;
    const endOf =
      bucket === 'week' ? (d: number) => d + 7 : bucket === 'month' ? (d: number) => monthBounds(d)[1] : null;
    // Days are already buckets: no regrouping, one item per day.
    if (!startOf || !endOf) {
      const days = [...new Set(perKind.flatMap((m) => [...m.keys()]))].sort((a, b) => a - b);
      return days.map((day) =>
        bucketItem(
          dayStartIso(tz, day),
          dayStartIso(tz, day + 1),
          perKind.map((m) => m.get(day) ?? emptyStats()),
        ),
      );
    }
    const buckets = new Map<number, Stats[]>();
    perKind.forEach((days, k) => {
      for (const [day, stats] of days) {
        const start = startOf(day);
        let b = buckets.get(start);
        if (!b) {
          b = kinds.map(() => emptyStats());
          buckets.set(start, b);
        }
        addStats(b[k]!, stats);
      }
    });
    return [...buckets.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([start, stats]) => bucketItem(dayStartIso(tz, start), dayStartIso(tz, endOf(start)), stats));
  }

  /** Merged day stats of one kind; with a source filter, that source's devices merged by priority. */
  private async dayStats(
    userId: string,
    kind: string,
    source: string | undefined,
    range: Range,
  ): Promise<Map<number, Stats>> {
    const rows = await this.rollups.range(userId, kind, source ?? MERGED, range.fromDay, range.toDay);
    const days = new Map<number, Stats>();
    const several = new Set<number>();
    for (const r of rows) {
      const existing = days.get(r.local_day);
      if (!existing) {
        days.set(r.local_day, rollupStats(r));
        continue;
      }
      several.add(r.local_day);
      addStats(existing, rollupStats(r));
    }
    if (several.size === 0 || source === undefined) return days;
    const metric = getMetric(kind);
    // One source's own view shows all it brought, its sandbox connection's data too (labelled so).
    const rank = rankFunction(kind, await this.priorities.list(userId, kind), { includeSandbox: true });
    const byDay = groupByDay(await this.samples.forDays(userId, kind, [...several], source));
    for (const day of several) {
      days.set(day, statsOfSamples(byDay.get(day) ?? [], metric?.aggregation ?? 'avg', rank));
    }
    return days;
  }

  private async hours(
    userId: string,
    metric: MetricDefinition,
    source: string | undefined,
    range: Range,
    tz: string,
  ): Promise<BucketItem[]> {
    const kinds = metric.components ?? [metric.kind];
    const buckets = new Map<number, Stats[]>();
    // Merged hours leave sandbox data out unless the person includes it, as merged days do.
    const includeSandbox = source !== undefined || (await this.preference.includesSandbox(userId));
    for (const [k, kind] of kinds.entries()) {
      const rank = rankFunction(kind, await this.priorities.list(userId, kind), { includeSandbox });
      const rows = await this.samples.between(userId, kind, range.fromMs, range.toMs - 1, source);
      const byHour = new Map<
        number,
        { start: number; end: number; value: number; source: string; device: string | null }[]
      >();
      for (const r of rows) {
        const offset = zoneOffsetAt(tz, r.start_at) * 60_000;
        const hour = Math.floor((r.start_at + offset) / HOUR_MS) * HOUR_MS - offset;
        const list = byHour.get(hour) ?? [];
        list.push({ start: r.start_at, end: r.end_at, value: r.value, source: r.source, device: r.device });
        byHour.set(hour, list);
      }
      for (const [hour, list] of byHour) {
        const stats = buckets.get(hour) ?? kinds.map(() => emptyStats());
        stats[k] = statsOfSamples(list, getMetric(kind)?.aggregation ?? 'avg', rank);
        buckets.set(hour, stats);
      }
    }
    const iso = (t: number) => formatInstant(t, zoneOffsetAt(tz, t));
    return (
      [...buckets.entries()]
        // An hour of nothing but sandbox data left out has no bucket, as such a day has no merged row.
        .filter(([, stats]) => stats.some((s) => s.count > 0))
        .sort((a, b) => a[0] - b[0])
        .map(([hour, stats]) => bucketItem(iso(hour), iso(hour + HOUR_MS), stats))
    );
  }
}

function rollupStats(r: DayTotals): Stats {
  return { count: r.count, sum: r.sum, min: r.min, max: r.max, last: r.last_value, lastAt: r.last_at };
}

function bucketItem(start: string, end: string, stats: Stats[]): BucketItem {
  const main = stats[0]!;
  const second = stats[1];
  return {
    start,
    end,
    ...publicStats(main),
    last: main.last,
    ...(second ? { diastolic: publicStats(second) } : {}),
  };
}

function encodeCursor(start: number, id: number): string {
  return Buffer.from(`${start}:${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { start: number; id: number } {
  const match = /^(-?\d+):(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match)
    throw new AppError('validation', 'cursor: Invalid cursor; pass nextCursor of the previous page');
  return { start: Number(match[1]), id: Number(match[2]) };
}
