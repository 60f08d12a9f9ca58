import type { NewSample } from '@healthfolio/core';
import { readNumber } from '../shared/numbers';
import { cycleZone, localTime, type LocalTime } from './zone';

export type Mapped = { samples: NewSample[] } | { problem: string };
type Cells = Record<string, string>;

const SOURCE = 'whoop';

const number = (cells: Cells, column: string): number | undefined => {
  const n = readNumber(cells[column] ?? '');
  return Number.isFinite(n) ? n : undefined;
};

function timesOf(cells: Cells, fallbackZone: string) {
  const where = cycleZone(cells['Cycle timezone']);
  return (column: string): LocalTime | undefined => localTime(cells[column], where, fallbackZone);
}

function sampler(samples: NewSample[], base: Omit<NewSample, 'kind' | 'value'>) {
  return (kind: string, value: number | undefined, unit: string, extra: Partial<NewSample> = {}) => {
    if (value !== undefined) samples.push({ ...base, kind, value, unit, ...extra });
  };
}

/** A night's sleep and breathing; the same columns appear in sleeps.csv and in physiological_cycles.csv. */
function sleepSamples(cells: Cells, fallbackZone: string): NewSample[] | undefined {
  const time = timesOf(cells, fallbackZone);
  const onset = time('Sleep onset');
  const wake = time('Wake onset');
  if (!onset || !wake || wake.ms < onset.ms) return undefined;
  const samples: NewSample[] = [];
  const add = sampler(samples, {
    start: onset.ms,
    end: wake.ms,
    utcOffsetMin: wake.utcOffsetMin,
    tz: wake.tz ?? null,
    source: SOURCE,
    originId: `sleep:${cells['Sleep onset']}`,
  });
  const nap = /^true$/i.test(cells['Nap'] ?? '');
  add(
    'sleep_duration',
    number(cells, 'Asleep duration (min)'),
    'min',
    nap ? { meta: { provenance: { nap: true } } } : {},
  );
  add('respiratory_rate', number(cells, 'Respiratory rate (rpm)'), '/min');
  return samples;
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

  const samples: NewSample[] = [];
  const vitals = sampler(samples, {
    start: measured.start,
    ...(measured.end !== undefined ? { end: measured.end } : {}),
    utcOffsetMin: measured.at.utcOffsetMin,
    tz: measured.at.tz ?? null,
    source: SOURCE,
    originId,
  });
  vitals('resting_heart_rate', number(cells, 'Resting heart rate (bpm)'), '/min');
  vitals('heart_rate_variability', number(cells, 'Heart rate variability (ms)'), 'ms');
  vitals('oxygen_saturation', number(cells, 'Blood oxygen %'), '%');
  vitals('custom', number(cells, 'Skin temp (celsius)'), 'Cel', { meta: { name: 'Skin temperature' } });
  if (end) {
    const day = sampler(samples, {
      start: start.ms,
      end: end.ms,
      utcOffsetMin: start.utcOffsetMin,
      tz: start.tz ?? null,
      source: SOURCE,
      originId,
    });
    day('calories', number(cells, 'Energy burned (cal)'), 'kcal');
  }
  if (withSleep) samples.push(...(sleepSamples(cells, fallbackZone) ?? []));
  return { samples };
}

export function mapSleep(cells: Cells, fallbackZone: string): Mapped {
  const samples = sleepSamples(cells, fallbackZone);
  if (!samples)
    return {
      problem: `Sleep has no readable onset and wake ("${cells['Sleep onset'] ?? ''}" – "${cells['Wake onset'] ?? ''}")`,
    };
  return { samples };
}

export function mapWorkout(cells: Cells, fallbackZone: string): Mapped {
  const time = timesOf(cells, fallbackZone);
  const start = time('Workout start time');
  const end = time('Workout end time');
  if (!start || !end || end.ms < start.ms) {
    return { problem: `Workout has no readable start and end ("${cells['Workout start time'] ?? ''}")` };
  }
  const energyKcal = number(cells, 'Energy burned (cal)');
  const avgHeartRate = number(cells, 'Average HR (bpm)');
  const distanceM = number(cells, 'Distance (meters)');
  return {
    samples: [
      {
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
      },
    ],
  };
}
