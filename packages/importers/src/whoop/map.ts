import type { NewSample } from '@healthfolio/core';
import { readNumber } from '../shared/numbers';
import { skippedColumns, type Skip } from './columns';
import { cycleZone, localTime, type LocalTime } from './zone';

/**
 * What a row gave: its samples, the readings it could not read, and the ones deliberately not kept; or,
 * when the row cannot be placed in time at all, one problem for the whole row.
 */
export type Mapped = { samples: NewSample[]; problems: string[]; skipped: Skip[] } | { problem: string };
type Cells = Record<string, string>;

const SOURCE = 'whoop';

const number = (cells: Cells, column: string): number | undefined => {
  const n = readNumber(cells[column] ?? '');
  return Number.isFinite(n) ? n : undefined;
};

const VITALS = [
  'Resting heart rate (bpm)',
  'Heart rate variability (ms)',
  'Blood oxygen %',
  'Skin temp (celsius)',
] as const;
const ENERGY = 'Energy burned (cal)';
const SLEEP = ['Asleep duration (min)', 'Respiratory rate (rpm)'] as const;
const SLEEP_KEPT: ReadonlySet<string> = new Set(SLEEP);
/** A cycle's energy and sleep columns are kept or skipped by `mapCycle` itself, by the case. */
const CYCLE_KEPT: ReadonlySet<string> = new Set([...VITALS, ENERGY, ...SLEEP]);
const WORKOUT_KEPT: ReadonlySet<string> = new Set([
  'Duration (min)',
  ENERGY,
  'Average HR (bpm)',
  'Distance (meters)',
]);
const PARTIAL = 'the cycle under way: its energy total is still partial';
const IN_SLEEPS = 'read from sleeps.csv, which holds the same nights';
const NO_SLEEP_TIMES = (cells: Cells) =>
  `Sleep has no readable onset and wake ("${cells['Sleep onset'] ?? ''}" – "${cells['Wake onset'] ?? ''}")`;

function timesOf(cells: Cells, fallbackZone: string) {
  const where = cycleZone(cells['Cycle timezone']);
  return (column: string): LocalTime | undefined => localTime(cells[column], where, fallbackZone);
}

/** Adds a column's value as a sample when the cell is filled; a filled cell that is no number is a problem. */
function sampler(
  cells: Cells,
  out: { samples: NewSample[]; problems: string[] },
  base: Omit<NewSample, 'kind' | 'value'>,
) {
  return (kind: string, column: string, unit: string, extra: Partial<NewSample> = {}) => {
    const text = cells[column];
    if (!text) return;
    const value = number(cells, column);
    if (value === undefined) out.problems.push(`${column} "${text}" is not a number`);
    else out.samples.push({ ...base, kind, value, unit, ...extra });
  };
}

/** A night's sleep and breathing; the same columns appear in sleeps.csv and in physiological_cycles.csv. */
function sleepSamples(
  cells: Cells,
  fallbackZone: string,
  out: { samples: NewSample[]; problems: string[] },
): boolean {
  const time = timesOf(cells, fallbackZone);
  const onset = time('Sleep onset');
  const wake = time('Wake onset');
  if (!onset || !wake || wake.ms < onset.ms) return false;
  const add = sampler(cells, out, {
    start: onset.ms,
    end: wake.ms,
    utcOffsetMin: wake.utcOffsetMin,
    tz: wake.tz ?? null,
    source: SOURCE,
    originId: `sleep:${cells['Sleep onset']}`,
  });
  const nap = /^true$/i.test(cells['Nap'] ?? '');
  add('sleep_duration', 'Asleep duration (min)', 'min', nap ? { meta: { provenance: { nap: true } } } : {});
  add('respiratory_rate', 'Respiratory rate (rpm)', '/min');
  return true;
}

/**
 * One physiological cycle (wake-up to wake-up). Recovery measures (resting HR, HRV, blood oxygen, skin
 * temperature) are taken in the sleep that opens the cycle, so they span that sleep. Skin temperature
 * (~33–35 °C) is stored as a custom metric, not as body temperature, which it would misstate by degrees.
 * Energy burned, in kcal despite its "(cal)", is kept only for finished cycles: the one under way is partial.
 */
