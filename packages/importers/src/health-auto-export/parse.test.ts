import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NewSample } from '@healthfolio/core';
import { describe, expect, it } from 'vitest';
import { isHealthAutoExport, parseHealthAutoExport } from './index';

const fixture: unknown = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'automation.json'), 'utf8'));
const options = { source: 'apple_healthkit', timeZone: 'America/Los_Angeles' };
const at = (iso: string) => Date.parse(iso);

function read(payload: unknown = fixture) {
  const result = parseHealthAutoExport(payload, options);
  const of = (kind: string) => result.samples.filter((s) => s.kind === kind);
  const one = (kind: string): NewSample => {
    const found = of(kind);
    expect(found, kind).toHaveLength(1);
    return found[0]!;
  };
  return { ...result, of, one };
}

describe('health-auto-export: detection', () => {
  it('knows the automation body and nothing else', () => {
    expect(isHealthAutoExport(fixture)).toBe(true);
    expect(isHealthAutoExport({ data: { workouts: [] } })).toBe(true);
    expect(isHealthAutoExport({ samples: [] })).toBe(false);
    expect(isHealthAutoExport({ data: [] })).toBe(false);
    expect(isHealthAutoExport('{"data":{}}')).toBe(false);
    expect(isHealthAutoExport(null)).toBe(false);
  });
});

describe('health-auto-export: metrics', () => {
  it('reads steps with their written offset, device and a stable origin per metric and device', () => {
    const { of } = read();
    const steps = of('steps');
    expect(steps.map((s) => [s.start, s.value, s.unit, s.device, s.utcOffsetMin])).toEqual([
      [at('2024-02-06T16:00:00Z'), 1234, '{count}', "Ada's Apple Watch", -480],
      [at('2024-02-06T16:01:00Z'), 96, '{count}', "Ada's Apple Watch", -480],
      [at('2024-02-06T17:00:00Z'), 410, '{count}', "Ada's iPhone", -480],
    ]);
    expect(steps.every((s) => s.source === 'apple_healthkit')).toBe(true);
    expect(new Set(steps.map((s) => s.originId))).toEqual(
      new Set(["hae:step_count:Ada's Apple Watch", "hae:step_count:Ada's iPhone"]),
    );
  });

  it('keeps the average heart rate as the reading and min and max beside it', () => {
    const hr = read().one('heart_rate');
    expect(hr).toMatchObject({ value: 72, unit: '/min', meta: { provenance: { min: 64, max: 85 } } });
  });

  it('converts imperial and other units into the kinds’ canonical units', () => {
    const { one } = read();
    expect(one('weight').value).toBeCloseTo(69.989, 2);
    expect(one('weight').unit).toBe('kg');
    expect(one('lean_mass').value).toBeCloseTo(55.02, 1);
    expect(one('distance')).toMatchObject({ unit: 'm' });
    expect(one('distance').value).toBeCloseTo(1609.344, 2);
    expect(one('active_calories_burned').value).toBeCloseTo(100, 1);
    expect(one('body_temperature')).toMatchObject({ value: 37, unit: 'Cel' });
    expect(one('blood_glucose').unit).toBe('mg/dL');
    expect(one('blood_glucose').value).toBeCloseTo(99.1, 0);
    expect(one('blood_glucose').meta).toEqual({ provenance: { mealTime: 'Before Meal' } });
    expect(one('hydration').value).toBeCloseTo(473.2, 0);
    expect(one('bmi')).toMatchObject({ value: 22.1, unit: 'kg/m2' });
    expect(one('vo2_max')).toMatchObject({ value: 47.2, unit: 'mL/kg/min' });
    expect(one('heart_rate_variability')).toMatchObject({ value: 58.5, unit: 'ms' });
    expect(one('resting_heart_rate')).toMatchObject({ value: 52, unit: '/min' });
    expect(one('respiratory_rate')).toMatchObject({ value: 14.5 });
    expect(one('basal_calories_burned')).toMatchObject({ value: 1.1, unit: 'kcal' });
    expect(one('nutrition_calories')).toMatchObject({ value: 640, device: 'MyFitnessPal' });
    expect(one('nutrition_protein')).toMatchObject({ value: 32, unit: 'g' });
    expect(one('nutrition_carbs').value).toBe(71);
    expect(one('nutrition_fat').value).toBe(24);
    expect(one('exercise_minutes')).toMatchObject({ value: 12, unit: 'min' });
    expect(one('mindful_minutes')).toMatchObject({ value: 10, unit: 'min' });
  });

  it('reads percentages written either as percent or as Apple Health’s fraction', () => {
    const { of, one } = read();
    expect(of('oxygen_saturation').map((s) => s.value)).toEqual([97, 96]);
    expect(one('body_fat')).toMatchObject({ value: 21.4, unit: '%' });
  });

  it('splits blood pressure into systolic and diastolic at the same instant', () => {
    const { one } = read();
    const sys = one('blood_pressure_systolic');
    const dia = one('blood_pressure_diastolic');
    expect([sys.value, dia.value, sys.unit]).toEqual([118, 76, 'mm[Hg]']);
    expect(sys.start).toBe(dia.start);
    expect(sys.device).toBe('Omron Connect');
  });

  it('makes one night of an aggregated sleep entry, from sleep start to end, with its stages', () => {
    const sleep = read().one('sleep_duration');
    expect(sleep).toMatchObject({
      start: at('2024-02-06T07:10:00Z'),
      end: at('2024-02-06T14:50:00Z'),
      value: 7.25,
      unit: 'h',
      device: "Ada's Apple Watch",
      meta: { provenance: { core: 4.1, deep: 1.2, rem: 1.95, awake: 0.4, inBed: 7.9, asleep: 0 } },
    });
  });

  it('sums the stages when an older entry has no totalSleep, and takes unaggregated asleep stages', () => {
    const { of } = read({
      data: {
        metrics: [
          {
            name: 'sleep_analysis',
            units: 'hr',
            data: [
              {
                date: '2024-02-07',
                asleep: 0.5,
                core: 4,
                deep: 1,
                rem: 1.5,
                sleepStart: '2024-02-06 23:00:00 -0800',
                sleepEnd: '2024-02-07 06:30:00 -0800',
                sleepSource: 'Watch',
              },
              {
                startDate: '2024-02-07 23:00:00 -0800',
                endDate: '2024-02-08 00:30:00 -0800',
                value: 'Core',
                qty: 1.5,
              },
              {
                startDate: '2024-02-08 00:30:00 -0800',
                endDate: '2024-02-08 00:40:00 -0800',
                value: 'Awake',
                qty: 0.17,
              },
            ],
          },
        ],
      },
    });
    const nights = of('sleep_duration');
    expect(nights.map((s) => [s.value, s.device])).toEqual([
      [7, 'Watch'],
      [1.5, null],
    ]);
    expect(nights[1]!.meta).toEqual({ provenance: { stage: 'core' } });
  });

  it('reports metrics it does not keep and readings it cannot read, and goes on', () => {
    const { issues, records, samples, rejected } = read();
    expect(issues.map((i) => i.message)).toEqual([
      'walking_speed: not a metric Healthfolio keeps; its 1 readings were skipped',
      'step_count[0]: "yesterday" is not a date',
    ]);
    expect(records).toBe(31);
    expect(rejected).toBe(1);
    expect(samples.length).toBe(30);
  });

  it('counts readings as imports do: a blood-pressure entry is two, a metric not kept is skipped', () => {
    const { readings, skipped, samples, rejected } = read();
    expect(skipped).toEqual([
      { type: 'walking_speed', count: 1, reason: 'Healthfolio has no metric for it yet' },
    ]);
    expect(readings).toBe(samples.length + rejected + 1);
    expect(readings).toBe(32);
  });

  it('says what a unit problem is without dropping the rest of the metric', () => {
    const { issues, of } = read({
      data: {
        metrics: [
          {
            name: 'weight_body_mass',
            units: 'furlong',
            data: [{ date: '2024-02-06 07:05:00 -0800', qty: 70 }],
          },
          { name: 'step_count', data: [{ date: '2024-02-06 07:05:00 -0800', qty: 70 }] },
        ],
      },
    });
    expect(issues).toHaveLength(1);
    expect(issues[0]!.message).toMatch(/^weight_body_mass\[0\]: .*furlong/);
    expect(of('steps').map((s) => s.value)).toEqual([70]);
  });
});

