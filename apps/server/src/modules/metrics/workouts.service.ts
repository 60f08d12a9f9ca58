import {
  HEART_RATE_ZONE_BOUNDS,
  SANDBOX_DEVICE_LIKE,
  plainDevice,
  type HeartRateZones,
  type WorkoutDetail,
  type WorkoutList,
  type WorkoutSummary,
  type WorkoutTrackPoints,
  type WorkoutsQuery,
} from '@healthfolio/core';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { userNo } from '../../db/user-number';
import { notFound } from '../../http/errors';
import { parseMeta } from './sample-item';
import type { StoredSampleRow } from './samples.repository';
import { SandboxPreferenceRepository } from './sandbox-preference.repository';
import { formatInstant } from './time';
import { WorkoutTracksRepository, identityKey, type WorkoutIdentity } from './workout-tracks.repository';

/** One heart-rate reading during a workout, clipped to it. */
export interface HeartRateSpan {
  start: number;
  end: number;
  value: number;
}

/**
 * Workouts (issue 22): the person's `workout` samples with their heart rate during each — the list by
 * date, and one workout with its heart-rate zones and its track (route, pace, elevation) when a file
 * brought one. Heart rate comes from the person's own heart-rate samples during the workout, of one
 * stream: the workout's own source when it has any there, else the stream with the most readings.
 */
export class WorkoutsService {
  private readonly db: Kysely<Database>;
  private readonly tracks: WorkoutTracksRepository;
  private readonly preference: SandboxPreferenceRepository;

  constructor(db: Db) {
    this.db = db.kysely;
    this.tracks = new WorkoutTracksRepository(db.kysely);
    this.preference = new SandboxPreferenceRepository(db.kysely);
  }

  async list(userId: string, query: WorkoutsQuery): Promise<WorkoutList> {
    const includeSandbox = await this.preference.includesSandbox(userId);
    let select = this.db
      .selectFrom('samples')
      .selectAll()
      .where('user_no', '=', userNo(userId))
      .where('kind', '=', 'workout');
    if (query.before !== undefined) select = select.where('start_at', '<', Date.parse(query.before));
    if (!includeSandbox) select = select.where(notSandbox);
    const rows = await select
      .orderBy('start_at', 'desc')
      .limit(query.limit + 1)
      .execute();
    const page = rows.slice(0, query.limit);
    const withTrack = await this.tracks.having(userId, page.map(identityOf));
    const items: WorkoutSummary[] = [];
    for (const row of page) {
      const spans = await this.heartRate(userId, row, includeSandbox);
      items.push(summaryOf(row, spans, withTrack.has(identityKey(identityOf(row)))));
    }
    const last = page.at(-1);
    return {
      items,
      nextBefore: rows.length > query.limit && last ? new Date(Number(last.start_at)).toISOString() : null,
    };
  }

  async detail(userId: string, id: number): Promise<WorkoutDetail> {
    const row = await this.db
      .selectFrom('samples')
      .selectAll()
      .where('id', '=', id)
      .where('user_no', '=', userNo(userId))
      .where('kind', '=', 'workout')
      .executeTakeFirst();
    if (!row) throw notFound('Workout');
    const includeSandbox = await this.preference.includesSandbox(userId);
    const spans = await this.heartRate(userId, row, includeSandbox);
    const points = await this.tracks.find(userId, identityOf(row));
    const summary = summaryOf(row, spans, points !== undefined);
    const observed = spans.length > 0 ? await this.observedMaxHeartRate(userId, summary.maxHeartRate) : null;
    return {
      ...summary,
      // No birth date is kept anywhere yet, so the maximum is always the observed one (see README).
      zones: observed === null ? null : heartRateZones(spans, { maxHeartRate: observed, basis: 'observed' }),
      track: points
        ? trackFigures(points, summary.distanceM, Number(row.end_at) - Number(row.start_at))
        : null,
    };
  }

  /** The highest heart rate in the person's merged days (sandbox data only when they include it). */
  private async observedMaxHeartRate(userId: string, duringWorkout: number | null): Promise<number | null> {
    const row = await this.db
      .selectFrom('daily_rollups')
      .select((eb) => eb.fn.max('max').as('max'))
      .where('user_no', '=', userNo(userId))
      .where('kind', '=', 'heart_rate')
      .where('source', '=', '*')
      .executeTakeFirst();
    const stored = row?.max === null || row?.max === undefined ? null : Number(row.max);
    const best = Math.max(stored ?? 0, duringWorkout ?? 0);
    return best > 0 ? best : null;
  }

