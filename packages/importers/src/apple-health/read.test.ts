import { getConverter, getMetric } from '@healthfolio/core';
import { describe, expect, it } from 'vitest';
import { unaccounted } from '../shared/test-support';
import { CORRELATION_COPY, ELEMENT_REASONS } from './skip-reasons';
import { context, fixtureFile, readAll, skippedCounts, utc } from './test-helpers';

const WATCH = 'Ada’s Apple Watch';
const Q = 'HKQuantityTypeIdentifier';

describe('apple-health read: export.xml mapping', async () => {
  const out = await readAll([fixtureFile('export.xml')]);
  const { samples, records, issues, error } = out;
  const of = (kind: string) => samples.filter((s) => s.kind === kind);
  const one = (kind: string, start: number) => {
    const found = of(kind).filter((s) => s.start === start);
    expect(found).toHaveLength(1);
    return found[0]!;
  };

  it('accounts for every reading: a sample, an issue or skipped under its name with why', () => {
    expect(error).toBeUndefined();
    expect(issues).toEqual([]);
    // 47 <Record> (4 inside Correlations), 3 <Workout>, 2 <ActivitySummary>, and inside them 3 HRV
    // beats, 2 WorkoutEvents, a WorkoutActivity and a WorkoutRoute.
    expect(records).toBe(59);
    expect(samples).toHaveLength(47);
    expect(skippedCounts(out)).toEqual({
      ActivitySummary: 2,
      InstantaneousBeatsPerMinute: 3,
      WorkoutEvent: 2,
      WorkoutActivity: 1,
      WorkoutRoute: 1,
      'HKCategoryTypeIdentifierSleepAnalysis (HKCategoryValueSleepAnalysisAwake)': 1,
      // The first Correlation repeats a reading already written on its own.
      [`${Q}BloodPressureSystolic`]: 1,
      [`${Q}BloodPressureDiastolic`]: 1,
    });
    expect(out.skipped.get('ActivitySummary')?.reason).toBe(ELEMENT_REASONS.ActivitySummary);
    expect(out.skipped.get(`${Q}BloodPressureSystolic`)?.reason).toBe(CORRELATION_COPY);
    expect(unaccounted(out)).toBe(0);
  });

  it('maps quantity types to kinds with units as written', () => {
    const counts = Object.fromEntries([...new Set(samples.map((s) => s.kind))].map((k) => [k, of(k).length]));
    expect(counts).toEqual({
      steps: 2,
      distance: 3,
      heart_rate: 2,
      resting_heart_rate: 1,
      heart_rate_variability: 1,
      vo2_max: 1,
      oxygen_saturation: 1,
      respiratory_rate: 1,
      weight: 2,
      height: 1,
      body_fat: 1,
      lean_mass: 1,
      bmi: 1,
      blood_glucose: 2,
      body_temperature: 2,
      nutrition_calories: 2,
      nutrition_protein: 1,
      nutrition_carbs: 1,
      nutrition_fat: 1,
      hydration: 1,
      active_calories_burned: 1,
      basal_calories_burned: 1,
      exercise_minutes: 1,
      sleep_duration: 5,
      time_in_bed: 1,
      mindful_minutes: 1,
      flights_climbed: 1,
      stand_hours: 1,
      blood_pressure_systolic: 2,
      blood_pressure_diastolic: 2,
      workout: 3,
    });
    expect(one('steps', utc(2024, 3, 9, 16))).toEqual({
      kind: 'steps',
      start: utc(2024, 3, 9, 16),
      end: utc(2024, 3, 9, 16, 5),
      value: 512,
      unit: 'count',
      utcOffsetMin: -480,
      tz: undefined,
      source: 'apple_healthkit',
      device: 'Ada’s iPhone',
    });
    expect(of('distance').map((s) => [s.value, s.unit])).toEqual([
      [0.42, 'km'],
      [3.1, 'mi'],
      [750, 'm'],
    ]);
    expect(of('heart_rate').map((s) => [s.value, s.unit])).toEqual([
      [62, 'count/min'],
      [71, 'count/min'],
    ]);
    expect(of('weight').map((s) => [s.value, s.unit, s.device])).toEqual([
      [63.2, 'kg', 'Health Mate'],
      [139.4, 'lb', 'Health'],
    ]);
    expect(of('heart_rate_variability')[0]).toMatchObject({ value: 48.5123, unit: 'ms' });
    expect(of('lean_mass')[0]).toMatchObject({ value: 47.9, unit: 'kg' });
    expect(of('height')[0]).toMatchObject({ value: 168, unit: 'cm' });
    expect(of('respiratory_rate')[0]).toMatchObject({ value: 14.5, unit: 'count/min' });
    expect(of('resting_heart_rate')[0]).toMatchObject({ value: 54, unit: 'count/min' });
    expect(of('active_calories_burned')[0]).toMatchObject({ value: 12.5, unit: 'kcal' });
    expect(of('basal_calories_burned')[0]).toMatchObject({ value: 33.25, unit: 'kcal' });
    expect(of('exercise_minutes')[0]).toMatchObject({ value: 1, unit: 'min' });
    expect(of('hydration')[0]).toMatchObject({ value: 500, unit: 'mL', device: 'MyFitnessPal' });
    expect(of('nutrition_protein')[0]).toMatchObject({ value: 32, unit: 'g' });
    expect(of('nutrition_carbs')[0]).toMatchObject({ value: 61, unit: 'g' });
    expect(of('nutrition_fat')[0]).toMatchObject({ value: 18, unit: 'g' });
  });

  it('respells the units HealthKit writes its own way', () => {
    expect(of('vo2_max')[0]).toMatchObject({ value: 41.23, unit: 'mL/kg/min' });
    expect(of('bmi')[0]).toMatchObject({ value: 22.4, unit: 'kg/m2' });
    expect(of('blood_glucose').map((s) => [s.value, s.unit])).toEqual([
      [92, 'mg/dL'],
      [5.4, 'mmol/L'],
    ]);
    expect(of('body_temperature').map((s) => [s.value, s.unit])).toEqual([
      [98.6, '[degF]'],
      [36.8, 'Cel'],
    ]);
    expect(of('nutrition_calories').map((s) => [s.value, s.unit])).toEqual([
      [540, 'kcal'],
      [120, 'kcal'],
    ]);
  });

  it('stores HealthKit fractions as percentages', () => {
    expect(of('oxygen_saturation')[0]).toMatchObject({ value: 97, unit: '%' });
    expect(of('body_fat')[0]).toMatchObject({ value: 24.1, unit: '%' });
  });

  it('hands on only units the store converts to each kind’s own', () => {
    for (const s of samples) {
      const canonical = getMetric(s.kind)!.unit!;
      expect(() => getConverter(s.unit!, canonical, s.kind), `${s.kind} in ${s.unit}`).not.toThrow();
    }
  });

  it('reads times with the offset they were written in, across the DST change', () => {
    // 09:00 -0700 on the first day of PDT and 23:10 -0800 the evening before.
    expect(one('steps', utc(2024, 3, 10, 16))).toMatchObject({
      utcOffsetMin: -420,
      end: utc(2024, 3, 10, 16, 10),
    });
    expect(one('heart_rate', utc(2024, 3, 10, 7, 10))).toMatchObject({ utcOffsetMin: -480, value: 62 });
    // A record written during a trip, in Berlin summer time.
    expect(one('heart_rate', utc(2023, 9, 14, 8))).toMatchObject({ utcOffsetMin: 120, value: 71 });
    // Resting heart rate spanning the change: starts in PST, ends in PDT.
    expect(of('resting_heart_rate')[0]).toMatchObject({
      start: utc(2024, 3, 10, 8, 5),
      end: utc(2024, 3, 11, 5, 55),
      utcOffsetMin: -480,
    });
  });

  it('counts asleep stages as sleep minutes, measured in real time across the DST night', () => {
    const sleep = of('sleep_duration');
    expect(sleep.every((s) => s.unit === 'min')).toBe(true);
    expect(sleep.map((s) => [s.start, s.value, s.device])).toEqual([
      // Core 01:30 PST → 03:30 PDT is one hour: the clock skipped 02:00–03:00.
      [utc(2024, 3, 10, 9, 30), 60, WATCH],
      [utc(2024, 3, 10, 10, 30), 45, WATCH],
      [utc(2024, 3, 10, 11, 40), 30.5, WATCH],
      [utc(2024, 3, 10, 12, 10, 30), 90, 'AutoSleep'],
      // Before iOS 16 every stage was "Asleep".
      [utc(2019, 2, 3, 7), 450, 'Ada’s iPhone'],
    ]);
    expect(of('mindful_minutes')[0]).toMatchObject({ value: 10, unit: 'min', start: utc(2024, 3, 12, 4) });
  });

  it('counts time in bed apart from sleep, and an hour stood as one stand hour', () => {
    // InBed 23:20 PST → 07:00 PDT is 6 h 40 min of real time.
    expect(of('time_in_bed')).toEqual([
      expect.objectContaining({ start: utc(2024, 3, 10, 7, 20), value: 400, unit: 'min', device: WATCH }),
    ]);
    expect(of('stand_hours')).toEqual([
      expect.objectContaining({
        start: utc(2024, 3, 11, 16),
        end: utc(2024, 3, 11, 17),
        value: 1,
        unit: '{count}',
      }),
    ]);
    expect(of('flights_climbed')).toEqual([expect.objectContaining({ value: 2, unit: 'count' })]);
  });

  it('keeps the zone of an HKTimeZone MetadataEntry as tz, and the written offset for the instant', () => {
    const zoned = samples
      .filter((s) => s.tz !== undefined)
      .map((s) => [s.kind, s.start, s.utcOffsetMin, s.tz]);
    expect(zoned).toEqual([
      ['time_in_bed', utc(2024, 3, 10, 7, 20), -480, 'America/Los_Angeles'],
      ['sleep_duration', utc(2024, 3, 10, 9, 30), -480, 'America/Los_Angeles'],
    ]);
  });

  it('stores each blood-pressure reading once whether written top-level, in a Correlation or both', () => {
    const pairs = (kind: string) => of(kind).map((s) => [s.start, s.value, s.unit, s.device]);
    expect(pairs('blood_pressure_systolic')).toEqual([
      [utc(2024, 3, 11, 14, 45), 118, 'mmHg', 'Ada’s BP Monitor'],
      [utc(2024, 3, 12, 14, 45), 124, 'mmHg', 'Ada’s BP Monitor'],
    ]);
    expect(pairs('blood_pressure_diastolic')).toEqual([
      [utc(2024, 3, 11, 14, 45), 76, 'mmHg', 'Ada’s BP Monitor'],
      [utc(2024, 3, 12, 14, 45), 81, 'mmHg', 'Ada’s BP Monitor'],
    ]);
  });

  it('reads workouts with totals from their attributes or from WorkoutStatistics', () => {
    expect(of('workout')).toEqual([
      {
        kind: 'workout',
        start: utc(2023, 11, 5, 16, 1),
        end: utc(2023, 11, 5, 16, 32, 30),
        value: 31.5,
        unit: 'min',
        utcOffsetMin: -480,
        tz: undefined,
        source: 'apple_healthkit',
        device: WATCH,
        // The Workout's own totals win over its statistics (399.1 kcal).
        meta: { workout: { activity: 'Running', distanceM: 5200, energyKcal: 402.5 } },
      },
      {
        kind: 'workout',
        start: utc(2024, 3, 13, 1),
        end: utc(2024, 3, 13, 1, 45, 15),
        value: 45.25,
        unit: 'min',
        utcOffsetMin: -420,
        tz: undefined,
        source: 'apple_healthkit',
        device: WATCH,
        meta: { workout: { activity: 'Cycling', distanceM: 18300, energyKcal: 380.2, avgHeartRate: 141.5 } },
      },
      {
        kind: 'workout',
        start: utc(2023, 9, 15, 5),
        end: utc(2023, 9, 15, 5, 20),
        value: 20,
        unit: 'min',
        utcOffsetMin: 120,
        tz: undefined,
        source: 'apple_healthkit',
        device: WATCH,
        meta: { workout: { activity: 'Yoga' } },
      },
    ]);
  });

  it('leaves originId to the store (the device) so a watch and a phone stay two streams', () => {
    expect(samples.every((s) => s.originId === undefined && s.source === 'apple_healthkit')).toBe(true);
    expect(new Set(of('steps').map((s) => s.device))).toEqual(new Set(['Ada’s iPhone', WATCH]));
  });
});

