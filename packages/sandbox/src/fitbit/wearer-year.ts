/**
 * The sandbox wearer's year as Google Health API data points for fake.ts, generated from the day number so
 * every run sees the same year.
 *
 * Over 300 lines: one generator per data type (steps and distance, heart rate, resting heart rate, sleep,
 * weight), all on the one wearer's clock and devices.
 */
import { zoneOffsetAt } from '@healthfolio/core';
import { DAY_MS, gauss, seeded } from '../shared/fake-data';

/** The sandbox person lives in New York (with its DST changes), wears a Charge 6 and has an Aria scale. */
const ZONE = 'America/New_York';
export const HEALTH_USER_ID = '5f3c9a1e7b2d4c60';
export const LEGACY_USER_ID = 'BX7K2Q';
const MIN = 60_000;
const TRACKER = { displayName: 'Charge 6', manufacturer: 'Fitbit', formFactor: 'FITNESS_BAND' };
const SCALE = { displayName: 'Aria Air', manufacturer: 'Fitbit', formFactor: 'SCALE' };

const offsetOf = (ms: number) => zoneOffsetAt(ZONE, ms);
export const localDay = (ms: number) => Math.floor((ms + offsetOf(ms) * MIN) / DAY_MS);
function localMidnight(day: number): number {
  const naive = day * DAY_MS;
  return naive - offsetOf(naive - offsetOf(naive) * MIN) * MIN;
}
/** google.protobuf.Timestamp as the API writes it: Z-normalised, no fraction when whole. */
const stamp = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
/** google.protobuf.Duration: the UTC offset in seconds ("-18000s"). */
const utcOffset = (ms: number) => `${offsetOf(ms) * 60}s`;
/** CivilDateTime: the wearer's wall clock; proto3 JSON leaves zero fields out. */
function civil(ms: number) {
  const d = new Date(ms + offsetOf(ms) * MIN);
  const time: Record<string, number> = {};
  if (d.getUTCHours()) time.hours = d.getUTCHours();
  if (d.getUTCMinutes()) time.minutes = d.getUTCMinutes();
  if (d.getUTCSeconds()) time.seconds = d.getUTCSeconds();
  return {
    date: { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() },
    ...(Object.keys(time).length ? { time } : {}),
  };
}
const interval = (start: number, end: number) => ({
  startTime: stamp(start),
  startUtcOffset: utcOffset(start),
  endTime: stamp(end),
  endUtcOffset: utcOffset(end),
  civilStartTime: civil(start),
  civilEndTime: civil(end),
});
const sampleTime = (at: number) => ({
  physicalTime: stamp(at),
  utcOffset: utcOffset(at),
  civilTime: civil(at),
});
const pointName = (dataType: string, id: number) =>
  `users/${HEALTH_USER_ID}/dataTypes/${dataType}/dataPoints/${id}`;

/** One generated data point: its filter time, its sort time, and its body. */
export interface Generated {
  /** The value the collection's filter field compares (instant, or a civil date for daily types). */
  key: number | string;
  /** The interval start time the API orders by (descending). */
  order: number;
  name?: string;
  dataSource?: object;
  body: Record<string, unknown>;
}

// ---- steps and distance: a minute-level point for each minute with steps -------------------------

interface StepMinute {
  at: number;
  steps: number;
}
const stepCache = new Map<number, StepMinute[]>();

/** A day's walking: a commute, lunch, an evening walk, a long weekend walk, and scattered minutes. */
function stepMinutes(day: number): StepMinute[] {
  const cached = stepCache.get(day);
  if (cached) return cached;
  const random = seeded(day * 13 + 1);
  const midnight = localMidnight(day);
  const weekend = [0, 6].includes((day + 4) % 7);
  const bouts: [number, number][] = weekend
    ? [
        [10 + random(), 45 + random() * 40],
        [16 + random() * 2, 15 + random() * 20],
      ]
    : [
        [7.5 + gauss(random) * 0.2, 12 + random() * 14],
        [12.25 + gauss(random) * 0.2, 10 + random() * 20],
        [17.6 + gauss(random) * 0.3, 15 + random() * 20],
      ];
  if (random() < 0.5) bouts.push([19.5 + random(), 15 + random() * 25]);
  const byMinute = new Map<number, number>();
  for (const [hour, minutes] of bouts) {
    const first = Math.round(hour * 60);
    for (let m = first; m < first + Math.round(minutes) && m < 1440; m++) {
      byMinute.set(m, Math.min(130, Math.max(40, Math.round(96 + gauss(random) * 14))));
    }
  }
  for (let i = 0; i < 45; i++) {
    const m = 480 + Math.floor(random() * 840);
    if (!byMinute.has(m)) byMinute.set(m, 5 + Math.floor(random() * 35));
  }
  const minutes = [...byMinute]
    .sort((a, b) => a[0] - b[0])
    .map(([m, steps]) => ({ at: midnight + m * MIN, steps }));
  if (stepCache.size > 64) stepCache.clear();
  stepCache.set(day, minutes);
  return minutes;
}

