import { describe, expect, it } from 'vitest';
import { unaccounted } from '../shared/test-support';
import { ELEMENT_REASONS } from './skip-reasons';
import { fixtureFile, readAll, skippedCounts, utc } from './test-helpers';

const Q = 'HKQuantityTypeIdentifier';
const C = 'HKCategoryTypeIdentifier';
const WATCH = 'Ada’s Apple Watch';
const PHONE = 'Ada’s iPhone';

describe('apple-health variants: iOS 16 (HealthKit Export Version 12, its broken DTD)', async () => {
  const out = await readAll([fixtureFile('export-v12-ios16.xml')]);
  const of = (kind: string) => out.samples.filter((s) => s.kind === kind);

  it('reads past the DOCTYPE whose VisionPrescription declaration Apple never closed', () => {
    expect(out.error).toBeUndefined();
    expect(out.issues).toEqual([]);
    expect(out.samples).toHaveLength(22);
    expect(out.records).toBe(42);
    expect(unaccounted(out)).toBe(0);
  });

  it('maps the watch and phone types of iOS 14–16 onto their kinds', () => {
    const values = Object.fromEntries(
      out.samples.filter((s) => s.kind !== 'sleep_duration').map((s) => [s.kind, [s.value, s.unit]]),
    );
    expect(values).toEqual({
      heart_rate: [68, 'count/min'],
      heart_rate_variability: [44.1203, 'ms'],
      walking_heart_rate: [102, 'count/min'],
      heart_rate_recovery: [23, 'count/min'],
      sleeping_wrist_temperature: [35.8217, 'Cel'],
      walking_speed: [4.68, 'km/h'],
      walking_step_length: [71, 'cm'],
      walking_asymmetry: [2.1, '%'],
      walking_double_support: [27.6, '%'],
      environmental_audio_exposure: [62.4183, 'dB[SPL]'],
      headphone_audio_exposure: [71.0934, 'dB[SPL]'],
      stand_time: [3, 'min'],
      stand_hours: [0, '{count}'],
      nutrition_calories: [250, 'kcal'],
      blood_glucose: [94, 'mg/dL'],
      blood_pressure_systolic: [121, 'mmHg'],
      blood_pressure_diastolic: [79, 'mmHg'],
      time_in_bed: [430, 'min'],
      workout: [30.25, 'min'],
    });
    expect(of('headphone_audio_exposure')[0]).toMatchObject({
      start: utc(2022, 10, 21, 0, 20, 5),
      end: utc(2022, 10, 21, 0, 40, 11),
      device: PHONE,
    });
  });

  it('keeps the instant written and takes the offset and tz from HKTimeZone when they disagree', () => {
    // Sleep in Berlin, exported back home with Pacific offsets: 15:10 -0700 is 00:10 in Berlin.
    expect(of('time_in_bed')[0]).toMatchObject({
      start: utc(2022, 9, 14, 21, 55),
      end: utc(2022, 9, 15, 5, 5),
      utcOffsetMin: 120,
      tz: 'Europe/Berlin',
      device: PHONE,
    });
    expect(of('sleep_duration').map((s) => [s.start, s.value, s.utcOffsetMin, s.tz])).toEqual([
      [utc(2022, 9, 14, 22, 10), 150, 120, 'Europe/Berlin'],
      [utc(2022, 9, 15, 0, 52, 30), 47.5, 120, 'Europe/Berlin'],
      // A zone the runtime does not know is dropped: the written offset stays.
      [utc(2022, 9, 15, 1, 40), 45, -420, undefined],
    ]);
  });

  it('reads an iOS 16 workout from its WorkoutStatistics and accounts for its activity, events and route', () => {
    expect(of('workout')).toEqual([
      {
        kind: 'workout',
        start: utc(2022, 10, 21, 14, 10, 50),
        end: utc(2022, 10, 21, 14, 41, 5),
        value: 30.25,
        unit: 'min',
        utcOffsetMin: -420,
        tz: 'America/Los_Angeles',
        source: 'apple_healthkit',
        device: WATCH,
        meta: {
          workout: { activity: 'Running', distanceM: 5031.2, energyKcal: 312.5, avgHeartRate: 151.203 },
        },
      },
    ]);
  });

  it('skips, by name, what has no kind — and the second copy of each Correlation member', () => {
    expect(skippedCounts(out)).toEqual({
      InstantaneousBeatsPerMinute: 3,
      [`${Q}AppleWalkingSteadiness`]: 1,
      // Caffeine has no kind: both its copies (on its own and in the food Correlation) are skipped as such.
      [`${Q}DietaryCaffeine`]: 2,
      [`${C}SleepAnalysis (HKCategoryValueSleepAnalysisAwake)`]: 1,
      [`${C}HighHeartRateEvent`]: 1,
      [`${C}Headache`]: 1,
      [`${Q}BloodPressureSystolic`]: 1,
      [`${Q}BloodPressureDiastolic`]: 1,
      [`${Q}DietaryEnergyConsumed`]: 1,
      WorkoutActivity: 1,
      WorkoutEvent: 2,
      WorkoutRoute: 1,
      ActivitySummary: 1,
      ClinicalRecord: 2,
      VisionPrescription: 1,
    });
    const reason = (type: string) => out.skipped.get(type)?.reason;
    expect(reason(`${C}HighHeartRateEvent`)).toMatch(/^a notification the watch or phone showed/);
    expect(reason(`${C}Headache`)).toMatch(/^a logged symptom/);
    expect(reason('ClinicalRecord')).toBe(ELEMENT_REASONS.ClinicalRecord);
    expect(reason('InstantaneousBeatsPerMinute')).toBe(ELEMENT_REASONS.InstantaneousBeatsPerMinute);
  });
});

