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
    'glucose fasting plasma',
    'plasma glucose fasting',
    'fasting plasma glucose',
    'fasting blood sugar',
    'blood sugar fasting',
    'glucose fasting fbs',
    'fbs',
    'bsl',
    'glukose',
    'glukose nuchtern',
    'glucose nuchtern',
    'glycemie',
    'glycemie a jeun',
    'glucose nuchter',
  ],
  hemoglobin_a1c: [
    'hemoglobin a1c',
    'hemoglobin a1c hba1c',
    'hgb a1c',
    'hba1c',
    'a1c',
    'glycohemoglobin',
    'glycated hemoglobin',
    'glycated haemoglobin',
    'glycosylated hemoglobin',
    'hba1c glycated haemoglobin',
    'hba1c glycated hemoglobin',
    'hba1c ifcc',
    'hba1c dcct',
    'hba1c ngsp',
    'hemoglobine glyquee',
    'hamoglobin a1c',
  ],
  total_cholesterol: [
    'cholesterol total',
    'total cholesterol',
    'cholesterol',
    'cholesterol serum',
    'cholesterin',
    'cholesterin gesamt',
    'gesamtcholesterin',
    'cholesterol totaal',
    'cholesterol total serum',
    'cholesterol totale',
  ],
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
    'cholesterol ldl',
    'cholesterol ldl calculated',
    'ldl cholesterin',
    'cholesterol ldl c',
    'cholesterol ldl calcule',
    'ldl cholesterol calcule',
  ],
  ldl_calculated_nih: [
    'ldl chol calc nih',
    'ldl cholesterol calc nih',
    'ldl calc nih',
    'ldl c nih',
    'ldl nih',
  ],
  hdl_cholesterol: [
    'hdl cholesterol',
    'hdl chol',
    'hdl c',
    'hdl',
    'cholesterol hdl',
    'hdl cholesterol direct',
    'hdl cholesterin',
    'cholesterol hdl c',
  ],
  vldl_cholesterol: [
    'vldl cholesterol',
    'vldl cholesterol cal',
    'vldl cholesterol calc',
    'vldl chol calc',
    'vldl',
    'cholesterol vldl',
  ],
  triglycerides: [
    'triglycerides',
    'triglyceride',
    'triglycerides serum',
    'triglyzeride',
    'triglyceriden',
    'triglycerides fasting',
  ],
  apolipoprotein_b: ['apolipoprotein b', 'apolipoprotein b apo b', 'apo b', 'apob'],
  urea_nitrogen: ['urea nitrogen bun', 'urea nitrogen', 'bun', 'blood urea nitrogen'],
  creatinine: [
    'creatinine',
    'creatinine serum',
    'serum creatinine',
    'creatinine plasma',
    'creatinine enzymatic',
    'kreatinin',
    'kreatinin serum',
    'creatinine s',
  ],
  bun_creatinine_ratio: ['bun creatinine ratio', 'bun creat ratio', 'urea nitrogen creatinine ratio'],
  egfr: [
    'egfr',
    'egfr non afr american',
    'egfr african american',
    'egfr if nonafricn am',
    'egfr if africn am',
    'egfr ckd epi',
    'egfr ckd epi 2021',
    'egfr creatinine ckd epi 2021',
    'estimated gfr',
    'gfr estimated',
    'gfr ckd epi',
    'egfr mdrd',
    'glomerular filtration rate estimated',
    'estimated glomerular filtration rate',
    'egfr nach ckd epi',
    'dfg',
    'dfg estime',
    'debit de filtration glomerulaire estime',
  ],
  sodium: ['sodium', 'sodium serum', 'sodium na', 'natrium', 'na'],
  potassium: ['potassium', 'potassium serum', 'potassium k', 'kalium', 'k'],
  chloride: ['chloride', 'chloride serum', 'chloride cl', 'chlorid', 'chlorure', 'chlorures', 'cl'],
  carbon_dioxide: [
    'carbon dioxide',
    'carbon dioxide total',
    'co2',
    'bicarbonate',
    'total co2',
    'hco3',
    'bicarbonate hco3',
  ],
  calcium: ['calcium', 'calcium serum', 'calcium total', 'total calcium', 'kalzium'],
  albumin: ['albumin', 'albumin serum', 'albumine', 'serum albumin'],
  globulin_total: ['globulin', 'globulin total', 'globulin calculated'],
  protein_total: [
    'protein total',
    'total protein',
    'protein total serum',
    'total protein serum',
    'gesamteiweiss',
    'gesamtprotein',
    'totaal eiwit',
    'proteines totales',
    'protides totales',
  ],
  bilirubin_total: [
    'bilirubin total',
    'total bilirubin',
    'bilirubin',
    'bilirubin gesamt',
    'gesamtbilirubin',
    'bilirubine totale',
    'bilirubine totaal',
    'bilirubin total serum',
  ],
  alkaline_phosphatase: [
    'alkaline phosphatase',
    'alkaline phosphatase s',
    'alk phos',
    'alp',
    'alkaline phosphatase alp',
    'alkalische phosphatase',
    'phosphatases alcalines',
    'alkalische fosfatase',
  ],
  ast: [
    'ast',
    'ast sgot',
    'sgot',
    'sgot ast',
    'got',
    'got ast',
    'asat',
    'asat tgo',
    'aspartate aminotransferase ast',
  ],
  alt: [
    'alt',
    'alt sgpt',
    'sgpt',
    'sgpt alt',
    'gpt',
    'gpt alt',
    'alat',
    'alat tgp',
    'alanine aminotransferase alt',
  ],
  vitamin_d: [
    'vitamin d 25 oh total ia',
    'vitamin d 25 oh total',
    'vitamin d 25 hydroxy',
    'vitamin d 25 oh',
    '25 hydroxyvitamin d',
    '25 hydroxy vitamin d',
    '25 oh vitamin d',
    '25 oh vitamin d3',
    '25 oh vitamin d total',
    'vitamin d total',
    'vitamin d3 25 oh',
    'vitamin d',
  ],
  vitamin_b12: [
    'vitamin b12',
    'vitamin b 12',
    'b12',
    'cobalamin',
    'cyanocobalamin',
    'vitamin b12 cyanocobalamin',
  ],
  iron: ['iron', 'iron total', 'iron serum', 'serum iron', 'eisen', 'fer', 'fer serique', 'ijzer'],
  testosterone_total: [
    'testosterone total ms',
    'testosterone total',
    'testosterone',
    'testosterone serum',
    'testosteron',
  ],
  thyroid_stimulating_hormone: [
    'tsh',
    'tsh 3rd generation',
    'thyroid stimulating hormone',
    'thyroid stimulating hormone tsh',
    'tsh ultrasensitive',
    'tsh ultra sensitive',
    'tsh ultrasensible',
    'tsh basal',
    'tsh sensitive',
  ],
  t4_free: [
    't4 free',
    't4 free direct',
    'free t4',
    't4 free non dialysis',
    'ft4',
    'free thyroxine',
    'free thyroxine ft4',
    'freies t4',
    't4 libre',
    'vrij t4',
  ],
  microalbumin_creatinine_ratio: [
    'microalbumin creatinine ratio',
    'microalbumin creatinine ratio random urine',
    'albumin creatinine ratio',
    'albumin creatinine ratio urine',
    'microalb creat ratio',
    'microalb creat ratio urine',
    'urine albumin creatinine ratio',
    'uacr',
  ],
  psa: ['psa', 'psa total', 'prostate specific ag', 'prostate specific antigen', 'total psa'],
  hemoglobin: [
    'hemoglobin',
    'hgb',
    'haemoglobin',
    'hb',
    'hamoglobin',
    'hemoglobine',
    'hemoglobin hgb',
    'haemoglobin hb',
  ],
};