  /** Heart-rate readings during the workout, of one stream (see the class), clipped to it. */
  private async heartRate(
    userId: string,
    workout: StoredSampleRow,
    includeSandbox: boolean,
  ): Promise<HeartRateSpan[]> {
    const start = Number(workout.start_at);
    const end = Number(workout.end_at);
    let select = this.db
      .selectFrom('samples')
      .select(['start_at', 'end_at', 'value', 'source', 'device'])
      .where('user_no', '=', userNo(userId))
      .where('kind', '=', 'heart_rate')
      .where('start_at', '>=', start)
      .where('start_at', '<', end);
    if (!includeSandbox) select = select.where(notSandbox);
    const rows = await select.orderBy('start_at').execute();
    if (rows.length === 0) return [];
    const streams = new Map<string, typeof rows>();
    for (const r of rows) {
      const key = `${r.source}\u0000${r.device ?? ''}`;
      const list = streams.get(key) ?? [];
      list.push(r);
      streams.set(key, list);
    }
    const ranked = [...streams.values()].sort(
      (a, b) =>
        Number(b[0]!.source === workout.source) - Number(a[0]!.source === workout.source) ||
        b.length - a.length,
    );
    const chosen = ranked[0]!;
    return chosen.map((r, i) => {
      const at = Number(r.start_at);
      const stated = Number(r.end_at);
      // An instant reading stands until the next one, a minute at most.
      const next = i + 1 < chosen.length ? Number(chosen[i + 1]!.start_at) : end;
      const until = stated > at ? stated : Math.min(next, at + 60_000);
      return { start: at, end: Math.min(until, end), value: Number(r.value) };
    });
  }
}

/** Sandbox streams (generated data) count only when the person includes them. */
const notSandbox = (eb: ExpressionBuilder<Database, 'samples'>) =>
  eb.or([eb('device', 'is', null), eb('device', 'not like', SANDBOX_DEVICE_LIKE)]);

const identityOf = (row: StoredSampleRow): WorkoutIdentity => ({
  source: row.source,
  startAt: Number(row.start_at),
  originId: row.origin_id,
});

function summaryOf(row: StoredSampleRow, spans: readonly HeartRateSpan[], hasTrack: boolean): WorkoutSummary {
  const meta = parseMeta(row.meta);
  const w = meta.workout;
  const offset = Number(row.utc_offset_min);
  const seconds = spans.reduce((n, s) => n + (s.end - s.start), 0);
  const mean = seconds > 0 ? spans.reduce((n, s) => n + s.value * (s.end - s.start), 0) / seconds : null;
  return {
    id: Number(row.id),
    start: formatInstant(Number(row.start_at), offset),
    end: formatInstant(Number(row.end_at), offset),
    activity: w?.activity ?? 'workout',
    durationMin: Math.round(((Number(row.end_at) - Number(row.start_at)) / 60_000) * 100) / 100,
    distanceM: w?.distanceM ?? null,
    energyKcal: w?.energyKcal ?? null,
    avgHeartRate: w?.avgHeartRate ?? (mean === null ? null : Math.round(mean)),
    maxHeartRate: spans.length > 0 ? Math.max(...spans.map((s) => s.value)) : null,
    source: row.source,
    device: plainDevice(row.device),
    hasTrack,
  };
}

/**
 * Seconds in each of the five zones (50–60 … 90–100 % of the maximum; at or above the maximum counts in
 * zone 5), and below zone 1. Each reading counts for the time it covers.
 */
export function heartRateZones(
  spans: readonly HeartRateSpan[],
  max: Pick<HeartRateZones, 'maxHeartRate' | 'basis'>,
): HeartRateZones {
  const bounds = HEART_RATE_ZONE_BOUNDS;
  const zones = bounds.slice(0, -1).map((lo, i) => ({
    zone: i + 1,
    minBpm: Math.round(max.maxHeartRate * lo),
    maxBpm: Math.round(max.maxHeartRate * bounds[i + 1]!),
    seconds: 0,
  }));
  let belowSeconds = 0;
  for (const s of spans) {
    const seconds = (s.end - s.start) / 1000;
    const fraction = s.value / max.maxHeartRate;
    if (fraction < bounds[0]) {
      belowSeconds += seconds;
      continue;
    }
    const index = bounds.findIndex((b, i) => i > 0 && fraction < b);
    zones[index === -1 ? zones.length - 1 : index - 1]!.seconds += seconds;
  }
  return { ...max, zones, belowSeconds };
}

/** Elevation gained (the sum of climbs) and the average speed over the workout's elapsed time. */
function trackFigures(points: WorkoutTrackPoints, distanceM: number | null, elapsedMs: number) {
  let gain = 0;
  let previous: number | null = null;
  let any = false;
  for (const e of points.ele) {
    if (e === null) continue;
    if (previous !== null && e > previous) gain += e - previous;
    previous = e;
    any = true;
  }
  const distance = distanceM ?? points.dist.findLast((d) => d !== null) ?? null;
  return {
    points,
    elevationGainM: any ? Math.round(gain * 10) / 10 : null,
    avgSpeedMps:
      distance !== null && elapsedMs > 0 ? Math.round((distance / (elapsedMs / 1000)) * 1000) / 1000 : null,
  };
}
