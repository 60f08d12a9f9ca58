import { describe, expect, it } from 'vitest';
import { unaccounted } from '../shared/test-support';
import { ELEMENT_REASONS, NO_METRIC } from './skip-reasons';
import { fixtureFile, readAll, skippedCounts, utc } from './test-helpers';

const Q = 'HKQuantityTypeIdentifier';
const WATCH = 'Ada’s Apple Watch';
const PHONE = 'Ada’s iPhone';
const base = { source: 'apple_healthkit', tz: undefined };

describe('apple-health variants: iOS 8 (source=, compact dates, metadata as attributes)', async () => {
  const out = await readAll([fixtureFile('export-ios8.xml')]);

  it('reads every record of the legacy spelling, with exact values', () => {
    expect(out.error).toBeUndefined();
    expect(out.samples).toEqual([
      {
        ...base,
        kind: 'steps',
        start: utc(2015, 3, 21, 16, 30),
        end: utc(2015, 3, 21, 16, 40),
        value: 842,
        unit: 'count',
        utcOffsetMin: -420,
        device: PHONE,
      },
      {
        ...base,
        kind: 'steps',
        start: utc(2015, 1, 1, 16),
        end: utc(2015, 1, 1, 16, 10),
        value: 311,
        unit: 'count',
        utcOffsetMin: -480,
        device: PHONE,
      },
      expect.objectContaining({ kind: 'distance', value: 0.41, unit: 'mi', start: utc(2015, 3, 21, 16, 30) }),
      expect.objectContaining({ kind: 'flights_climbed', value: 3, end: utc(2015, 3, 21, 16, 38) }),
      // Withings wrote its metadata as attributes whose names hold spaces ("Health Mate App Version").
      {
        ...base,
        kind: 'body_fat',
        start: utc(2015, 6, 16, 14, 18, 20),
        end: utc(2015, 6, 16, 14, 18, 20),
        value: 24.3,
        unit: '%',
        utcOffsetMin: -420,
        device: 'Withings',
      },
      expect.objectContaining({ kind: 'weight', value: 139.4, unit: 'lb', device: 'Withings' }),
      expect.objectContaining({ kind: 'heart_rate', value: 64, unit: 'count/min', device: 'Withings' }),
      expect.objectContaining({
        kind: 'blood_glucose',
        value: 91,
        start: utc(2015, 3, 22, 14),
        device: 'Health',
      }),
    ]);
  });

  it('accounts for the rest: skipped types by name, an impossible date as an issue', () => {
    expect(out.records).toBe(11);
    expect(skippedCounts(out)).toEqual({ [`${Q}NikeFuel`]: 1, [`${Q}DietaryCaffeine`]: 1 });
    expect(out.skipped.get(`${Q}NikeFuel`)?.reason).toBe(NO_METRIC);
    expect(out.skipped.get(`${Q}DietaryCaffeine`)?.reason).toMatch(/^a nutrient from a food log/);
    expect(out.issues).toEqual([
      {
        file: 'export-ios8.xml',
        record: 10,
        message: `${Q}HeartRate: startDate "20150631071820-0700" is not a date`,
      },
    ]);
    expect(unaccounted(out)).toBe(0);
  });

  it('gives the same whatever the chunk boundaries cut', async () => {
    for (const chunkBytes of [1, 9, 100]) {
      const cut = await readAll([fixtureFile('export-ios8.xml', chunkBytes)]);
      expect(cut.samples).toEqual(out.samples);
      expect(cut.issues).toEqual(out.issues);
      expect(unaccounted(cut)).toBe(0);
    }
  });
});

describe('apple-health variants: iOS 9 (HealthKit Export Version 3)', async () => {
  const out = await readAll([fixtureFile('export-v3-ios9.xml')]);

  it('maps records, stand hours, time in bed and workouts with totals on the Workout', () => {
    expect(out.error).toBeUndefined();
    expect(out.issues).toEqual([]);
    expect(
      out.samples.map((s) => [s.kind, s.start, s.end, s.value, s.unit, s.utcOffsetMin, s.device]),
    ).toEqual([
      ['steps', utc(2014, 9, 13, 9, 27, 54), utc(2014, 9, 13, 9, 27, 59), 341, 'count', 60, 'Health'],
      ['steps', utc(2014, 9, 13, 9, 34, 9), utc(2014, 9, 13, 9, 34, 14), 276, 'count', 60, 'Health'],
      ['distance', utc(2014, 9, 20, 9, 41, 28), utc(2014, 9, 20, 9, 41, 30), 0.00312, 'km', 60, 'Health'],
      ['weight', utc(2016, 4, 14, 6, 30, 12), utc(2016, 4, 14, 6, 30, 12), 63.4, 'kg', 60, 'Health Mate'],
      ['heart_rate', utc(2016, 4, 14, 17, 1, 33), utc(2016, 4, 14, 17, 1, 33), 74, 'count/min', 60, WATCH],
      ['exercise_minutes', utc(2016, 4, 14, 17, 30), utc(2016, 4, 14, 17, 31), 1, 'min', 60, WATCH],
      ['stand_hours', utc(2016, 4, 14, 8), utc(2016, 4, 14, 9), 1, '{count}', 60, WATCH],
      ['stand_hours', utc(2016, 4, 14, 9), utc(2016, 4, 14, 10), 0, '{count}', 60, WATCH],
      ['time_in_bed', utc(2016, 4, 13, 22, 10), utc(2016, 4, 14, 5, 40), 450, 'min', 60, 'Sleep Cycle'],
      ['sleep_duration', utc(2016, 4, 13, 22, 25), utc(2016, 4, 14, 5, 30), 425, 'min', 60, 'Sleep Cycle'],
      ['workout', utc(2016, 4, 2, 9, 40, 38), utc(2016, 4, 2, 10, 9, 4), 28.43161654472351, 'min', 60, WATCH],
      ['workout', utc(2016, 4, 10, 16, 10), utc(2016, 4, 10, 16, 37, 30), 22.5, 'min', 60, WATCH],
    ]);
    expect(out.samples.filter((s) => s.kind === 'workout').map((s) => s.meta?.workout)).toEqual([
      { activity: 'Other', distanceM: 0, energyKcal: 121.406 },
      { activity: 'Walking', distanceM: 1900, energyKcal: 96 },
    ]);
  });

  it('counts the daily summaries and workout events as skipped readings', () => {
    expect(out.records).toBe(16);
    expect(skippedCounts(out)).toEqual({ ActivitySummary: 2, WorkoutEvent: 2 });
    expect(out.skipped.get('WorkoutEvent')?.reason).toBe(ELEMENT_REASONS.WorkoutEvent);
    expect(unaccounted(out)).toBe(0);
  });
});
