import { describe, expect, it } from 'vitest';
import {
  findMetricByLoinc,
  getMetric,
  metricCatalogue,
  metricKinds,
  metricKindSchema,
  resolveMetricKind,
  SPEC_METRIC_KINDS,
  SPEC_SYNONYMS,
} from './catalogue';
import { isValidUcum } from '../units/normalize';

describe('metric catalogue', () => {
  it('knows every metric kind named in SPEC §3', () => {
    const unresolved = SPEC_METRIC_KINDS.filter((name) => resolveMetricKind(name) === undefined);
    expect(unresolved).toEqual([]);
  });

  it('stores each SPEC kind under itself unless it is a SPEC synonym', () => {
    for (const name of SPEC_METRIC_KINDS) {
      const expected = name in SPEC_SYNONYMS ? SPEC_SYNONYMS[name as keyof typeof SPEC_SYNONYMS] : name;
      expect(resolveMetricKind(name), name).toBe(expected);
    }
  });

  it('resolves the SPEC synonyms to one canonical kind', () => {
    expect(resolveMetricKind('glucose')).toBe('blood_glucose');
    expect(resolveMetricKind('blood_sugar')).toBe('blood_glucose');
    expect(resolveMetricKind('hba1c')).toBe('hemoglobin_a1c');
    expect(resolveMetricKind('bun')).toBe('urea_nitrogen');
    expect(resolveMetricKind('tsh')).toBe('thyroid_stimulating_hormone');
    expect(resolveMetricKind('testosterone')).toBe('testosterone_total');
    expect(resolveMetricKind('cholesterol')).toBe('total_cholesterol');
    expect(resolveMetricKind('sleep_hours')).toBe('sleep_duration');
    expect(resolveMetricKind('water_intake')).toBe('hydration');
    expect(resolveMetricKind('temperature')).toBe('body_temperature');
    expect(resolveMetricKind('albumin_creatinine_ratio')).toBe('microalbumin_creatinine_ratio');
  });

  it('keeps look-alike kinds apart', () => {
    const distinct = [
      ['calories', 'nutrition_calories', 'active_calories_burned', 'basal_calories_burned'],
      ['heart_rate', 'resting_heart_rate'],
      ['bone_mass', 'bone_density'],
      ['visceral_fat', 'vat_mass'],
      ['body_fat', 'fat_mass', 'nutrition_fat'],
      ['protein_total', 'nutrition_protein'],
      ['ldl_cholesterol', 'ldl_calculated_nih'],
      ['heart_rate', 'walking_heart_rate', 'heart_rate_recovery'],
      ['body_temperature', 'basal_body_temperature', 'sleeping_wrist_temperature'],
      ['sleep_duration', 'time_in_bed'],
      ['exercise_minutes', 'stand_time', 'stand_hours', 'time_in_daylight'],
    ];
    for (const group of distinct) {
      expect(new Set(group.map(resolveMetricKind)).size, group.join(', ')).toBe(group.length);
    }
  });

  it('resolves every alias to its own kind', () => {
    for (const metric of metricCatalogue) {
      for (const alias of metric.aliases) expect(resolveMetricKind(alias), alias).toBe(metric.kind);
    }
  });

  it('tolerates case, spaces, hyphens and punctuation', () => {
    expect(resolveMetricKind('Blood Sugar')).toBe('blood_glucose');
    expect(resolveMetricKind('HbA1c')).toBe('hemoglobin_a1c');
    expect(resolveMetricKind('heart-rate')).toBe('heart_rate');
    expect(resolveMetricKind('  SpO2 ')).toBe('oxygen_saturation');
    expect(resolveMetricKind('Vitamin D, 25-OH')).toBe('vitamin_d');
    expect(resolveMetricKind('LDL-C')).toBe('ldl_cholesterol');
    expect(resolveMetricKind('A1C')).toBe('hemoglobin_a1c');
    expect(resolveMetricKind('BMI')).toBe('bmi');
    expect(resolveMetricKind('eGFR')).toBe('egfr');
    expect(resolveMetricKind('heart rate variability')).toBe('heart_rate_variability');
  });

  it('answers undefined for names it does not know', () => {
    expect(resolveMetricKind('furlongs_walked')).toBeUndefined();
    expect(resolveMetricKind('')).toBeUndefined();
  });

  it('has unique kinds in snake_case', () => {
    expect(new Set(metricKinds).size).toBe(metricKinds.length);
    for (const kind of metricKinds) expect(kind).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
  });

  it('gives every canonical and display unit as valid UCUM', () => {
    for (const metric of metricCatalogue) {
      if (metric.unit !== null) expect(isValidUcum(metric.unit), `${metric.kind}: ${metric.unit}`).toBe(true);
      for (const display of metric.display ? [metric.display.metric, metric.display.imperial] : []) {
        expect(isValidUcum(display.unit), `${metric.kind} display: ${display.unit}`).toBe(true);
      }
    }
  });

  it('has a unit and a display for every measured kind, and none for coded ones', () => {
    for (const metric of metricCatalogue) {
      if (metric.valueType === 'coded' || metric.kind === 'custom') {
        expect(metric.unit, metric.kind).toBeNull();
      } else {
        expect(metric.unit, metric.kind).not.toBeNull();
        expect(metric.display, metric.kind).toBeDefined();
        expect(metric.plausible, metric.kind).toBeDefined();
      }
    }
  });

  it('keeps reference ranges inside the plausible bounds', () => {
    for (const metric of metricCatalogue) {
      const { referenceRange: range, plausible } = metric;
      if (!range || !plausible) continue;
      if (range.low !== undefined) expect(range.low, metric.kind).toBeGreaterThanOrEqual(plausible.min);
      if (range.high !== undefined) expect(range.high, metric.kind).toBeLessThanOrEqual(plausible.max);
    }
  });

  it('describes blood pressure as a pair of systolic and diastolic', () => {
    const bp = getMetric('blood_pressure');
    expect(bp?.valueType).toBe('pair');
    expect(bp?.components).toEqual(['blood_pressure_systolic', 'blood_pressure_diastolic']);
    for (const component of bp?.components ?? []) expect(getMetric(component)?.unit).toBe('mm[Hg]');
  });

  it('marks administrative kinds as coded and sums the additive ones', () => {
    for (const kind of ['diagnosis', 'procedure', 'insurance_coverage', 'medical_service']) {
      expect(getMetric(kind)?.valueType).toBe('coded');
    }
    for (const kind of [
      'steps',
      'distance',
      'calories',
      'active_calories_burned',
      'exercise_minutes',
      'hydration',
    ]) {
      expect(getMetric(kind)?.aggregation, kind).toBe('sum');
    }
    for (const kind of ['heart_rate', 'weight', 'blood_glucose'])
      expect(getMetric(kind)?.aggregation).toBe('avg');
  });

  it('finds kinds by primary and alternate LOINC codes', () => {
    expect(findMetricByLoinc('8867-4')?.kind).toBe('heart_rate');
    expect(findMetricByLoinc('40443-4')?.kind).toBe('resting_heart_rate');
    expect(findMetricByLoinc('2339-0')?.kind).toBe('blood_glucose');
    expect(findMetricByLoinc('18262-6')?.kind).toBe('ldl_cholesterol');
    expect(findMetricByLoinc('98979-8')?.kind).toBe('egfr');
    expect(findMetricByLoinc('2708-6')?.kind).toBe('oxygen_saturation');
    expect(findMetricByLoinc('9318-7')?.kind).toBe('microalbumin_creatinine_ratio');
    expect(findMetricByLoinc('80404-7')?.kind).toBe('heart_rate_variability');
    expect(findMetricByLoinc('0000-0')).toBeUndefined();
  });

  it('writes LOINC codes in their check-digit form', () => {
    for (const metric of metricCatalogue) {
      for (const code of [metric.loinc, ...(metric.loincAliases ?? [])]) {
        if (code === undefined) continue;
        expect(code, metric.kind).toMatch(/^\d{1,7}-\d$/);
        expect(loincCheckDigit(code.split('-')[0] ?? ''), `${metric.kind} ${code}`).toBe(
          Number(code.split('-')[1]),
        );
      }
    }
  });
});

describe('metricKindSchema', () => {
  it('accepts aliases and yields the canonical kind', () => {
    expect(metricKindSchema.parse('Blood Sugar')).toBe('blood_glucose');
    expect(metricKindSchema.parse('steps')).toBe('steps');
  });

  it('refuses unknown kinds with a message naming them', () => {
    const result = metricKindSchema.safeParse('moon_phase');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Unknown metric kind "moon_phase"');
  });
});

/** LOINC's mod-10 check digit: double every other digit from the right, starting with the last. */
function loincCheckDigit(body: string): number {
  const digits = [...body].reverse().map(Number);
  const sum = digits.reduce((total, digit, index) => {
    if (index % 2 === 1) return total + digit;
    const doubled = digit * 2;
    return total + Math.floor(doubled / 10) + (doubled % 10);
  }, 0);
  return (10 - (sum % 10)) % 10;
}
