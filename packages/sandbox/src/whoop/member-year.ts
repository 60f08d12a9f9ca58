import { zoneOffsetAt } from '@healthfolio/core';
import { DAY_MS, gauss, seeded } from '../shared/fake-data';

/** The sandbox member: Chen, in London (so offsets switch between "Z" and "+01:00"), a WHOOP 4.0. */
export const MEMBER = {
  user_id: 10_129,
  email: 'chen@example.com',
  first_name: 'Chen',
  last_name: 'Sandbox',
};
export const BODY = { height_meter: 1.78, weight_kilogram: 74.2, max_heart_rate: 188 };
const ZONE = 'Europe/London';
const MINUTE = 60_000;

/** What one night and the day after it hold, fixed by the wake-up day (UTC day number of the local date). */
export interface Day {
  day: number;
  cycleId: number;
  sleepId: string;
  /** Sleep onset and wake-up, epoch ms. */
  onset: number;
  wake: number;
  /** The strap was off that night: nothing could be scored. */
  unscorable: boolean;
  nap?: { id: string; start: number; end: number };
  workouts: { id: string; sport: string; start: number; end: number; distance?: number }[];
}

/** Local wall time of a UTC day number → instant (DST-aware). */
const local = (day: number, minuteOfDay: number) => {
  const wall = day * DAY_MS + minuteOfDay * MINUTE;
  return wall - zoneOffsetAt(ZONE, wall - zoneOffsetAt(ZONE, wall) * MINUTE) * MINUTE;
};

