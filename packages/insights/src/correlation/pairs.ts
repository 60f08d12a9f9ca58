/** A pair worth testing on its own merits, with what to say when it shows. */
export interface CuratedPair {
  /** The kind on the earlier day (for lag 1). */
  a: string;
  /** The kind on the same or the next day; `weight_change` is the day-to-day change in weight. */
  b: string;
  lags: readonly (0 | 1)[];
  /** Advice when the correlation has this sign. */
  advice?: { negative?: string; positive?: string };
}

/** The day-to-day change in weight, a derived series for the calories pair. */
export const WEIGHT_CHANGE = 'weight_change';

/**
 * Pairs with a known mechanism, tested first (and counted in the same Bonferroni correction as the
 * exploratory ones). Sleep is filed under the day the person woke up, so day d's exercise meets the
 * night that ends on day d + 1.
 */
export const curatedPairs: readonly CuratedPair[] = [
  {
    a: 'exercise_minutes',
    b: 'sleep_duration',
    lags: [0, 1],
    advice: {
      negative:
        'Consider finishing hard workouts a few hours before bed and see over two weeks whether your sleep changes.',
    },
  },
  { a: 'steps', b: 'sleep_duration', lags: [0, 1] },
  {
    a: 'active_calories_burned',
    b: 'sleep_duration',
    lags: [0, 1],
    advice: {
      negative:
        'Consider moving intense activity earlier in the day and see over two weeks whether your sleep changes.',
    },
  },
  {
    a: 'sleep_duration',
    b: 'resting_heart_rate',
    lags: [0, 1],
    advice: {
      negative: 'Your heart seems to recover better after longer nights; a regular bedtime can help.',
    },
  },
  {
    a: 'sleep_duration',
    b: 'heart_rate_variability',
    lags: [0, 1],
    advice: { positive: 'Your recovery seems to follow your sleep; a regular bedtime can help.' },
  },
  {
    a: 'stress_level',
    b: 'sleep_duration',
    lags: [0, 1],
    advice: {
      negative:
        'Consider a wind-down routine on stressful days, such as a short walk or a breathing exercise.',
    },
  },
  { a: 'exercise_minutes', b: 'resting_heart_rate', lags: [0, 1] },
  { a: 'mindful_minutes', b: 'stress_level', lags: [0, 1] },
  { a: 'nutrition_calories', b: WEIGHT_CHANGE, lags: [1] },
];