/**
 * Common tests the catalogue has no kind for, as labs print them: a line of a list without a header
 * ("WBC 6.3 10^9/L") is a result when it names one of these or a catalogue test.
 */
const OTHER_TESTS: readonly string[] = [
  'wbc',
  'white blood cell count',
  'white blood cells',
  'white cell count',
  'total leukocyte count',
  'tlc',
  'leukocytes',
  'leucocytes',
  'leukozyten',
  'rbc',
  'red blood cell count',
  'red cell count',
  'erythrocytes',
  'erythrozyten',
  'hematocrit',
  'haematocrit',
  'hct',
  'pcv',
  'hamatokrit',
  'mcv',
  'mch',
  'mchc',
  'rdw',
  'rdw cv',
  'platelets',
  'platelet count',
  'plt',
  'thrombozyten',
  'neutrophils',
  'lymphocytes',
  'monocytes',
  'eosinophils',
  'basophils',
  'ferritin',
  'crp',
  'c reactive protein',
  'hs crp',
  'esr',
  'magnesium',
  'phosphorus',
  'phosphate',
  'uric acid',
  'harnsaure',
  'ggt',
  'gamma gt',
  'ldh',
  'lipase',
  'amylase',
  'folate',
  'insulin',
  'cortisol',
  't3',
  'free t3',
  'ft3',
  'urea',
  'harnstoff',
  'non hdl cholesterol',
  'albumin globulin ratio',
  'bilirubin direct',
  'direct bilirubin',
  'inr',
];