/** "+01:00" or "Z", WHOOP's Time Zone Designator of an instant. */
export function tzd(ms: number): string {
  const offset = zoneOffsetAt(ZONE, ms);
  if (offset === 0) return 'Z';
  const abs = Math.abs(offset);
  return `${offset < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** A version-4-shaped UUID from a seeded generator. */
function uuid(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = '89ab'[Math.floor(random() * 4)]!;
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

const SPORTS: readonly { sport: string; at: number; minutes: number; kmh?: number }[] = [
  { sport: 'running', at: 7 * 60 + 30, minutes: 45, kmh: 11 },
  { sport: 'functional-fitness', at: 18 * 60, minutes: 50 },
  { sport: 'cycling', at: 17 * 60 + 45, minutes: 70, kmh: 26 },
  { sport: 'weightlifting', at: 18 * 60 + 15, minutes: 55 },
  { sport: 'running', at: 7 * 60 + 15, minutes: 40, kmh: 11.5 },
  { sport: 'tennis', at: 10 * 60, minutes: 80 },
  { sport: 'yoga', at: 9 * 60, minutes: 60 },
];

const cache = new Map<number, Day>();

/** Chen's night before and day of `day`, the same on every run. */
export function dayOf(day: number): Day {
  const hit = cache.get(day);
  if (hit) return hit;
  const random = seeded(day * 17 + 11);
  const onset = local(day - 1, 23 * 60 + Math.round(gauss(random) * 35));
  const wake = local(day, 7 * 60 + Math.round(gauss(random) * 25));
  const workouts: Day['workouts'] = [];
  const plan = SPORTS[new Date(day * DAY_MS).getUTCDay()]!;
  if (random() < 0.8) {
    const start = local(day, plan.at + Math.round(random() * 20));
    const minutes = Math.round(plan.minutes * (0.85 + random() * 0.3));
    workouts.push({
      id: uuid(random),
      sport: plan.sport,
      start,
      end: start + minutes * MINUTE,
      ...(plan.kmh ? { distance: Math.round(((plan.kmh * minutes) / 60) * 1000 * 10) / 10 } : {}),
    });
  }
  const napStart = local(day, 14 * 60 + 30);
  const entry: Day = {
    day,
    cycleId: 93_000_000 + day,
    sleepId: uuid(random),
    onset,
    wake,
    unscorable: random() < 1 / 60,
    ...(random() < 0.1 ? { nap: { id: uuid(random), start: napStart, end: napStart + 28 * MINUTE } } : {}),
    workouts,
  };
  if (cache.size > 5_000) cache.clear();
  cache.set(day, entry);
  return entry;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Records' bookkeeping times: recorded a few minutes after they end. */
const stamps = (end: number, random: () => number) => {
  const created = end + Math.round((3 + random() * 10) * MINUTE) + Math.floor(random() * 1000);
  return { created_at: iso(created), updated_at: iso(created + 2 * MINUTE) };
};

/** A scored record needs WHOOP a little time after it ends. */
const PENDING_MS = 30 * MINUTE;

export function cycleOf(d: Day, next: Day | undefined, now: number) {
  const random = seeded(d.cycleId);
  const end = next && next.onset <= now ? next.onset : undefined;
  const hours = ((end ?? now) - d.onset) / 3_600_000;
  return {
    id: d.cycleId,
    user_id: MEMBER.user_id,
    ...stamps(d.onset, random),
    start: iso(d.onset),
    ...(end ? { end: iso(end) } : {}),
    timezone_offset: tzd(d.onset),
    score_state: 'SCORED',
    score: {
      strain: Math.round((10 + gauss(random) * 3) * 1e4) / 1e4,
      // About 2 500 kcal over a full day, pro rata for the cycle under way.
      kilojoule: Math.round(((10_400 + gauss(random) * 900) * Math.min(hours, 24)) / 24),
      average_heart_rate: Math.round(66 + gauss(random) * 3),
      max_heart_rate: Math.round(158 + gauss(random) * 10),
    },
  };
}

function sleepScore(start: number, end: number, random: () => number, nap: boolean) {
  const inBed = end - start;
  const awake = Math.round(inBed * (nap ? 0.15 : 0.06 + random() * 0.04));
  const asleep = inBed - awake;
  const sws = Math.round(asleep * (nap ? 0.1 : 0.2 + gauss(random) * 0.02));
  const rem = Math.round(asleep * (nap ? 0.05 : 0.22 + gauss(random) * 0.03));
  return {
    stage_summary: {
      total_in_bed_time_milli: inBed,
      total_awake_time_milli: awake,
      total_no_data_time_milli: 0,
      total_light_sleep_time_milli: asleep - sws - rem,
      total_slow_wave_sleep_time_milli: sws,
      total_rem_sleep_time_milli: rem,
      sleep_cycle_count: nap ? 0 : Math.round(asleep / 5_400_000),
      disturbance_count: nap ? 1 : Math.round(8 + random() * 8),
    },
    sleep_needed: {
      baseline_milli: 27_395_716,
      need_from_sleep_debt_milli: Math.round(random() * 1_800_000),
      need_from_recent_strain_milli: Math.round(random() * 600_000),
      need_from_recent_nap_milli: 0,
    },
    respiratory_rate: Math.round((15.2 + gauss(random) * 0.4) * 1e6) / 1e6,
    sleep_performance_percentage: Math.round(Math.min(100, 82 + gauss(random) * 8)),
    sleep_consistency_percentage: Math.round(Math.min(100, 78 + gauss(random) * 8)),
    sleep_efficiency_percentage: Math.round((asleep / inBed) * 1e8) / 1e6,
  };
}

export function sleepsOf(d: Day, now: number) {
  const random = seeded(d.cycleId * 3);
  const entries = [{ id: d.sleepId, start: d.onset, end: d.wake, nap: false }];
  if (d.nap) entries.push({ ...d.nap, nap: true });
  return entries
    .filter((s) => s.end <= now)
    .map((s) => {
      const state = d.unscorable ? 'UNSCORABLE' : s.end > now - PENDING_MS ? 'PENDING_SCORE' : 'SCORED';
      return {
        id: s.id,
        cycle_id: d.cycleId,
        user_id: MEMBER.user_id,
        ...stamps(s.end, random),
        start: iso(s.start),
        end: iso(s.end),
        timezone_offset: tzd(s.start),
        nap: s.nap,
        score_state: state,
        ...(state === 'SCORED' ? { score: sleepScore(s.start, s.end, random, s.nap) } : {}),
      };
    });
}

/** Recovery follows the night: lower resting heart rate goes with higher HRV and a greener score. */
export function recoveryOf(d: Day, now: number) {
  if (d.wake > now) return undefined;
  const random = seeded(d.cycleId * 5);
  const form = gauss(random);
  const state = d.unscorable ? 'UNSCORABLE' : d.wake > now - PENDING_MS ? 'PENDING_SCORE' : 'SCORED';
  return {
    cycle_id: d.cycleId,
    sleep_id: d.sleepId,
    user_id: MEMBER.user_id,
    ...stamps(d.wake, random),
    score_state: state,
    ...(state === 'SCORED'
      ? {
          score: {
            user_calibrating: false,
            recovery_score: Math.round(Math.max(5, Math.min(99, 62 + form * 18))),
            resting_heart_rate: Math.round(54 - form * 3),
            hrv_rmssd_milli: Math.round((62 + form * 12) * 1e6) / 1e6,
            spo2_percentage: Math.round((96.4 + gauss(random) * 0.6) * 1e4) / 1e4,
            skin_temp_celsius: Math.round((33.7 + gauss(random) * 0.3) * 1e3) / 1e3,
          },
        }
      : {}),
  };
}

export function workoutsOf(d: Day, now: number) {
  const random = seeded(d.cycleId * 7);
  return d.workouts
    .filter((w) => w.end <= now)
    .map((w) => {
      const minutes = (w.end - w.start) / MINUTE;
      const avg = Math.round((w.sport === 'yoga' ? 98 : 138) + gauss(random) * 6);
      const state = d.unscorable ? 'UNSCORABLE' : w.end > now - PENDING_MS ? 'PENDING_SCORE' : 'SCORED';
      const zone = (share: number) => Math.round(minutes * MINUTE * share);
      return {
        id: w.id,
        user_id: MEMBER.user_id,
        ...stamps(w.end, random),
        start: iso(w.start),
        end: iso(w.end),
        timezone_offset: tzd(w.start),
        sport_name: w.sport,
        score_state: state,
        ...(state === 'SCORED'
          ? {
              score: {
                strain: Math.round((w.sport === 'yoga' ? 5 : 11 + gauss(random) * 2) * 1e4) / 1e4,
                average_heart_rate: avg,
                max_heart_rate: avg + 25,
                // About 10 kcal a minute at 138 bpm.
                kilojoule: Math.round(minutes * (avg - 40) * 0.43 * 1e3) / 1e3,
                percent_recorded: 100,
                ...(w.distance ? { distance_meter: w.distance } : {}),
                ...(w.distance ? { altitude_gain_meter: Math.round(w.distance / 200) } : {}),
                zone_durations: {
                  zone_zero_milli: zone(0.05),
                  zone_one_milli: zone(0.15),
                  zone_two_milli: zone(0.35),
                  zone_three_milli: zone(0.3),
                  zone_four_milli: zone(0.12),
                  zone_five_milli: zone(0.03),
                },
              },
            }
          : {}),
      };
    });
}
