import type { FitReadings } from './readings';
import { fitSample, type FitFileContext } from './file-context';
import { scaleOwner } from './scale-users';
import { num, seconds, timeMs, type FitMesg, type FitMessage } from '../shared/fit-values';

/** weight_scale fields we keep, with their kind and unit. */
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

/** weight_scale fields we read and do not keep: the name as FIT spells it, and why. */
const NO_METRIC = 'Healthfolio has no metric for it';
const SCALE_SKIPPED = [
  ['percentHydration', 'weight_scale.percent_hydration', NO_METRIC],
  ['visceralFatMass', 'weight_scale.visceral_fat_mass', NO_METRIC],
  ['physiqueRating', 'weight_scale.physique_rating', NO_METRIC],
  ['activeMet', 'weight_scale.active_met', NO_METRIC],
] as const;

/** Overnight HRV messages: the field holding the value (ms), an origin prefix and what it measures. */
const HRV_MESSAGES: Partial<Record<string, { field: string; origin: string; measure: string }>> = {
  hrvStatusSummary: { field: 'lastNightAverage', origin: 'hrv-night', measure: 'last_night_average_rmssd' },
  hrvValue: { field: 'value', origin: 'hrv', measure: '5_min_rmssd' },
};

/** The scale writes 0xFFFE ("calculating", 655.34 kg once scaled) while it is still measuring. */
const CALCULATING_KG = 655;
const CALCULATING = 'the scale was still measuring ("calculating"), not a weight';
const SOMEONE_ELSE = 'weighings of another household member';

/**
 * Scale readings (weight_scale) and overnight HRV (hrv_status_summary, hrv_value). Each value a
 * weighing holds is a reading; only the owner's weighings are kept (scale-users.ts).
 */
export function mapBody(messages: readonly FitMessage[], ctx: FitFileContext, out: FitReadings): void {
  const owner = messages.some((m) => m.name === 'weightScale') ? scaleOwner(messages, ctx.owner) : undefined;
  if (owner?.warning) out.warn(owner.warning);
  for (const { name, mesg } of messages) {
    if (name === 'weightScale') {
      if (owner!.owns(mesg)) weighing(mesg, ctx, out);
      else out.skip('weight_scale', SOMEONE_ELSE, scaleValues(mesg));
      continue;
    }
    const hrv = HRV_MESSAGES[name];
    const at = timeMs(mesg, 'timestamp');
    const value = hrv && num(mesg, hrv.field);
    if (!hrv || !value || at === undefined) continue;
    out.add(
      fitSample(ctx, {
        kind: 'heart_rate_variability',
        start: at,
        value,
        unit: 'ms',
        origin: `${hrv.origin}:${seconds(at)}`,
        meta: { provenance: { measure: hrv.measure } },
      }),
    );
  }
}

function weighing(mesg: FitMesg, ctx: FitFileContext, out: FitReadings): void {
  const at = timeMs(mesg, 'timestamp');
  if (at === undefined) {
    out.skip('weight_scale.timestamp', 'weighings without a time (missing or invalid)', scaleValues(mesg));
    return;
  }
  for (const [field, kind, unit] of SCALE_FIELDS) {
    const value = present(mesg, field);
    if (value === undefined) continue;
    if (unit === 'kg' && value >= CALCULATING_KG) out.skip(`weight_scale.${snake(field)}`, CALCULATING);
    else out.add(fitSample(ctx, { kind, start: at, value, unit, origin: `${seconds(at)}` }));
  }
  for (const [field, type, reason] of SCALE_SKIPPED)
    if (present(mesg, field) !== undefined) out.skip(type, reason);
}

/** A field's value when the scale wrote one (invalid and zero mean "not measured"). */
const present = (mesg: FitMesg, field: string) => {
  const value = num(mesg, field);
  return value !== undefined && value > 0 ? value : undefined;
};

/** The readings a weighing holds: every value it has. */
const scaleValues = (mesg: FitMesg) =>
  [...SCALE_FIELDS, ...SCALE_SKIPPED].filter(([field]) => present(mesg, field) !== undefined).length;

const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