describe('apple-health variants: iOS 18 (HealthKit Export Version 14)', async () => {
  const out = await readAll([fixtureFile('export-v14-ios18.xml')]);

  it('maps the manual entries and iOS 17–18 types that have a kind', () => {
    expect(out.error).toBeUndefined();
    expect(out.issues).toEqual([]);
    expect(out.samples.map((s) => [s.kind, s.start, s.value, s.unit, s.device])).toEqual([
      ['waist_circumference', utc(2025, 1, 6, 15, 45), 30.5, 'in', 'Health'],
      ['time_in_daylight', utc(2025, 1, 6, 20, 15), 12, 'min', WATCH],
      ['speed', utc(2025, 1, 6, 20, 20), 10.8, 'km/h', WATCH],
      ['power', utc(2025, 1, 6, 20, 20), 245, 'W', WATCH],
      ['cycling_cadence', utc(2025, 1, 6, 20, 40), 88, 'count/min', WATCH],
      ['uv_exposure', utc(2025, 1, 6, 20), 3, 'count', 'Weather'],
      ['falls', utc(2025, 1, 8, 0, 1, 12), 1, 'count', WATCH],
      ['basal_body_temperature', utc(2025, 1, 8, 14, 30), 97.72, '[degF]', 'Health'],
      // HealthKit keeps blood alcohol as a fraction: 0.0004 is 0.04 %.
      ['blood_alcohol', utc(2025, 1, 11, 6, 15), 0.04, '%', 'Health'],
      ['peak_expiratory_flow', utc(2025, 1, 11, 16), 480, 'L/min', 'Health'],
      ['insulin_delivery', utc(2025, 1, 12, 20, 30), 4.5, '[IU]', 'Omnipod 5'],
      ['sleep_duration', utc(2025, 1, 13, 7, 31), 159, 'min', WATCH],
      ['stand_hours', utc(2025, 1, 13, 17), 1, '{count}', WATCH],
      ['stand_hours', utc(2025, 1, 13, 18), 1, '{count}', WATCH],
      ['workout', utc(2025, 1, 18, 16), 92.5, 'min', WATCH],
    ]);
  });

  it('reads a multisport workout whole: its distances summed, its parts counted as skipped', () => {
    expect(out.samples.at(-1)?.meta?.workout).toEqual({
      activity: 'SwimBikeRun',
      distanceM: 25_900,
      energyKcal: 988.4,
      avgHeartRate: 148,
    });
    expect(out.skipped.get('WorkoutActivity')?.count).toBe(3);
  });

  it('accounts for the Audiogram, the goal, the new types without a kind and an unknown sleep value', () => {
    expect(out.records).toBe(26);
    expect(skippedCounts(out)).toEqual({
      [`${Q}PhysicalEffort`]: 1,
      [`${Q}AppleSleepingBreathingDisturbances`]: 1,
      HKDataTypeSleepDurationGoal: 1,
      // A stage a later iOS might add: skipped with its value named, not counted as sleep.
      [`${C}SleepAnalysis (HKCategoryValueSleepAnalysisAsleepFoo)`]: 1,
      [`${C}ToothbrushingEvent`]: 1,
      WorkoutActivity: 3,
      WorkoutEvent: 1,
      ActivitySummary: 1,
      Audiogram: 1,
    });
    expect(out.skipped.get('Audiogram')?.reason).toBe(ELEMENT_REASONS.Audiogram);
    expect(out.skipped.get(`${Q}PhysicalEffort`)?.reason).toMatch(/^a sensor reading taken during workouts/);
    expect(out.skipped.get('HKDataTypeSleepDurationGoal')?.reason).toMatch(/^a sleep goal/);
    expect(unaccounted(out)).toBe(0);
  });
});
