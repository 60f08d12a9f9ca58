import { getMetric } from '@healthfolio/core';
import { describe, expect, it } from 'vitest';
import { labKind, labUnit } from './lab-kinds';

describe('test names to catalogue kinds', () => {
  it.each([
    ['GLUCOSE', 'mg/dL', 'blood_glucose'],
    ['Hemoglobin A1c', '%', 'hemoglobin_a1c'],
    ['CHOLESTEROL, TOTAL', 'mg/dL', 'total_cholesterol'],
    ['LDL-CHOLESTEROL', 'mg/dL', 'ldl_cholesterol'],
    ['LDL Chol Calc (NIH)', 'mg/dL', 'ldl_calculated_nih'],
    ['HDL CHOLESTEROL', 'mg/dL', 'hdl_cholesterol'],
    ['VLDL Cholesterol Cal', 'mg/dL', 'vldl_cholesterol'],
    ['TRIGLYCERIDES', 'mg/dL', 'triglycerides'],
    ['Apolipoprotein B', 'mg/dL', 'apolipoprotein_b'],
    ['UREA NITROGEN (BUN)', 'mg/dL', 'urea_nitrogen'],
    ['CREATININE', 'mg/dL', 'creatinine'],
    ['BUN/Creatinine Ratio', null, 'bun_creatinine_ratio'],
    ['eGFR', 'mL/min/1.73', 'egfr'],
    ['EGFR', 'mL/min/1.73m2', 'egfr'],
    ['SODIUM', 'mmol/L', 'sodium'],
    ['POTASSIUM', 'mmol/L', 'potassium'],
    ['CHLORIDE', 'mmol/L', 'chloride'],
    ['CARBON DIOXIDE', 'mmol/L', 'carbon_dioxide'],
    ['CALCIUM', 'mg/dL', 'calcium'],
    ['ALBUMIN', 'g/dL', 'albumin'],
    ['Globulin, Total', 'g/dL', 'globulin_total'],
    ['PROTEIN, TOTAL', 'g/dL', 'protein_total'],
    ['BILIRUBIN, TOTAL', 'mg/dL', 'bilirubin_total'],
    ['ALKALINE PHOSPHATASE', 'IU/L', 'alkaline_phosphatase'],
    ['AST (SGOT)', 'IU/L', 'ast'],
    ['ALT', 'U/L', 'alt'],
    ['VITAMIN D,25-OH,TOTAL,IA', 'ng/mL', 'vitamin_d'],
    ['Vitamin B12', 'pg/mL', 'vitamin_b12'],
    ['IRON, TOTAL', 'mcg/dL', 'iron'],
    ['TESTOSTERONE, TOTAL, MS', 'ng/dL', 'testosterone_total'],
    ['TSH', 'uIU/mL', 'thyroid_stimulating_hormone'],
    ['T4,Free(Direct)', 'ng/dL', 't4_free'],
    ['Microalb/Creat Ratio', 'mg/g creat', 'microalbumin_creatinine_ratio'],
    ['PSA, TOTAL', 'ng/mL', 'psa'],
    ['Prostate Specific Ag', 'ng/mL', 'psa'],
    ['HEMOGLOBIN', 'g/dL', 'hemoglobin'],
  ])('%s (%s) → %s', (name, unit, kind) => {
    const found = labKind(name, unit, true);
    expect(found.kind).toBe(kind);
    expect(found.loinc).toBe(getMetric(kind)?.loinc ?? null);
  });

  it('keeps what it does not know as custom, and never trusts a name whose unit does not fit', () => {
    expect(labKind('LIPASE', 'U/L', true)).toEqual({ kind: 'custom', loinc: null });
    expect(labKind('Glucose, Urine', null, true).kind).toBe('custom');
    expect(labKind('ALBUMIN', 'mg/g', true).kind).toBe('custom');
    expect(labKind('GLUCOSE', 'mg/dL', false).kind).toBe('custom');
  });

  it('goes by a printed LOINC code first, and keeps an unknown one', () => {
    expect(labKind('Glucose, Fasting', 'mg/dL', true, '1558-6')).toEqual({
      kind: 'blood_glucose',
      loinc: '1558-6',
    });
    expect(labKind('Ferritin', 'ng/mL', true, '2276-4')).toEqual({ kind: 'custom', loinc: '2276-4' });
  });

  it('reads lab units as UCUM', () => {
    expect(labUnit('Thousand/uL')).toBe('10*3/uL');
    expect(labUnit('x10E3/uL')).toBe('10*3/uL');
    expect(labUnit('mL/min/1.73')).toBe('mL/min/{1.73_m2}');
    expect(labUnit('mcg/dL')).toBe('ug/dL');
    expect(labUnit('lbs')).toBe('[lb_av]');
    expect(labUnit('furlongs per fortnight')).toBeUndefined();
  });
});
