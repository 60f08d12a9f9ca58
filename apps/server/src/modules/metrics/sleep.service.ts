import {
  SANDBOX_DEVICE_LIKE,
  plainDevice,
  type SleepNightDetail,
  type SleepNights,
  type SleepNightsQuery,
  type SleepSegment,
  type SleepStage,
} from '@healthfolio/core';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { userNo } from '../../db/user-number';
import { AppError } from '../../http/errors';
import { parseMeta } from './sample-item';
import { SandboxPreferenceRepository } from './sandbox-preference.repository';
import { dateToDay, dayToDate, formatInstant, localDayIn, sleepDayOf } from './time';

/** Nights shown when the query names no range: four weeks to today. */
const DEFAULT_NIGHTS = 28;
/** At most a year of nights in one answer. */
const MAX_NIGHTS = 366;

interface SleepRow {
  kind: string;
  start_at: number;
  end_at: number;
  utc_offset_min: number;
  local_day: number;
  value: number;
  source: string;
  device: string | null;
  meta: string | null;
}

/**
 * Sleep night by night (issue 22), from what the trackers stored: `sleep_duration` samples (hours; one a
 * stretch asleep with its stage in `meta.provenance.stage` from Garmin FIT, Google Fit and Health Auto
 * Export; one a stretch without its stage from Apple Health; one total a night from Fitbit — its stage
 * minutes in provenance — and Oura) and `time_in_bed` samples (minutes). One stream (source and device)
 * a night: the one with the most stages scored, else the most sleep. Awake stretches are not stored as
 * sleep by any importer; the gaps between stretches asleep are where they were.
 */
export class SleepService {
  private readonly db: Kysely<Database>;
  private readonly preference: SandboxPreferenceRepository;

  constructor(
    db: Db,
    private readonly now: () => number,
  ) {
    this.db = db.kysely;
    this.preference = new SandboxPreferenceRepository(db.kysely);
  }

  async nights(userId: string, query: SleepNightsQuery, tz: string): Promise<SleepNights> {
    const to = query.to ? dateToDay(query.to) : localDayIn(tz, this.now());
    const from = query.from ? dateToDay(query.from) : to - (DEFAULT_NIGHTS - 1);
    if (from > to) throw new AppError('validation', 'from: The first night must not be after the last');
    if (to - from + 1 > MAX_NIGHTS)
      throw new AppError('validation', `from: At most ${MAX_NIGHTS} nights at once`);
    const includeSandbox = await this.preference.includesSandbox(userId);
    let select = this.db
      .selectFrom('samples')
      .select([
        'kind',
        'start_at',
        'end_at',
        'utc_offset_min',
        'local_day',
        'value',
        'source',
        'device',
        'meta',
      ])
      .where('user_no', '=', userNo(userId))
      .where('kind', 'in', ['sleep_duration', 'time_in_bed'])
      // A night's stretches count for the day it ends (time.ts sleepDayOf); one ending before 18:00 the
      // day before (a night begun in the afternoon) is still read with its night.
      .where('local_day', '>=', from - 1)
      .where('local_day', '<=', to);
    if (!includeSandbox) select = select.where(notSandbox);
    const rows = (await select.orderBy('start_at').execute()).map((r): SleepRow => ({
      ...r,
      start_at: Number(r.start_at),
      end_at: Number(r.end_at),
      utc_offset_min: Number(r.utc_offset_min),
      local_day: Number(r.local_day),
      value: Number(r.value),
    }));
    const nights = clusters(rows.filter((r) => r.kind === 'sleep_duration'))
      .map((night) => nightOf(night, rows))
      .filter((n) => n.night >= dayToDate(from) && n.night <= dayToDate(to));
    return { from: dayToDate(from), to: dayToDate(to), nights, consistency: consistencyOf(nights) };
  }
}

/** Sandbox streams (generated data) count only when the person includes them. */
const notSandbox = (eb: ExpressionBuilder<Database, 'samples'>) =>
  eb.or([eb('device', 'is', null), eb('device', 'not like', SANDBOX_DEVICE_LIKE)]);

const STAGES: Record<string, SleepStage> = { deep: 'deep', light: 'core', core: 'core', rem: 'rem' };

const stageOf = (row: SleepRow): SleepStage | undefined => {
  const stage = parseMeta(row.meta).provenance?.stage;
  return typeof stage === 'string' ? (STAGES[stage.toLowerCase()] ?? 'asleep') : undefined;
};

/** Stretches of sleep (every stream) closer than this to the one before are one night. */
const NIGHT_GAP_MS = 3 * 3_600_000;

/** The sleep samples grouped into nights: a night ends where nothing follows within NIGHT_GAP_MS. */
function clusters(sleep: readonly SleepRow[]): SleepRow[][] {
  const out: SleepRow[][] = [];
  let until = -Infinity;
  for (const r of sleep) {
    if (r.start_at > until + NIGHT_GAP_MS || out.length === 0) out.push([]);
    out.at(-1)!.push(r);
    until = Math.max(until, r.end_at);
  }
  return out;
}

