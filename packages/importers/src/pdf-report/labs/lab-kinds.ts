import {
  findMetricByLoinc,
  getConverter,
  getMetric,
  normalizeUnit,
  resolveMetricKind,
  type MetricDefinition,
} from '@healthfolio/core';

/**
 * Test names as Quest, Labcorp and other labs print them, by catalogue kind (SPEC §3 labs). Names are
 * compared as `nameKey` makes them: lower case, punctuation as single spaces. The catalogue's own aliases
 * ("hdl", "bun", "tsh") are tried after this table.
 */
const LAB_NAMES: Record<string, readonly string[]> = {
  blood_glucose: [
    'glucose',
    'glucose serum',
    'glucose plasma',
    'glucose fasting',
    'fasting glucose',
    'glucose random',
  ],
  hemoglobin_a1c: ['hemoglobin a1c', 'hemoglobin a1c hba1c', 'hgb a1c', 'hba1c', 'a1c', 'glycohemoglobin'],
  total_cholesterol: ['cholesterol total', 'total cholesterol', 'cholesterol', 'cholesterol serum'],
  ldl_cholesterol: [
    'ldl cholesterol',
    'ldl chol',
    'ldl c',
    'ldl cholesterol calc',
    'ldl chol calc',
    'ldl cholesterol calculated',
    'ldl direct',
    'ldl cholesterol direct',
    'ldl calculated',
  ],
  ldl_calculated_nih: [
    'ldl chol calc nih',
    'ldl cholesterol calc nih',
    'ldl calc nih',
    'ldl c nih',
    'ldl nih',
  ],
  hdl_cholesterol: ['hdl cholesterol', 'hdl chol', 'hdl c', 'hdl'],
  vldl_cholesterol: [
    'vldl cholesterol',
    'vldl cholesterol cal',
    'vldl cholesterol calc',
    'vldl chol calc',
    'vldl',
  ],
  triglycerides: ['triglycerides', 'triglyceride', 'triglycerides serum'],
  apolipoprotein_b: ['apolipoprotein b', 'apolipoprotein b apo b', 'apo b', 'apob'],
  urea_nitrogen: ['urea nitrogen bun', 'urea nitrogen', 'bun', 'blood urea nitrogen'],
  creatinine: ['creatinine', 'creatinine serum'],
  bun_creatinine_ratio: ['bun creatinine ratio', 'bun creat ratio', 'urea nitrogen creatinine ratio'],
  egfr: [
    'egfr',
    'egfr non afr american',
    'egfr african american',
    'egfr if nonafricn am',
    'egfr if africn am',
    'egfr ckd epi',
    'estimated gfr',
    'glomerular filtration rate estimated',
  ],
  sodium: ['sodium', 'sodium serum'],
  potassium: ['potassium', 'potassium serum'],
  chloride: ['chloride', 'chloride serum'],
  carbon_dioxide: ['carbon dioxide', 'carbon dioxide total', 'co2', 'bicarbonate', 'total co2'],
  calcium: ['calcium', 'calcium serum', 'calcium total'],
  albumin: ['albumin', 'albumin serum'],
  globulin_total: ['globulin', 'globulin total', 'globulin calculated'],
  protein_total: ['protein total', 'total protein', 'protein total serum'],
  bilirubin_total: ['bilirubin total', 'total bilirubin', 'bilirubin'],
  alkaline_phosphatase: ['alkaline phosphatase', 'alkaline phosphatase s', 'alk phos', 'alp'],
  ast: ['ast', 'ast sgot', 'sgot'],
  alt: ['alt', 'alt sgpt', 'sgpt'],
  vitamin_d: [
    'vitamin d 25 oh total ia',
    'vitamin d 25 oh total',
    'vitamin d 25 hydroxy',
    'vitamin d 25 oh',
    '25 hydroxyvitamin d',
    'vitamin d',
  ],
  vitamin_b12: ['vitamin b12', 'vitamin b 12', 'b12', 'cobalamin'],
  iron: ['iron', 'iron total', 'iron serum'],
  testosterone_total: ['testosterone total ms', 'testosterone total', 'testosterone', 'testosterone serum'],
  thyroid_stimulating_hormone: ['tsh', 'tsh 3rd generation', 'thyroid stimulating hormone'],
  t4_free: ['t4 free', 't4 free direct', 'free t4', 't4 free non dialysis'],
  microalbumin_creatinine_ratio: [
    'microalbumin creatinine ratio',
    'microalbumin creatinine ratio random urine',
    'albumin creatinine ratio',
    'albumin creatinine ratio urine',
    'microalb creat ratio',
    'microalb creat ratio urine',
  ],
  psa: ['psa', 'psa total', 'prostate specific ag', 'prostate specific antigen'],
  hemoglobin: ['hemoglobin', 'hgb'],
};