export function stepPoints(dataType: 'steps' | 'distance', from: number, to: number): Generated[] {
  const out: Generated[] = [];
  for (let day = localDay(from) - 1; day <= localDay(to); day++) {
    for (const { at, steps } of stepMinutes(day)) {
      if (at < from || at >= to) continue;
      const body =
        dataType === 'steps'
          ? { steps: { interval: interval(at, at + MIN), count: String(steps) } }
          : { distance: { interval: interval(at, at + MIN), millimeters: String(steps * 740) } };
      out.push({ key: at, order: at, dataSource: { device: TRACKER, platform: 'FITBIT' }, body });
    }
  }
  return out;
}

// ---- heart rate: a reading every five minutes, a second one in the minute while walking ----------

const HR_STEP = 5 * MIN;
const walkCache = new Map<number, Map<number, number>>();

/** Steps by minute start, for the day an instant falls on. */
function walkingAt(t: number): number | undefined {
  const day = localDay(t);
  let minutes = walkCache.get(day);
  if (!minutes) {
    minutes = new Map(stepMinutes(day).map((m) => [m.at, m.steps]));
    if (walkCache.size > 64) walkCache.clear();
    walkCache.set(day, minutes);
  }
  return minutes.get(t - (t % MIN));
}

export function heartPoints(from: number, to: number): Generated[] {
  const out: Generated[] = [];
  for (let t = Math.ceil(from / HR_STEP) * HR_STEP; t < to; t += HR_STEP) {
    const minuteOfDay = Math.floor(((t + offsetOf(t) * MIN) % DAY_MS) / MIN);
    const walking = walkingAt(t);
    const asleep = minuteOfDay < 400 || minuteOfDay > 1395;
    const random = seeded(t / HR_STEP);
    const base = asleep ? 55 : 68 + 6 * Math.sin(((minuteOfDay - 600) / 1440) * 2 * Math.PI);
    const bpm = base + (walking ? walking * 0.32 : 0);
    // The tracker samples more often when the wearer moves.
    for (const dt of walking ? [0, 20_000] : [0]) {
      const at = t + dt;
      if (at >= to) continue;
      out.push({
        key: at,
        order: at,
        dataSource: { device: TRACKER, platform: 'FITBIT' },
        body: {
          heartRate: {
            sampleTime: sampleTime(at),
            beatsPerMinute: String(Math.round(bpm + gauss(random) * 2.5)),
          },
        },
      });
    }
  }
  return out;
}

// ---- daily resting heart rate ------------------------------------------------------------------

