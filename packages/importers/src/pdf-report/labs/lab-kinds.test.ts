import { getMetric, toCanonical } from '@healthfolio/core';
import { describe, expect, it } from 'vitest';
import { isKnownTest, labKind } from './lab-kinds';
import { labUnit } from './lab-units';

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

describe('lab units as UCUM, and values in the catalogue kind’s unit', () => {
  it.each([
    ['cells/uL', '{cells}/uL'],
    ['x10^3/uL', '10*3/uL'],
    ['x10E3/uL', '10*3/uL'],
    ['10*3/uL', '10*3/uL'],
    ['10^3/µL', '10*3/uL'],
    ['10³/µL', '10*3/uL'],
    ['Thousand/uL', '10*3/uL'],
    ['K/uL', '10*3/uL'],
    ['million/uL', '10*6/uL'],
    ['x10^6/uL', '10*6/uL'],
    ['millions/mm³', '10*6/uL'],
    ['10^9/L', '10*9/L'],
    ['x 10^9/L', '10*9/L'],
    ['10^12/L', '10*12/L'],
    ['G/l', '10*9/L'],
    ['T/l', '10*12/L'],
    ['Lakhs/cumm', '10*5/uL'],
    ['/cumm', '/uL'],
    ['mIU/L', 'm[IU]/L'],
    ['µIU/mL', 'u[IU]/mL'],
    ['μIU/mL', 'u[IU]/mL'],
    ['uIU/mL', 'u[IU]/mL'],
    ['mg/dL', 'mg/dL'],
    ['mmol/l', 'mmol/L'],
    ['µmol/L', 'umol/L'],
    ['umol/L', 'umol/L'],
    ['g/dL', 'g/dL'],
    ['g/l', 'g/L'],
    ['U/l', 'U/L'],
    ['IU/L', '[IU]/L'],
    ['ng/mL', 'ng/mL'],
    ['pg/mL', 'pg/mL'],
    ['nmol/L', 'nmol/L'],
    ['pmol/L', 'pmol/L'],
    ['fL', 'fL'],
    ['pg', 'pg'],
    ['%', '%'],
    ['mL/min/1.73m2', 'mL/min/{1.73_m2}'],
    ['mL/min/1.73 m²', 'mL/min/{1.73_m2}'],
    ['ml/min/1,73 m²', 'mL/min/{1.73_m2}'],
    ['mEq/L', 'meq/L'],
    ['mval/l', 'meq/L'],
    ['mm/hr', 'mm/h'],
  ])('%s → %s', (printed, ucum) => {
    expect(labUnit(printed)).toBe(ucum);
  });

  it.each([
    ['creatinine', 88.4, 'µmol/L', 1],
    ['blood_glucose', 5.5, 'mmol/L', 99.1],
    ['blood_glucose', 0.92, 'g/L', 92],
    ['hemoglobin', 140, 'g/L', 14],
    ['hemoglobin', 8.7, 'mmol/L', 14],
    ['hemoglobin_a1c', 48, 'mmol/mol', 6.5],
    ['thyroid_stimulating_hormone', 2.1, 'µIU/mL', 2.1],
    ['thyroid_stimulating_hormone', 2.1, 'mU/l', 2.1],
    ['sodium', 140, 'mEq/L', 140],
    ['calcium', 2.4, 'mmol/L', 9.6],
    ['total_cholesterol', 5.2, 'mmol/L', 201.1],
    ['triglycerides', 1.7, 'mmol/L', 150.6],
    ['vitamin_d', 75, 'nmol/L', 30],
    ['iron', 18, 'µmol/l', 100.5],
    ['albumin', 42, 'g/l', 4.2],
    ['alt', 30, 'IU/L', 30],
    ['egfr', 90, 'ml/min/1,73 m²', 90],
  ])('%s %d %s lands as %d in the kind’s unit', (kind, value, printed, expected) => {
    const unit = labUnit(printed)!;
    expect(toCanonical(kind, value, unit).value).toBeCloseTo(expected, 1);
  });
});

describe('test names of other labs', () => {
  it.each([
    ['Glukose nüchtern', 'mg/dl', 'blood_glucose'],
    ['Kreatinin', 'µmol/l', 'creatinine'],
    ['Natrium', 'mmol/l', 'sodium'],
    ['Kalium', 'mmol/l', 'potassium'],
    ['Cholesterin gesamt', 'mmol/l', 'total_cholesterol'],
    ['HDL-Cholesterin', 'mg/dl', 'hdl_cholesterol'],
    ['GOT (ASAT)', 'U/l', 'ast'],
    ['GPT (ALAT)', 'U/l', 'alt'],
    ['Hämoglobin', 'g/dl', 'hemoglobin'],
    ['Gesamteiweiß', 'g/l', 'protein_total'],
    ['Glycémie à jeun', 'g/L', 'blood_glucose'],
    ['Créatinine', 'µmol/L', 'creatinine'],
    ['HAEMOGLOBIN (Hb)', 'g/dL', 'hemoglobin'],
    ['THYROID STIMULATING HORMONE (TSH)', 'µIU/mL', 'thyroid_stimulating_hormone'],
    ['FASTING BLOOD SUGAR(GLUCOSE)', 'mg/dL', 'blood_glucose'],
    ['25-OH VITAMIN D (TOTAL)', 'ng/mL', 'vitamin_d'],
    ['HbA1c (IFCC)', 'mmol/mol', 'hemoglobin_a1c'],
    ['eGFR (CKD-EPI)', 'mL/min/1.73m²', 'egfr'],
  ])('%s (%s) → %s', (name, unit, kind) => {
    expect(labKind(name, unit, true).kind).toBe(kind);
  });

  it('knows common tests the catalogue has no kind for, and names that are no test', () => {
    for (const name of ['WBC', 'Platelets', 'Leukozyten', 'Ferritin', 'TOTAL LEUKOCYTE COUNT (TLC)', 'MCV']) {
      expect(isKnownTest(name), name).toBe(true);
    }
    for (const name of ['Patient Name', 'Fasting', 'Page']) expect(isKnownTest(name), name).toBe(false);
    // Urea in mg/dL is not urea nitrogen: it stays custom.
    expect(labKind('Urea', 'mg/dL', true).kind).toBe('custom');
  });
});
