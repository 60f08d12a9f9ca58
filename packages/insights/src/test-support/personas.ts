import type { EngineInput, GoalSpec, LabResult } from '../types';
import { logNormal, mulberry32, normal } from './random';
import { TODAY, series, seriesMap } from './series';

const YEARS = 5;

/**
 * Ada, marathoner with a Garmin and an Oura ring: five years of 20 daily metrics, quarterly labs,
 * two goals and two weeks of CGM readings from a trial sensor. Synthetic; seeded.
 */
export function ada(seed = 42): EngineInput {
  const random = mulberry32(seed);
  const days = 365 * YEARS;
  const season = (i: number) => Math.sin((2 * Math.PI * i) / 365);
  const exercise = Array.from({ length: days }, () => Math.max(0, normal(random, 55, 30)));
  const steps = Array.from({ length: days }, (_, i) => logNormal(random, 11_000 + 1500 * season(i), 0.3));
  const daily = [
    series('steps', days, (i) => steps[i]!),
    series('distance', days, (i) => steps[i]! * 0.78),
    series('calories', days, (i) => 2300 + steps[i]! * 0.04 + normal(random, 0, 80)),
    series('active_calories_burned', days, (i) => 300 + exercise[i]! * 8 + normal(random, 0, 50)),
    series('exercise_minutes', days, (i) => exercise[i]!),
    series('sleep_duration', days, (i) => 7.6 - 0.008 * (exercise[i - 1] ?? 55) + normal(random, 0, 0.5)),
    series(
      'resting_heart_rate',
      days,
      (i) => 52 + (i > days - 30 ? (i - days + 30) * 0.2 : 0) + normal(random, 0, 1.5),
    ),
    series('heart_rate', days, () => normal(random, 68, 4)),
    series('heart_rate_variability', days, () => logNormal(random, 65, 0.15)),
    series('weight', days, (i) => (i % 3 === 0 ? 63 - 0.0004 * i + normal(random, 0, 0.4) : null)),
    series('body_fat', days, (i) => (i % 7 === 0 ? normal(random, 19, 0.6) : null)),
    series('bmi', days, (i) => (i % 3 === 0 ? normal(random, 21.5, 0.15) : null)),
    series('vo2_max', days, (i) => (i % 5 === 0 ? normal(random, 54, 0.8) : null)),
    series('stress_level', days, () => Math.min(100, Math.max(0, normal(random, 30, 10)))),
    series('oxygen_saturation', days, () => Math.min(100, normal(random, 97, 0.8))),
    series('respiratory_rate', days, () => normal(random, 14, 0.7)),
    series('blood_pressure_systolic', days, (i) => (i % 2 === 0 ? normal(random, 116, 6) : null)),
    series('blood_pressure_diastolic', days, (i) => (i % 2 === 0 ? normal(random, 74, 4) : null)),
    series('nutrition_calories', days, () => logNormal(random, 2600, 0.15)),
    series('hydration', days, () => logNormal(random, 2200, 0.2)),
  ];
  const labs: LabResult[] = [];
  for (let q = 0; q < YEARS * 4; q++) {
    const day = TODAY - days + 45 + q * 91;
    labs.push(
      {
        metric: 'ldl_cholesterol',
        name: 'LDL-Cholesterol',
        day,
        value: normal(random, 118, 10),
        unit: 'mg/dL',
        high: 130,
      },
      { metric: 'hemoglobin_a1c', name: 'Hemoglobin A1c', day, value: normal(random, 5.2, 0.15), unit: '%' },
      {
        metric: 'vitamin_d',
        name: 'Vitamin D, 25-OH',
        day,
        value: normal(random, 34, 6),
        unit: 'ng/mL',
        low: 30,
        high: 100,
      },
    );
  }
  const goals: GoalSpec[] = [
    {
      id: 'ada-steps',
      title: '12,000 steps a day',
      metric: 'steps',
      target: 12_000,
      direction: 'at_least',
      period: 'daily',
      deadline: null,
      createdDay: TODAY - 200,
      startValue: null,
    },
    {
      id: 'ada-weight',
      title: 'Race weight 61 kg',
      metric: 'weight',
      target: 61,
      direction: 'at_most',
      period: 'by_date',
      deadline: TODAY + 120,
      createdDay: TODAY - 90,
      startValue: 62.5,
    },
  ];
  const glucoseReadings = Array.from({ length: 14 * 288 }, () => normal(random, 105, 18));
  return { today: TODAY, series: seriesMap(...daily), labs, glucoseReadings, goals };
}