export const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const dateObject = (day: number) => {
  const d = new Date(day * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
};

export function restingPoints(fromDate: string, toDate: string, lastDay: number): Generated[] {
  const out: Generated[] = [];
  const first = Math.max(Math.floor(Date.parse(fromDate) / DAY_MS), lastDay - 365);
  const end = Math.min(Math.floor(Date.parse(toDate) / DAY_MS), lastDay + 1);
  for (let day = first; day < end; day++) {
    const random = seeded(day * 13 + 3);
    out.push({
      key: dateOf(day),
      order: localMidnight(day),
      dataSource: { device: TRACKER, platform: 'FITBIT' },
      body: {
        dailyRestingHeartRate: {
          date: dateObject(day),
          beatsPerMinute: String(
            Math.round(58 + 1.5 * Math.sin((day / 365) * 2 * Math.PI) + gauss(random) * 1.2),
          ),
          dailyRestingHeartRateMetadata: { calculationMethod: 'WITH_SLEEP' },
        },
      },
    });
  }
  return out;
}

// ---- sleep: a staged night, and now and then a weekend nap ----------------------------------------

function sleepSessions(day: number): Generated[] {
  const random = seeded(day * 13 + 2);
  const out: Generated[] = [];
  if (random() >= 0.05) {
    const wake = localMidnight(day) + Math.round(6 * 60 + 55 + gauss(random) * 25) * MIN;
    const inBed = Math.round((7.7 + gauss(random) * 0.6) * 60);
    const start = wake - inBed * MIN;
    const stages: { type: string; start: number; end: number }[] = [];
    let at = start;
    const push = (type: string, minutes: number) => {
      const end = Math.min(wake, at + Math.max(1, Math.round(minutes)) * MIN);
      const last = stages.at(-1);
      if (last?.type === type) last.end = end;
      else if (end > at) stages.push({ type, start: at, end });
      at = end;
    };
    push('LIGHT', 8 + random() * 12);
    for (let cycle = 0; at < wake - 10 * MIN; cycle++) {
      push('LIGHT', 25 + random() * 15);
      push('DEEP', Math.max(5, 35 - cycle * 7 + gauss(random) * 5));
      push('LIGHT', 10 + random() * 10);
      push('REM', 10 + cycle * 6 + random() * 8);
      if (random() < 0.5) push('AWAKE', 1 + random() * 4);
    }
    push('AWAKE', (wake - at) / MIN);
    const summed = new Map<string, { minutes: number; count: number }>();
    for (const s of stages) {
      const entry = summed.get(s.type) ?? { minutes: 0, count: 0 };
      entry.minutes += (s.end - s.start) / MIN;
      entry.count++;
      summed.set(s.type, entry);
    }
    const awake = summed.get('AWAKE')?.minutes ?? 0;
    const updated = stamp(wake + 20 * MIN);
    out.push({
      key: wake,
      order: start,
      name: pointName('sleep', 40_000_000_000 + day * 10 + 1),
      dataSource: { device: TRACKER, platform: 'FITBIT' },
      body: {
        sleep: {
          interval: interval(start, wake),
          type: 'STAGES',
          metadata: { nap: false, processed: true, manuallyEdited: false, stagesStatus: 'SUCCEEDED' },
          stages: stages.map((s) => ({
            startTime: stamp(s.start),
            startUtcOffset: utcOffset(s.start),
            endTime: stamp(s.end),
            endUtcOffset: utcOffset(s.end),
            type: s.type,
            createTime: updated,
            updateTime: updated,
          })),
          summary: {
            minutesAsleep: String(inBed - awake),
            minutesAwake: String(awake),
            minutesInSleepPeriod: String(inBed),
            minutesToFallAsleep: String(Math.round(5 + random() * 10)),
            minutesAfterWakeUp: '0',
            stagesSummary: ['AWAKE', 'LIGHT', 'DEEP', 'REM'].map((type) => ({
              type,
              minutes: String(Math.round(summed.get(type)?.minutes ?? 0)),
              count: String(summed.get(type)?.count ?? 0),
            })),
          },
          createTime: updated,
          updateTime: updated,
        },
      },
    });
  }
  if ([0, 6].includes((day + 4) % 7) && random() < 0.3) {
    const start = localMidnight(day) + Math.round(15 * 60 + random() * 60) * MIN;
    const asleep = Math.round(20 + random() * 25);
    const end = start + (asleep + 4) * MIN;
    out.push({
      key: end,
      order: start,
      name: pointName('sleep', 40_000_000_000 + day * 10 + 2),
      dataSource: { device: TRACKER, platform: 'FITBIT' },
      body: {
        sleep: {
          interval: interval(start, end),
          type: 'CLASSIC',
          metadata: { nap: true, processed: true, manuallyEdited: false, stagesStatus: 'REJECTED_NAP' },
          stages: [
            { startTime: stamp(start), endTime: stamp(start + asleep * MIN), type: 'ASLEEP' },
            { startTime: stamp(start + asleep * MIN), endTime: stamp(end), type: 'AWAKE' },
          ],
          summary: {
            minutesAsleep: String(asleep),
            minutesAwake: '4',
            minutesInSleepPeriod: String(asleep + 4),
            stagesSummary: [
              { type: 'ASLEEP', minutes: String(asleep), count: '1' },
              { type: 'AWAKE', minutes: '4', count: '1' },
            ],
          },
        },
      },
    });
  }
  return out;
}

export function sleepPoints(from: number, to: number): Generated[] {
  const out: Generated[] = [];
  for (let day = localDay(from) - 1; day <= localDay(to) + 1; day++) {
    for (const s of sleepSessions(day)) if ((s.key as number) >= from && (s.key as number) < to) out.push(s);
  }
  return out;
}

// ---- weight: the scale, about three mornings a week ---------------------------------------------

export function weightPoints(from: number, to: number): Generated[] {
  const out: Generated[] = [];
  for (let day = localDay(from) - 1; day <= localDay(to); day++) {
    const random = seeded(day * 13 + 4);
    if (random() > 0.42) continue;
    const at = localMidnight(day) + Math.round((6 * 60 + 45 + gauss(random) * 10) * 60) * 1000;
    if (at < from || at >= to) continue;
    const kg =
      76 +
      1.2 * Math.sin((day / 730) * 2 * Math.PI) +
      0.5 * Math.sin(((day - 330) / 365) * 2 * Math.PI) +
      gauss(random) * 0.25;
    out.push({
      key: at,
      order: at,
      name: pointName('weight', 50_000_000_000 + day),
      dataSource: { device: SCALE, platform: 'FITBIT' },
      body: { weight: { sampleTime: sampleTime(at), weightGrams: Math.round(kg * 20) * 50 } },
    });
  }
  return out;
}