/** "CHOLESTEROL, TOTAL" → "cholesterol total"; "eGFR If NonAfricn Am" → "egfr if nonafricn am". */
export const nameKey = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const byName = new Map<string, string>(
  Object.entries(LAB_NAMES).flatMap(([kind, names]) =>
    names.map((n): [string, string] => [nameKey(n), kind]),
  ),
);

export interface LabKind {
  /** A catalogue kind, or `custom`. */
  kind: string;
  loinc: string | null;
}

/**
 * The catalogue kind of a test: by the LOINC code printed with it, by the lab-name table, by the
 * catalogue's aliases, or by an abbreviation in parentheses ("UREA NITROGEN (BUN)"). A match whose
 * unit does not convert to the kind's is not that kind (urine albumin in mg/L is not serum albumin);
 * a result without a number is kept as `custom` with its printed name.
 */
export function labKind(name: string, unit: string | null, numeric: boolean, printedLoinc?: string): LabKind {
  const byLoinc = printedLoinc ? findMetricByLoinc(printedLoinc) : undefined;
  const metric = byLoinc ?? byLabName(name);
  const loinc = printedLoinc ?? metric?.loinc ?? null;
  if (!metric || !numeric || !unitFits(metric, unit)) return { kind: 'custom', loinc: printedLoinc ?? null };
  return { kind: metric.kind, loinc };
}

function byLabName(name: string): MetricDefinition | undefined {
  const key = nameKey(name);
  const candidates = [key, ...[...name.matchAll(/\(([^)]+)\)/g)].map((m) => nameKey(m[1]!))];
  for (const candidate of candidates) {
    const kind = byName.get(candidate) ?? resolveMetricKind(candidate);
    const metric = kind && kind !== 'custom' ? getMetric(kind) : undefined;
    if (metric && metric.category === 'labs') return metric;
  }
  return undefined;
}

/** Lab spellings the unit normalizer does not know, as UCUM. */
const LAB_UNITS: Record<string, string> = {
  'thousand/ul': '10*3/uL',
  'million/ul': '10*6/uL',
  'x10e3/ul': '10*3/uL',
  'x10e6/ul': '10*6/uL',
  'k/ul': '10*3/uL',
  'm/ul': '10*6/uL',
  'cells/ul': '{cells}/uL',
  'mg/g creat': 'mg/g',
  'ml/min/1.73': 'mL/min/{1.73_m2}',
  'in³': '[cin_i]',
  in3: '[cin_i]',
  ratio: '{ratio}',
  calc: '{ratio}',
};

/** The UCUM code of a unit as a lab prints it; undefined when we cannot read it. */
export function labUnit(printed: string): string | undefined {
  const key = printed.trim().toLowerCase();
  if (LAB_UNITS[key]) return LAB_UNITS[key];
  try {
    return normalizeUnit(printed);
  } catch {
    return undefined;
  }
}

function unitFits(metric: MetricDefinition, unit: string | null): boolean {
  if (unit === null || metric.unit === null) return true;
  const code = labUnit(unit);
  if (code === undefined) return false;
  try {
    getConverter(code, metric.unit, metric.kind);
    return true;
  } catch {
    return false;
  }
}
