import { getMetric } from '@healthfolio/core';

/** A pair of kinds whose correlation says nothing about the person, with why. */
export interface ExcludedPair {
  a: readonly string[];
  b: readonly string[];
  /** The lags at which the pair is meaningless (either way round). */
  lags: readonly (0 | 1)[];
  why: string;
}

const BODY = ['weight', 'bmi', 'body_fat', 'fat_mass', 'lean_mass', 'muscle_mass', 'visceral_fat'];
const ACTIVITY_ENERGY = ['active_calories_burned', 'calories', 'basal_calories_burned'];
const ACTIVITY = [
  ...ACTIVITY_ENERGY,
  'steps',
  'distance',
  'exercise_minutes',
  'flights_climbed',
  'workout',
  'stand_hours',
];
const HEART = ['heart_rate', 'walking_heart_rate'];

/**
 * Pairs that are coupled by how they are measured or are meaningless, left out of the correlations
 * besides two kinds of one category (steps and distance, active energy and steps, weight and BMI), which
 * always are. A device's energy estimate is computed from the wearer's weight and heart rate, so those
 * "links" are arithmetic, not behaviour; a day's weight moves with water and food, not that day's walk.
 */
export const excludedPairs: readonly ExcludedPair[] = [
  {
    a: ACTIVITY,
    b: BODY,
    lags: [0],
    why: "a day's weight or body composition against the same day's activity: water and food, not a link",
  },
  {
    a: ['basal_calories_burned', 'active_calories_burned', 'calories'],
    b: BODY,
    lags: [0, 1],
    why: 'energy burned is estimated from the body weight the device was given',
  },
  {
    a: ACTIVITY_ENERGY,
    b: HEART,
    lags: [0, 1],
    why: 'active energy is estimated from heart rate during activity',
  },
  {
    a: HEART,
    b: ACTIVITY,
    lags: [0, 1],
    why: "the day's average heart rate mostly measures how much of it was spent moving (and training days alternate with rest days)",
  },
];

const categoryOf = (kind: string) => getMetric(kind)?.category ?? 'custom';

/** Whether a correlation of `a` (day d) with `b` (day d + lag) is trivially coupled or meaningless. */
export function isExcludedPair(a: string, b: string, lag: 0 | 1): boolean {
  if (categoryOf(a) === categoryOf(b)) return true;
  return excludedPairs.some(
    (pair) =>
      pair.lags.includes(lag) &&
      ((pair.a.includes(a) && pair.b.includes(b)) || (pair.a.includes(b) && pair.b.includes(a))),
  );
}
