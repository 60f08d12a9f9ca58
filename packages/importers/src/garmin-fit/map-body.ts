import type { NewSample } from '@healthfolio/core';
import { fitSample, type FitFileContext } from './file-context';
import { num, seconds, timeMs, type FitMessage } from '../shared/fit-values';

/** weight_scale fields we keep, with their kind and unit. Hydration has no kind of ours: skipped. */
const SCALE_FIELDS = [
  ['weight', 'weight', 'kg'],
  ['percentFat', 'body_fat', '%'],
  ['boneMass', 'bone_mass', 'kg'],
  ['muscleMass', 'muscle_mass', 'kg'],
  ['bmi', 'bmi', 'kg/m2'],
  ['visceralFatRating', 'visceral_fat', '{score}'],
  ['basalMet', 'rmr', 'kcal/d'],
  ['metabolicAge', 'metabolic_age', 'a'],
] as const;

/** Overnight HRV messages: the field holding the value (ms), an origin prefix and what it measures. */
const HRV_MESSAGES: Partial<Record<string, { field: string; origin: string; measure: string }>> = {
  hrvStatusSummary: { field: 'lastNightAverage', origin: 'hrv-night', measure: 'last_night_average_rmssd' },
  hrvValue: { field: 'value', origin: 'hrv', measure: '5_min_rmssd' },
};

/** The scale writes 0xFFFE ("calculating", 655.34 kg once scaled) while it is still measuring. */
const CALCULATING_KG = 655;

/** Scale readings (weight_scale) and overnight HRV (hrv_status_summary, hrv_value). */
export function mapBody(messages: readonly FitMessage[], ctx: FitFileContext): NewSample[] {
  const samples: NewSample[] = [];
  for (const { name, mesg } of messages) {
    const at = timeMs(mesg, 'timestamp');
    if (at === undefined) continue;
    const origin = `${seconds(at)}`;
    if (name === 'weightScale') {
      for (const [field, kind, unit] of SCALE_FIELDS) {
        const value = num(mesg, field);
        if (value === undefined || value <= 0 || (unit === 'kg' && value >= CALCULATING_KG)) continue;
        samples.push(fitSample(ctx, { kind, start: at, value, unit, origin }));
      }
    } else {
      const hrv = HRV_MESSAGES[name];
      const value = hrv && num(mesg, hrv.field);
      if (hrv && value) {
        samples.push(
          fitSample(ctx, {
            kind: 'heart_rate_variability',
            start: at,
            value,
            unit: 'ms',
            origin: `${hrv.origin}:${origin}`,
            meta: { provenance: { measure: hrv.measure } },
          }),
        );
      }
    }
  }
  return samples;
}
