import {
  expectedCadenceDays,
  getMetric,
  isSandboxDevice,
  SPARK_DAYS,
  type GlucoseOverview,
  type MetricAggregation,
  type MetricsOverview,
  type MetricsSummary,
  type OverviewCard,
  type SleepNight,
  type TodaySoFar,
} from '@healthfolio/core';
import { glucoseStats } from '@healthfolio/insights';
import type { Db } from '../../db/database';
import { statsOfSamples } from './bucket-stats';
import type { MergeSample } from './merge';
import { PrioritiesRepository } from './priorities.repository';
import { rankFunction } from './priority';
import { RollupsRepository, type RollupRow } from './rollups.repository';
import { SamplesRepository } from './samples.repository';
import { SandboxPreferenceRepository } from './sandbox-preference.repository';
import type { SleepService } from './sleep.service';
import type { SummaryService } from './summary.service';
import { dateToDay, dayStartIn, dayToDate, formatInstant, localDayIn, zoneOffsetAt } from './time';

type Item = MetricsSummary['items'][number];

/** The kinds "today so far" shows, in this order. */
export const TODAY_KINDS = ['steps', 'active_calories_burned', 'exercise_minutes'] as const;
/** Past days the usual by this time of day is the mean of. */
const USUAL_DAYS = 28;
/** Fewer days with data than this make no usual. */
const MIN_USUAL_DAYS = 7;
/** Days of the baseline before the latest value's day. */
const BASELINE_DAYS = 30;
/** Days of CGM readings the time in range covers (the consensus profile's 14). */
const GLUCOSE_DAYS = 14;
/** More readings a day than a lab or a finger-stick meter gives: a CGM (one every 5–15 minutes). */
const CGM_READINGS_PER_DAY = 48;

/** The day's value of a merged rollup row: total (sum), mean (avg) or last reading (last). */
function dayValue(row: RollupRow, aggregation: MetricAggregation): number | null {
  if (aggregation === 'sum') return row.sum;
  if (aggregation === 'avg') return row.count > 0 ? row.sum / row.count : null;
  return row.last_value;
}

/** `GET /api/metrics/overview`: the Dashboard's "today at a glance" from the summary, rollups and samples. */
export class OverviewService {
  private readonly samples: SamplesRepository;
  private readonly rollups: RollupsRepository;
  private readonly priorities: PrioritiesRepository;
  private readonly preference: SandboxPreferenceRepository;

  constructor(
    db: Db,
    private readonly summary: SummaryService,
    private readonly nights: SleepService,
    private readonly now: () => number,
  ) {
    this.samples = new SamplesRepository(db.kysely);
    this.rollups = new RollupsRepository(db.kysely, db.dialect);
    this.priorities = new PrioritiesRepository(db.kysely);
    this.preference = new SandboxPreferenceRepository(db.kysely);
  }

  async overview(userId: string, tz: string): Promise<MetricsOverview> {
    const now = this.now();
    const today = localDayIn(tz, now);
    const { items } = await this.summary.summary(userId, tz);
    const rows = await this.rollups.mergedSince(userId, today - SPARK_DAYS - BASELINE_DAYS);
    const byKind = new Map<string, Map<number, RollupRow>>();
    for (const r of rows) {
      const days = byKind.get(r.kind) ?? new Map<number, RollupRow>();
      days.set(r.local_day, r);
      byKind.set(r.kind, days);
    }
    const cards = items.map((item) => card(item, byKind, today));
    const includeSandbox = await this.preference.includesSandbox(userId);
    const todaySoFar: TodaySoFar[] = [];
    for (const kind of TODAY_KINDS) {
      const item = items.find((i) => i.type === kind);
      if (!item) continue;
      todaySoFar.push(await this.todaySoFar(userId, item, byKind.get(kind), tz, today, now, includeSandbox));
    }
    return {
      tz,
      today: dayToDate(today),
      items: cards,
      todaySoFar,
      sleep: await this.sleep(userId, tz, today, includeSandbox),
      glucose: await this.glucose(userId, tz, today, includeSandbox),
    };
  }

  /**
   * Today's merged total against the mean of the past 28 days' totals up to the same time of day. A
   * reading spanning the cut (a day-long energy total) counts for the share of it before the cut; where
   * streams overlap the person's priorities decide, as in every merged number.
   */
  private async todaySoFar(
    userId: string,
    item: Item,
    days: Map<number, RollupRow> | undefined,
    tz: string,
    today: number,
    now: number,
    includeSandbox: boolean,
  ): Promise<TodaySoFar> {
    const elapsed = now - dayStartIn(tz, today);
    const from = dayStartIn(tz, today - USUAL_DAYS);
    const rows = await this.samples.between(userId, item.type, from, dayStartIn(tz, today) - 1);
    const rank = rankFunction(item.type, await this.priorities.list(userId, item.type), { includeSandbox });
    const byDay = new Map<number, MergeSample[]>();
    for (const r of rows) {
      const list = byDay.get(r.local_day) ?? [];
      list.push({ start: r.start_at, end: r.end_at, value: r.value, source: r.source, device: r.device });
      byDay.set(r.local_day, list);
    }
    const totals: number[] = [];
    for (let day = today - USUAL_DAYS; day < today; day++) {
      // A day counts when it has a merged total (a day of left-out sandbox data alone has none).
      if (!days?.has(day)) continue;
      const cut = dayStartIn(tz, day) + elapsed;
      const clipped = (byDay.get(day) ?? []).flatMap((s) => clip(s, cut));
      totals.push(statsOfSamples(clipped, 'sum', rank).sum);
    }
    const usual = totals.length >= MIN_USUAL_DAYS ? totals.reduce((a, v) => a + v, 0) / totals.length : null;
    return {
      type: item.type,
      label: item.label,
      unit: item.unit,
      value: days?.get(today)?.sum ?? 0,
      usual,
      usualDays: totals.length,
      asOf: formatInstant(now, zoneOffsetAt(tz, now)),
    };
  }