/** "CHOLESTEROL, TOTAL" → "cholesterol total"; "eGFR If NonAfricn Am" → "egfr if nonafricn am". */
export const nameKey = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** A name as `nameKey` makes it, accents and ß spelled out first: "Glukose nüchtern" → "glukose nuchtern". */
const matchKey = (name: string): string =>
  nameKey(name.normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss'));

const byName = new Map<string, string>(
  Object.entries(LAB_NAMES).flatMap(([kind, names]) =>
    names.map((n): [string, string] => [matchKey(n), kind]),
  ),
);
const otherTests = new Set(OTHER_TESTS.map(matchKey));

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

/** The name as printed, without what is in parentheses, and each parenthesised part: "Haemoglobin (Hb)". */
function candidatesOf(name: string): string[] {
  const inner = [...name.matchAll(/\(([^)]+)\)/g)].map((m) => matchKey(m[1]!));
  const outer = matchKey(name.replace(/\([^)]*\)/g, ' '));
  return [...new Set([matchKey(name), outer, ...inner].filter((k) => k !== ''))];
}

/** Whether a printed name is a test labs report: a catalogue test or a common one it has no kind for. */
export function isKnownTest(name: string): boolean {
  return byLabName(name) !== undefined || candidatesOf(name).some((k) => otherTests.has(k));
}

function byLabName(name: string): MetricDefinition | undefined {
  const candidates = candidatesOf(name);
  for (const candidate of candidates) {
    const kind = byName.get(candidate) ?? resolveMetricKind(candidate);
    const metric = kind && kind !== 'custom' ? getMetric(kind) : undefined;
    if (metric && metric.category === 'labs') return metric;
  }
  return undefined;
}

/** Lab spellings the unit normalizer does not know, as UCUM (keys in lower case, spaces removed). */
const LAB_UNITS: Record<string, string> = {
  'thousand/ul': '10*3/uL',
  'thou/ul': '10*3/uL',
  'thou/mm3': '10*3/uL',
  'thou/cumm': '10*3/uL',
  'k/ul': '10*3/uL',
  'k/mm3': '10*3/uL',
  'k/cumm': '10*3/uL',
  'million/ul': '10*6/uL',
  'millions/ul': '10*6/uL',
  'mill/ul': '10*6/uL',
  'mil/ul': '10*6/uL',
  'million/mm3': '10*6/uL',
  'millions/mm3': '10*6/uL',
  'mill/mm3': '10*6/uL',
  'million/cumm': '10*6/uL',
  'millions/cumm': '10*6/uL',
  'mill/cumm': '10*6/uL',
  'm/ul': '10*6/uL',
  'm/mm3': '10*6/uL',
  'lakh/cumm': '10*5/uL',
  'lakhs/cumm': '10*5/uL',
  'lakh/ul': '10*5/uL',
  'lakhs/ul': '10*5/uL',
  'cells/ul': '{cells}/uL',
  'cells/mm3': '{cells}/uL',
  'cells/cumm': '{cells}/uL',
  '/cumm': '/uL',
  '/cmm': '/uL',
  '/mm3': '/uL',
  'mg/gcreat': 'mg/g',
  'mg/gcrea': 'mg/g',
  'mg/mmolcreat': 'mg/mmol',
  'ml/min/1.73': 'mL/min/{1.73_m2}',
  'ml/min/1.73m^2': 'mL/min/{1.73_m2}',
  'ml/min/1.73sq.m': 'mL/min/{1.73_m2}',
  'ml/min/1.73m2bsa': 'mL/min/{1.73_m2}',
  'ml/min/bsa': 'mL/min/{1.73_m2}',
  'mm/hr': 'mm/h',
  'mm/1sthr': 'mm/h',
  'mm/1hr': 'mm/h',
  'mval/l': 'meq/L',
  'mequiv/l': 'meq/L',
  'iu/ml': '[IU]/mL',
  // French labs: "UI" for the international unit.
  'ui/l': '[IU]/L',
  'ui/ml': '[IU]/mL',
  'mui/l': 'm[IU]/L',
  'mui/ml': 'm[IU]/mL',
  'uui/ml': 'u[IU]/mL',
  'µiu/ml': 'u[IU]/mL',
  'µu/ml': 'uU/mL',
  'in³': '[cin_i]',
  in3: '[cin_i]',
  ratio: '{ratio}',
  calc: '{ratio}',
  index: '{index}',
};