describe('apple-health read: determinism and chunking', () => {
  it('gives the same samples in the same order on every run', async () => {
    const first = await readAll([fixtureFile('export.xml')]);
    const second = await readAll([fixtureFile('export.xml')]);
    expect(second.samples).toEqual(first.samples);
    expect(unaccounted(second)).toBe(0);
  });

  it('gives the same samples whatever the chunk boundaries cut (tags, attributes, dates, UTF-8)', async () => {
    const whole = await readAll([fixtureFile('export.xml', 1 << 20)]);
    for (const chunkBytes of [1, 7, 64, 333]) {
      const cut = await readAll([fixtureFile('export.xml', chunkBytes)]);
      expect(cut.error).toBeUndefined();
      expect(cut.records).toBe(whole.records);
      expect(cut.samples).toEqual(whole.samples);
      expect(cut.skipped).toEqual(whole.skipped);
      expect(unaccounted(cut)).toBe(0);
    }
  });

  it('yields chunks of at most 1000 samples', async () => {
    const rows = Array.from(
      { length: 12_001 },
      (_, i) =>
        ` <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Ada’s iPhone" unit="count" startDate="2024-03-11 08:00:00 -0700" endDate="2024-03-11 08:00:00 -0700" value="${i}"/>`,
    );
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<HealthData locale="en_US">\n${rows.join('\n')}\n</HealthData>\n`;
    const { fileFromBuffer } = await import('../files/memory-file');
    const result = await readAll([fileFromBuffer('export.xml', xml, 100_000)], context);
    expect(result.samples).toHaveLength(12_001);
    expect(Math.max(...result.chunks.map((c) => c.samples.length))).toBeLessThanOrEqual(1000);
    expect(unaccounted(result)).toBe(0);
    expect(result.samples.map((s) => s.value)).toEqual(rows.map((_, i) => i));
  });
});
