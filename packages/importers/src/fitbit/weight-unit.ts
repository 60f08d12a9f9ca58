export type WeightUnit = 'kg' | '[lb_av]';

/**
 * Fitbit writes weights in the account's unit without naming it. Each log carries its BMI, and
 * weight ÷ BMI is height² — in m² when the weight is in kg. A ratio of 4.41 or more would mean
 * someone 2.10 m or taller; read in pounds instead it is a height of 1.41 m or more. So below 4.41
 * the log is in kg, otherwise in lb: the two readings only overlap for adults under 1.41 m.
 */
export function unitFromBmi(weight: number, bmi: unknown): WeightUnit | undefined {
  if (typeof bmi !== 'number' || !(bmi > 0)) return undefined;
  return weight / bmi < 4.41 ? 'kg' : '[lb_av]';
}

/** Profile.csv's `weight_unit` ("POUND", "METRIC" …); undefined when it does not say plainly. */
export function unitFromProfile(text: string | undefined): WeightUnit | undefined {
  if (!text) return undefined;
  if (/pound|lb|us/i.test(text)) return '[lb_av]';
  if (/metric|kilo|kg|gram/i.test(text)) return 'kg';
  return undefined;
}