/**
 * German and French labs write giga and tera per litre as "G/l" and "T/L" (10^9/L, 10^12/L); "g/l" is
 * grams. A report in capitals would print grams "G/L" too, but no lab reports grams per litre in capitals.
 */
const CASED_UNITS: Record<string, string> = {
  'G/l': '10*9/L',
  'T/l': '10*12/L',
  'G/L': '10*9/L',
  'T/L': '10*12/L',
  'Gpt/l': '10*9/L',
  'Tpt/l': '10*12/L',
};

const SUPERSCRIPTS: Record<string, string> = {
  '⁰': '0',
  '¹': '1',
  '²': '2',
  '³': '3',
  '⁴': '4',
  '⁵': '5',
  '⁶': '6',
  '⁷': '7',
  '⁸': '8',
  '⁹': '9',
};

/** The volumes counts are given per: µL (a mm³ or "cumm" is one), L, nL, pL. */
const PER_VOLUME: Record<string, string> = {
  ul: 'uL',
  mm3: 'uL',
  cumm: 'uL',
  cmm: 'uL',
  l: 'L',
  nl: 'nL',
  pl: 'pL',
};

/**
 * A count per volume written with a power of ten, as UCUM: "x10^3/uL", "x10E3/uL", "10*3/uL", "10^3/µL",
 * "10³/µL", "x 10^9/L", "10^9/L", "10E12/L", "x10(9)/L", "10^3 cells/uL" → "10*3/uL", "10*9/L", …
 * (the unit normalizer would read "10^3/uL" as "103/uL").
 */
function powerOfTen(key: string): string | undefined {
  const m = /^(?:x|×|\*)?10(?:\^|\*|e|x)?\(?(\d{1,2})\)?(?:cells)?\/(ul|mm3|cumm|cmm|l|nl|pl)$/.exec(key);
  if (!m) return undefined;
  return `10*${Number(m[1])}/${PER_VOLUME[m[2]!]}`;
}

/** The UCUM code of a unit as a lab prints it; undefined when we cannot read it. */
export function labUnit(printed: string): string | undefined {
  const trimmed = printed.trim();
  if (CASED_UNITS[trimmed]) return CASED_UNITS[trimmed];
  const key = trimmed
    // A raised power of ten ("10³/µL") is an exponent; any other raised digit ("mm³") is just a digit.
    .replace(/(?<=10)[⁰¹²³⁴⁵⁶⁷⁸⁹]+/g, (digits) => `^${[...digits].map((d) => SUPERSCRIPTS[d]).join('')}`)
    .replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹]/g, (digit) => SUPERSCRIPTS[digit]!)
    .replace(/[µμ]/g, 'u')
    .replace(/\s+/g, '')
    .toLowerCase()
    // "mL/min/1,73 m²": a decimal comma in the body-surface norm.
    .replace(/1,73/, '1.73')
    .replace(/m\^2$/, 'm2');
  const known = LAB_UNITS[key] ?? LAB_UNITS[key.replace(/^u/, 'µ')] ?? powerOfTen(key);
  if (known) return known;
  try {
    return normalizeUnit(key.includes('1.73') ? key : trimmed);
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