describe('health-auto-export: workouts', () => {
  it('reads a version 2 workout: minutes, type, distance, energy and heart rate', () => {
    const workout = read().one('workout');
    expect(workout).toMatchObject({
      start: at('2024-02-06T15:00:00Z'),
      end: at('2024-02-06T15:30:00Z'),
      value: 30,
      unit: 'min',
      originId: '550e8400-e29b-41d4-a716-446655440000',
      meta: { workout: { activity: 'Outdoor Run', energyKcal: 350, avgHeartRate: 151 } },
    });
    expect(workout.meta!.workout!.distanceM).toBeCloseTo(5632.7, 0);
  });

  it('reads a version 1 workout without id from its times and activeEnergy', () => {
    const { one, issues } = read({
      data: {
        workouts: [
          {
            name: 'Cycling',
            start: '2024-02-06 17:00:00 +0100',
            end: '2024-02-06 18:00:00 +0100',
            activeEnergy: { qty: 2092, units: 'kJ' },
            distance: { qty: 25, units: 'km' },
          },
          { name: 'Broken', start: 'soon', end: 'later' },
        ],
      },
    });
    const workout = one('workout');
    expect(workout).toMatchObject({ value: 60, utcOffsetMin: 60, originId: 'workout:Cycling' });
    expect(workout.meta!.workout).toMatchObject({ activity: 'Cycling', distanceM: 25_000 });
    expect(workout.meta!.workout!.energyKcal).toBeCloseTo(500, 0);
    expect(issues.map((i) => i.message)).toEqual(['workouts[1]: "soon" is not a date']);
  });
});
