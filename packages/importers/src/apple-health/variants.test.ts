import { getConverter, getMetric, isPlausible } from '@healthfolio/core';
import { describe, expect, it } from 'vitest';
import { fileFromBuffer } from '../files/memory-file';
import { unaccounted } from '../shared/test-support';
import { ELEMENT_REASONS, NO_METRIC } from './skip-reasons';
import { fixture, fixtureFile, readAll, skippedCounts, utc } from './test-helpers';

const Q = 'HKQuantityTypeIdentifier';
const C = 'HKCategoryTypeIdentifier';
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
    expect(out.records).toBe(23);
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

describe('apple-health variants: what every fixture hands on', () => {
  it('converts to each kind’s own unit and lies in its plausible range', async () => {
    const names = [
      'export.xml',
      'export-ios8.xml',
      'export-v3-ios9.xml',
      'export-v12-ios16.xml',
      'export-v14-ios18.xml',
    ];
    for (const name of names) {
      const out = await readAll([fixtureFile(name)]);
      expect(unaccounted(out), name).toBe(0);
      for (const s of out.samples) {
        const metric = getMetric(s.kind)!;
        const canonical = getConverter(s.unit!, metric.unit!, s.kind)(s.value);
        expect(isPlausible(s.kind, canonical), `${name}: ${s.kind} ${s.value} ${s.unit}`).toBe(true);
      }
    }
  });
});

describe('apple-health variants: the headers of every export version', () => {
  const body = [
    ` <Record type="${Q}StepCount" sourceName="${PHONE}" unit="count" startDate="2024-03-11 08:00:00 -0700" endDate="2024-03-11 08:05:00 -0700" value="420"/>`,
    ` <Record type="${Q}HeartRate" sourceName="${WATCH}" unit="count/min" startDate="2024-03-11 08:01:00 -0700" endDate="2024-03-11 08:01:00 -0700" value="64"/>`,
    ` <ActivitySummary dateComponents="2024-03-11" activeEnergyBurned="431" activeEnergyBurnedUnit="Cal"/>`,
    '</HealthData>\n',
  ].join('\n');
  const head = (name: string) => {
    const text = fixture(name).toString('utf8');
    return text.slice(0, text.indexOf('<HealthData'));
  };
  const healthData = '<HealthData locale="en_US">\n <ExportDate value="2024-03-12 09:00:00 -0700"/>\n';
  const dtd = (version: number, list: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE HealthData [\n<!-- HealthKit Export Version: ${version} -->\n` +
    `<!ELEMENT HealthData (ExportDate,Me,(${list})*)>\n<!ATTLIST HealthData\n  locale CDATA #REQUIRED\n>\n]>\n`;
  const heads: Record<string, string> = {
    'no prolog, no ExportDate, no Me': '<HealthData>\n',
    'iOS 8: no DOCTYPE, a compact ExportDate': `<?xml version="1.0" encoding="UTF-8"?>\n<HealthData locale="en_US">\n <ExportDate value="20150621101500-0700"/>\n`,
    'Version 3 (iOS 9)': head('export-v3-ios9.xml') + healthData,
    'Version 11 (iOS 14)': dtd(11, 'Record|Correlation|Workout|ActivitySummary|ClinicalRecord') + healthData,
    'Version 12 (iOS 16), its DTD broken': head('export-v12-ios16.xml') + healthData,
    'Version 13 (iOS 17)':
      dtd(13, 'Record|Correlation|Workout|ActivitySummary|ClinicalRecord|Audiogram|VisionPrescription') +
      healthData,
    'Version 14 (iOS 18)': head('export.xml') + healthData,
  };

  for (const [name, text] of Object.entries(heads)) {
    it(`reads the same readings after: ${name}`, async () => {
      const out = await readAll([fileFromBuffer('export.xml', text + body, 64)]);
      expect(out.error).toBeUndefined();
      expect(out.samples.map((s) => [s.kind, s.start, s.value])).toEqual([
        ['steps', utc(2024, 3, 11, 15), 420],
        ['heart_rate', utc(2024, 3, 11, 15, 1), 64],
      ]);
      expect(skippedCounts(out)).toEqual({ ActivitySummary: 1 });
      expect(unaccounted(out)).toBe(0);
    });
  }
});

describe('apple-health variants: locales', () => {
  it('reads a decimal comma as the decimal point, and refuses what is still no number', async () => {
    // Apple's export is not documented to write one; values re-saved by a spreadsheet in a comma locale are.
    const record = (type: string, unit: string, value: string) =>
      ` <Record type="${Q}${type}" sourceName="Waage" unit="${unit}" startDate="2024-03-11 07:30:00 +0100" endDate="2024-03-11 07:30:00 +0100" value="${value}"/>`;
    const xml = [
      '<HealthData locale="de_DE">',
      record('BodyMass', 'kg', '72,5'),
      record('BodyFatPercentage', '%', '0,241'),
      record('BodyMass', 'kg', '1,2,3'),
      '</HealthData>',
    ].join('\n');
    const out = await readAll([fileFromBuffer('export.xml', xml)]);
    expect(out.samples.map((s) => [s.kind, s.value, s.unit, s.utcOffsetMin])).toEqual([
      ['weight', 72.5, 'kg', 60],
      ['body_fat', 24.1, '%', 60],
    ]);
    expect(out.issues).toEqual([
      { file: 'export.xml', record: 2, message: `${Q}BodyMass: value "1,2,3" is not a number` },
    ]);
    expect(unaccounted(out)).toBe(0);
  });
});
