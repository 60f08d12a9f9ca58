import { getMetric } from '@healthfolio/core';

/** What the rules need to know about a kind beyond the catalogue. */
export interface KindProfile {
  /** The smallest change over a trend window worth telling: absolute (canonical unit) or relative to the median. */
  minChange: { absolute?: number; relative?: number };
  /** Which way is better for health, where one is generally agreed. */
  better?: 'up' | 'down';
  /** Daily totals that are zero on days the device was not worn or nothing was logged: zeros are dropped. */
  zeroIsMissing: boolean;
  /** Right-skewed daily totals are compared on log(x + logOffset) for the robust z of anomalies. */
  logOffset?: number;
}

const worn = { zeroIsMissing: true, logOffset: 1 } as const;

const profiles: Record<string, Partial<KindProfile>> = {
  steps: { minChange: { relative: 0.1 }, better: 'up', ...worn },
  distance: { minChange: { relative: 0.1 }, better: 'up', ...worn },
  calories: { minChange: { relative: 0.1 }, ...worn },
  active_calories_burned: { minChange: { relative: 0.1 }, better: 'up', ...worn },
  basal_calories_burned: { minChange: { relative: 0.05 }, ...worn },
  exercise_minutes: { minChange: { relative: 0.2, absolute: 5 }, better: 'up', logOffset: 10 },
  workout: { minChange: { relative: 0.2, absolute: 5 }, logOffset: 10 },
  mindful_minutes: { minChange: { relative: 0.2, absolute: 2 }, logOffset: 5 },
  stress_level: { minChange: { absolute: 5 }, better: 'down' },
  vo2_max: { minChange: { absolute: 1 }, better: 'up' },
  sleep_duration: { minChange: { absolute: 0.5 }, better: 'up', zeroIsMissing: true },
  heart_rate: { minChange: { absolute: 5 } },
  resting_heart_rate: { minChange: { absolute: 3 }, better: 'down' },
  heart_rate_variability: { minChange: { relative: 0.1, absolute: 3 }, better: 'up' },
  blood_pressure_systolic: { minChange: { absolute: 5 }, better: 'down' },
  blood_pressure_diastolic: { minChange: { absolute: 3 }, better: 'down' },
  oxygen_saturation: { minChange: { absolute: 1 }, better: 'up' },
  respiratory_rate: { minChange: { absolute: 1 } },
  body_temperature: { minChange: { absolute: 0.3 } },
  weight: { minChange: { absolute: 1 } },
  bmi: { minChange: { absolute: 0.3 } },
  body_fat: { minChange: { absolute: 1 } },
  fat_mass: { minChange: { absolute: 1 } },
  lean_mass: { minChange: { absolute: 1 } },
  muscle_mass: { minChange: { absolute: 1 }, better: 'up' },
  visceral_fat: { minChange: { absolute: 1 }, better: 'down' },
  nutrition_calories: { minChange: { relative: 0.1 }, ...worn },
  nutrition_protein: { minChange: { relative: 0.15 }, ...worn },
  nutrition_carbs: { minChange: { relative: 0.15 }, ...worn },
  nutrition_fat: { minChange: { relative: 0.15 }, ...worn },
  hydration: { minChange: { relative: 0.15 }, ...worn },
  blood_glucose: { minChange: { absolute: 10 }, better: 'down' },
};

/** The profile of a kind; unknown kinds get a 10 % minimum change and no preferred direction. */
export function kindProfile(kind: string): KindProfile {
  const profile = profiles[kind];
  return { minChange: { relative: 0.1 }, zeroIsMissing: false, ...profile };
}

/** Whether a kind holds numbers the rules can read (not coded, not a pair, not administrative). */
export function isNumericKind(kind: string): boolean {
  const metric = getMetric(kind);
  if (!metric) return true;
  return metric.valueType !== 'coded' && metric.valueType !== 'pair' && metric.category !== 'administrative';
}

/** "Resting heart rate"; unknown kinds get their name with spaces. */
export function kindLabel(kind: string): string {
  return getMetric(kind)?.label ?? capitalise(kind.replace(/_/g, ' '));
}

/** The label inside a sentence: "resting heart rate", but "VO₂ max", "HbA1c" and "LDL cholesterol" keep their capitals. */
export function kindNoun(kind: string): string {
  const label = kindLabel(kind);
  const [first = '', second = ''] = label;
  return second === second.toLowerCase() ? first.toLowerCase() + label.slice(1) : label;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
