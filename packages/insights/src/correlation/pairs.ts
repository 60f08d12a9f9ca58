/** A pair worth testing on its own merits, with what to say when it shows. */
export interface CuratedPair {
  /** The kind on the earlier day (for lag 1). */
  a: string;
  /** The kind on the same or the next day; `weight_change` is the day-to-day change in weight. */
  b: string;
  lags: readonly (0 | 1)[];
  /** Advice when the correlation has this sign. */
  advice?: { negative?: string; positive?: string };
  /** What the link may mean, in everyday words, when it has this sign. */
  meaning?: { negative?: string; positive?: string };
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
    meaning: {
      negative: 'Hard or late exercise may be cutting into your sleep.',
      positive: 'Being active may be helping you sleep longer.',
    },
    advice: {
      negative:
        'Consider finishing hard workouts a few hours before bed and see over two weeks whether your sleep changes.',
    },
  },
  {
    a: 'steps',
    b: 'sleep_duration',
    lags: [0, 1],
    meaning: {
      positive: 'Active days may be helping you sleep longer.',
      negative: 'Busy days may be cutting into your sleep.',
    },
  },
  {
    a: 'active_calories_burned',
    b: 'sleep_duration',
    lags: [0, 1],
    meaning: {
      negative: 'Intense days may be cutting into your sleep.',
      positive: 'Active days may be helping you sleep longer.',
    },
    advice: {
      negative:
        'Consider moving intense activity earlier in the day and see over two weeks whether your sleep changes.',
    },
  },
  {
    a: 'sleep_duration',
    b: 'resting_heart_rate',
    lags: [0, 1],
    meaning: { negative: 'Your heart seems to rest better after a longer night.' },
    advice: {
      negative: 'A regular bedtime that leaves room for a full night can help.',
    },
  },
  {
    a: 'sleep_duration',
    b: 'heart_rate_variability',
    lags: [0, 1],
    meaning: { positive: 'Your body seems to recover better after a longer night.' },
    advice: { positive: 'A regular bedtime that leaves room for a full night can help.' },
  },
  {
    a: 'stress_level',
    b: 'sleep_duration',
    lags: [0, 1],
    meaning: { negative: 'Stressful days may be costing you sleep.' },
    advice: {
      negative:
        'Consider a wind-down routine on stressful days, such as a short walk or a breathing exercise.',
    },
  },
  {
    a: 'exercise_minutes',
    b: 'resting_heart_rate',
    lags: [0, 1],
    meaning: {
      negative: 'Exercise seems to be good for your resting heart rate.',
      positive: 'Hard days may leave your heart working harder for a while; that usually passes.',
    },
  },
  {
    a: 'mindful_minutes',
    b: 'stress_level',
    lags: [0, 1],
    meaning: { negative: 'Mindfulness seems to help you feel less stressed.' },
  },
  {
    a: 'nutrition_calories',
    b: WEIGHT_CHANGE,
    lags: [1],
    meaning: { positive: 'What you eat seems to show on the scale the next day.' },
  },
];