  /**
   * The latest night (the day you wake up), as the sleep page reads it (`SleepService`: one stream a
   * night, its stages from the stretches or the tracker's totals), so the two never disagree.
   */
  private async sleep(
    userId: string,
    tz: string,
    today: number,
    includeSandbox: boolean,
  ): Promise<SleepNight | null> {
    const row = await this.samples.latest(userId, 'sleep_duration', { excludeSandbox: !includeSandbox });
    if (!row) return null;
    const day = dayToDate(row.local_day);
    const night = (await this.nights.nights(userId, { from: day, to: day }, tz)).nights[0];
    if (!night) return null;
    const stages = night.stageMinutes
      ? {
          deep: night.stageMinutes.deep,
          light: night.stageMinutes.core,
          rem: night.stageMinutes.rem,
          awake: night.stageMinutes.awake,
        }
      : null;
    const ageDays = today - row.local_day;
    return {
      night: night.night,
      asleepMin: Math.round(night.asleepMin),
      inBedMin: night.inBedMin === null ? null : Math.round(night.inBedMin),
      start: night.bedtime,
      end: night.wake,
      source: night.source,
      device: night.device,
      stages: stages && Object.values(stages).some((v) => v !== null) ? stages : null,
      ageDays,
      stale: ageDays > expectedCadenceDays('sleep_duration'),
    };
  }

  /**
   * CGM time in ranges of the last 14 days, by packages/insights' consensus ranges (the same figures as
   * the clinician report and the Dexcom statistics). Only at CGM density: a yearly lab glucose is no CGM.
   */
  private async glucose(
    userId: string,
    tz: string,
    today: number,
    includeSandbox: boolean,
  ): Promise<GlucoseOverview | null> {
    const fromDay = today - GLUCOSE_DAYS + 1;
    const rows = (
      await this.samples.between(
        userId,
        'blood_glucose',
        dayStartIn(tz, fromDay),
        dayStartIn(tz, today + 1) - 1,
      )
    ).filter((r) => includeSandbox || !isSandboxDevice(r.device));
    const perDay = new Map<number, number>();
    for (const r of rows) perDay.set(r.local_day, (perDay.get(r.local_day) ?? 0) + 1);
    const cgmDays = [...perDay.values()].filter((n) => n >= CGM_READINGS_PER_DAY).length;
    if (cgmDays < 2) return null;
    const stats = glucoseStats(rows.map((r) => r.value));
    if (!stats) return null;
    return {
      from: dayToDate(fromDay),
      to: dayToDate(today),
      readings: stats.n,
      mean: stats.mean,
      ranges: stats.ranges,
      sources: [...new Set(rows.map((r) => r.source))].sort(),
    };
  }
}

/** A sample's part before `cut`: an instant reading if it was taken before; a span pro rata. */
function clip(s: MergeSample, cut: number): MergeSample[] {
  if (s.start >= cut) return [];
  if (s.end <= cut) return [s];
  const share = (cut - s.start) / (s.end - s.start);
  return [{ ...s, end: cut, value: s.value * share }];
}

/** A summary item with its age against its cadence, its baseline and its last 30 days. */
export function card(item: Item, byKind: Map<string, Map<number, RollupRow>>, today: number): OverviewCard {
  const metric = getMetric(item.type);
  const main = metric?.components?.[0] ?? item.type;
  const days = byKind.get(main);
  const value = (day: number) => {
    const row = days?.get(day);
    return row ? dayValue(row, item.aggregation) : null;
  };
  const latestDay = dateToDay(item.latest.start.slice(0, 10));
  const ageDays = Math.max(0, today - latestDay);
  const cadenceDays = expectedCadenceDays(item.type);
  const before: number[] = [];
  for (let d = latestDay - BASELINE_DAYS; d < latestDay; d++) {
    const v = value(d);
    if (v !== null) before.push(v);
  }
  return {
    ...item,
    ageDays,
    cadenceDays,
    stale: ageDays > cadenceDays,
    baseline: before.length >= MIN_USUAL_DAYS ? before.reduce((a, v) => a + v, 0) / before.length : null,
    spark: Array.from({ length: SPARK_DAYS }, (_, i) => value(today - SPARK_DAYS + 1 + i)),
  };
}