export function mapCycle(cells: Cells, fallbackZone: string, withSleep: boolean): Mapped {
  const time = timesOf(cells, fallbackZone);
  const start = time('Cycle start time');
  if (!start) return { problem: `Cycle has no readable start time ("${cells['Cycle start time'] ?? ''}")` };
  const end = time('Cycle end time');
  const onset = time('Sleep onset');
  const wake = time('Wake onset');
  const measured =
    onset && wake && wake.ms >= onset.ms
      ? { start: onset.ms, end: wake.ms, at: wake }
      : { start: start.ms, at: start };
  const originId = `cycle:${cells['Cycle start time']}`;

  const out = { samples: [] as NewSample[], problems: [] as string[] };
  const vitals = sampler(cells, out, {
    start: measured.start,
    ...(measured.end !== undefined ? { end: measured.end } : {}),
    utcOffsetMin: measured.at.utcOffsetMin,
    tz: measured.at.tz ?? null,
    source: SOURCE,
    originId,
  });
  vitals('resting_heart_rate', 'Resting heart rate (bpm)', '/min');
  vitals('heart_rate_variability', 'Heart rate variability (ms)', 'ms');
  vitals('oxygen_saturation', 'Blood oxygen %', '%');
  vitals('custom', 'Skin temp (celsius)', 'Cel', { meta: { name: 'Skin temperature' } });
  const skipped = skippedColumns(cells, CYCLE_KEPT);
  if (end) {
    const day = sampler(cells, out, {
      start: start.ms,
      end: end.ms,
      utcOffsetMin: start.utcOffsetMin,
      tz: start.tz ?? null,
      source: SOURCE,
      originId,
    });
    day('calories', ENERGY, 'kcal');
  } else if (cells[ENERGY]) skipped.push({ type: ENERGY, reason: PARTIAL });
  if (withSleep && !sleepSamples(cells, fallbackZone, out) && SLEEP.some((c) => cells[c])) {
    out.problems.push(NO_SLEEP_TIMES(cells));
  }
  if (!withSleep)
    for (const column of SLEEP) if (cells[column]) skipped.push({ type: column, reason: IN_SLEEPS });
  return { ...out, skipped };
}

export function mapSleep(cells: Cells, fallbackZone: string): Mapped {
  const out = { samples: [] as NewSample[], problems: [] as string[] };
  if (!sleepSamples(cells, fallbackZone, out)) return { problem: NO_SLEEP_TIMES(cells) };
  return { ...out, skipped: skippedColumns(cells, SLEEP_KEPT) };
}

/** A workout is one reading: its length, with energy, average heart rate and distance in its meta. */
export function mapWorkout(cells: Cells, fallbackZone: string): Mapped {
  const time = timesOf(cells, fallbackZone);
  const start = time('Workout start time');
  const end = time('Workout end time');
  if (!start || !end || end.ms < start.ms) {
    return { problem: `Workout has no readable start and end ("${cells['Workout start time'] ?? ''}")` };
  }
  const energyKcal = number(cells, ENERGY);
  const avgHeartRate = number(cells, 'Average HR (bpm)');
  const distanceM = number(cells, 'Distance (meters)');
  const workout: NewSample = {
    kind: 'workout',
    start: start.ms,
    end: end.ms,
    value: number(cells, 'Duration (min)') ?? (end.ms - start.ms) / 60_000,
    unit: 'min',
    utcOffsetMin: start.utcOffsetMin,
    tz: start.tz ?? null,
    source: SOURCE,
    originId: `workout:${cells['Workout start time']}`,
    meta: {
      workout: {
        activity: cells['Activity name'] || 'Activity',
        ...(energyKcal !== undefined ? { energyKcal } : {}),
        ...(avgHeartRate !== undefined ? { avgHeartRate } : {}),
        ...(distanceM !== undefined ? { distanceM } : {}),
      },
    },
  };
  return { samples: [workout], problems: [], skipped: skippedColumns(cells, WORKOUT_KEPT) };
}