function nightOf(night: readonly SleepRow[], rows: readonly SleepRow[]): SleepNightDetail {
  const streams = new Map<string, SleepRow[]>();
  for (const r of night) {
    const key = `${r.source}\u0000${r.device ?? ''}`;
    streams.set(key, [...(streams.get(key) ?? []), r]);
  }
  const scored = (list: SleepRow[]) => list.filter((r) => STAGES[String(stageOf(r))] !== undefined).length;
  const total = (list: SleepRow[]) => list.reduce((n, r) => n + r.value, 0);
  const chosen = [...streams.values()].sort((a, b) => scored(b) - scored(a) || total(b) - total(a))[0]!;
  const first = chosen[0]!;
  const last = chosen.reduce((a, b) => (b.end_at > a.end_at ? b : a));
  // One reading standing for the whole night (a total over the time in bed, or at an instant): no stretches.
  const oneTotal =
    chosen.length === 1 &&
    stageOf(first) === undefined &&
    Math.abs(first.end_at - first.start_at - first.value * 3_600_000) > 60_000;
  const segments = oneTotal ? [] : segmentsOf(chosen);
  // Time in bed of the same source overlapping the night.
  const inBed = rows.filter(
    (r) =>
      r.kind === 'time_in_bed' &&
      r.source === first.source &&
      r.start_at < last.end_at &&
      r.end_at > first.start_at,
  );
  return {
    // The day its stretches count for in the daily totals (time.ts sleepDayOf).
    night: dayToDate(sleepDayOf(last.end_at, last.utc_offset_min)),
    source: first.source,
    device: plainDevice(first.device),
    bedtime: formatInstant(first.start_at, first.utc_offset_min),
    wake: formatInstant(last.end_at, last.utc_offset_min),
    asleepMin: Math.round(total(chosen) * 60),
    inBedMin: inBed.length > 0 ? Math.round(inBed.reduce((n, r) => n + r.value, 0)) : null,
    segments,
    stageMinutes: stageMinutesOf(segments, chosen),
  };
}

/** The stretches asleep in time order (overlaps cut), with the gaps between them as awake. */
function segmentsOf(rows: readonly SleepRow[]): SleepSegment[] {
  const out: SleepSegment[] = [];
  let until = -Infinity;
  for (const r of rows) {
    const start = Math.max(r.start_at, until);
    if (r.end_at <= start) continue;
    if (until !== -Infinity && start - until >= 60_000) {
      out.push({
        start: formatInstant(until, r.utc_offset_min),
        end: formatInstant(start, r.utc_offset_min),
        stage: 'awake',
      });
    }
    out.push({
      start: formatInstant(start, r.utc_offset_min),
      end: formatInstant(r.end_at, r.utc_offset_min),
      stage: stageOf(r) ?? 'asleep',
    });
    until = r.end_at;
  }
  return out;
}

/** Minutes per stage: from scored stretches, else as the tracker reported the night (Fitbit, Health Auto Export). */
function stageMinutesOf(
  segments: readonly SleepSegment[],
  rows: readonly SleepRow[],
): SleepNightDetail['stageMinutes'] {
  if (segments.some((s) => s.stage !== 'asleep' && s.stage !== 'awake')) {
    const minutes = { deep: 0, core: 0, rem: 0, awake: 0 };
    for (const s of segments) {
      if (s.stage === 'asleep') continue;
      minutes[s.stage] += (Date.parse(s.end) - Date.parse(s.start)) / 60_000;
    }
    return {
      deep: Math.round(minutes.deep),
      core: Math.round(minutes.core),
      rem: Math.round(minutes.rem),
      awake: Math.round(minutes.awake),
    };
  }
  const provenance = rows.length === 1 ? parseMeta(rows[0]!.meta).provenance : undefined;
  if (!provenance) return null;
  const read = (minutesKey: string, hoursKey: string): number | null => {
    const m = provenance[minutesKey];
    if (typeof m === 'number') return Math.round(m);
    const h = provenance[hoursKey];
    return typeof h === 'number' ? Math.round(h * 60) : null;
  };
  const minutes = {
    deep: read('deepMin', 'deep'),
    core: read('lightMin', 'core'),
    rem: read('remMin', 'rem'),
    awake: read('awakeMin', 'awake'),
  };
  return Object.values(minutes).some((v) => v !== null) ? minutes : null;
}

/** Local minutes of the day, from noon (bedtimes either side of midnight stay together). */
const fromNoon = (iso: string) => {
  const [h, m] = iso.slice(11, 16).split(':').map(Number);
  return (h! * 60 + m! + 720) % 1440;
};
const clock = (minutesFromNoon: number) => {
  const m = Math.round(minutesFromNoon + 720) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

function consistencyOf(nights: readonly SleepNightDetail[]): SleepNights['consistency'] {
  if (nights.length < 2) return null;
  const stats = (values: number[]) => {
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
    return { mean, sd: Math.round(sd) };
  };
  const bed = stats(nights.map((n) => fromNoon(n.bedtime)));
  const wake = stats(nights.map((n) => fromNoon(n.wake)));
  return {
    meanBedtime: clock(bed.mean),
    meanWake: clock(wake.mean),
    bedtimeSdMin: bed.sd,
    wakeSdMin: wake.sd,
    meanAsleepMin: Math.round(nights.reduce((a, n) => a + n.asleepMin, 0) / nights.length),
  };
}
