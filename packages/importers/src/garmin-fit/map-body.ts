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
    } else if (name === 'hrvStatusSummary') {
      const value = num(mesg, 'lastNightAverage');
      if (value) {
        samples.push(
          fitSample(ctx, {
            kind: 'heart_rate_variability',
            start: at,
            value,
            unit: 'ms',
            origin: `hrv-night:${origin}`,
            meta: { provenance: { measure: 'last_night_average_rmssd' } },
          }),
        );
      }
    } else if (name === 'hrvValue') {
      const value = num(mesg, 'value');
      if (value) {
        samples.push(
          fitSample(ctx, {
            kind: 'heart_rate_variability',
            start: at,
            value,
            unit: 'ms',
            origin: `hrv:${origin}`,
            meta: { provenance: { measure: '5_min_rmssd' } },
          }),
        );
      }
    }
  }
  return samples;
}
