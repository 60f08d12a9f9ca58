// Over 300 lines: the sandbox EHR's synthetic patients, as data, and the one generator of their records.
import { DAY_MS, dayOf, gauss, seeded } from '../shared/fake-data';
import {
  allergy,
  bloodPressure,
  condition,
  diagnosticReport,
  encounter,
  immunization,
  medicationRequest,
  observation,
  procedure,
  type AllergySpec,
  type ConditionSpec,
  type MedicationSpec,
  type ObservationCode,
  type Resource,
  type Subject,
} from './resources';

/** What the sandbox's patient picker lists. */
export interface SyntheticPatient {
  id: string;
  given: string;
  family: string;
  gender: 'female' | 'male';
  birthDate: string;
  /** How far back the record reaches from "now". */
  years: number;
  /** clinic: quarterly visits and weekly home readings; monitoring: a home kit three times a day; vitals: weekly vitals only. */
  plan: 'clinic' | 'monitoring' | 'vitals';
  seed: number;
}

/** The sandbox EHR's patients (synthetic; never real people). */
export const SYNTHETIC_PATIENTS: readonly SyntheticPatient[] = [
  {
    id: 'hf-ada-lovelace',
    given: 'Ada',
    family: 'Lovelace',
    gender: 'female',
    birthDate: '1988-12-10',
    years: 2,
    plan: 'clinic',
    seed: 1815,
  },
  {
    id: 'hf-chen-wei',
    given: 'Wei',
    family: 'Chen',
    gender: 'male',
    birthDate: '1961-04-02',
    years: 5,
    plan: 'monitoring',
    seed: 1961,
  },
  {
    id: 'hf-sam-empty',
    given: 'Sam',
    family: 'Empty',
    gender: 'male',
    birthDate: '1995-07-21',
    years: 1,
    plan: 'vitals',
    seed: 1995,
  },
];

export const patientById = (id: string) => SYNTHETIC_PATIENTS.find((p) => p.id === id);

const V = {
  heartRate: { loinc: '8867-4', display: 'Heart rate', unit: '/min', profile: 'us-core-heart-rate' },
  weight: { loinc: '29463-7', display: 'Body weight', unit: 'kg', profile: 'us-core-body-weight' },
  height: { loinc: '8302-2', display: 'Body height', unit: 'cm', profile: 'us-core-body-height' },
  bmi: { loinc: '39156-5', display: 'Body mass index (BMI) [Ratio]', unit: 'kg/m2', profile: 'us-core-bmi' },
  spo2: {
    loinc: '59408-5',
    display: 'Oxygen saturation in Arterial blood by Pulse oximetry',
    unit: '%',
    profile: 'us-core-pulse-oximetry',
  },
  spo2Arterial: {
    loinc: '2708-6',
    display: 'Oxygen saturation in Arterial blood',
    unit: '%',
    profile: 'us-core-pulse-oximetry',
  },
  temperature: {
    loinc: '8310-5',
    display: 'Body temperature',
    unit: 'Cel',
    profile: 'us-core-body-temperature',
  },
  respiratoryRate: {
    loinc: '9279-1',
    display: 'Respiratory rate',
    unit: '/min',
    profile: 'us-core-respiratory-rate',
  },
} satisfies Record<string, ObservationCode>;

const L = {
  glucose: {
    loinc: '2345-7',
    display: 'Glucose [Mass/volume] in Serum or Plasma',
    unit: 'mg/dL',
    low: 70,
    high: 99,
  },
  a1c: { loinc: '4548-4', display: 'Hemoglobin A1c/Hemoglobin.total in Blood', unit: '%', low: 4, high: 5.6 },
  cholesterol: {
    loinc: '2093-3',
    display: 'Cholesterol [Mass/volume] in Serum or Plasma',
    unit: 'mg/dL',
    high: 200,
  },
  ldl: {
    loinc: '13457-7',
    display: 'Cholesterol in LDL [Mass/volume] in Serum or Plasma by calculation',
    unit: 'mg/dL',
    high: 100,
  },
  ldlDirect: {
    loinc: '18262-6',
    display: 'Cholesterol in LDL [Mass/volume] in Serum or Plasma by Direct assay',
    unit: 'mg/dL',
    high: 100,
  },
  hdl: {
    loinc: '2085-9',
    display: 'Cholesterol in HDL [Mass/volume] in Serum or Plasma',
    unit: 'mg/dL',
    low: 40,
  },
  triglycerides: {
    loinc: '2571-8',
    display: 'Triglyceride [Mass/volume] in Serum or Plasma',
    unit: 'mg/dL',
    high: 150,
  },
  creatinine: {
    loinc: '2160-0',
    display: 'Creatinine [Mass/volume] in Serum or Plasma',
    unit: 'mg/dL',
    low: 0.57,
    high: 1.0,
  },
  egfr: {
    loinc: '33914-3',
    display:
      'Glomerular filtration rate/1.73 sq M.predicted [Volume Rate/Area] in Serum or Plasma by Creatinine-based formula (MDRD)',
    unit: 'mL/min/{1.73_m2}',
    low: 60,
  },
  tsh: {
    loinc: '3016-3',
    display: 'Thyrotropin [Units/volume] in Serum or Plasma',
    unit: 'm[IU]/L',
    low: 0.45,
    high: 4.5,
  },
} satisfies Record<string, ObservationCode>;

const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The patient's whole record, by search ("Observation:vital-signs", "Condition" …), oldest first. */
export type PatientRecord = ReadonlyMap<string, readonly Resource[]>;

const cache = new Map<string, PatientRecord>();

/** The record of `patient` as of `now` (the same on every call for the same day). */
export function recordOf(patient: SyntheticPatient, now: number): PatientRecord {
  const key = `${patient.id}:${dayOf(now)}`;
  let record = cache.get(key);
  if (!record) {
    record = generate(patient, now);
    if (cache.size > 16) cache.clear();
    cache.set(key, record);
  }
  return record;
}

/** Generates a record; `now` is rounded to its UTC day so the record is stable through the day. */
function generate(p: SyntheticPatient, now: number): PatientRecord {
  const random = seeded(p.seed);
  const g = (mean: number, sd: number, digits = 0) => round(mean + gauss(random) * sd, digits);
  const subject: Subject = { patient: p.id, performer: 'Dr. Grace Hopper, Healthfolio Sandbox Clinic' };
  const short = p.id.replace(/^hf-/, '');
  const out = {
    vitals: [] as Resource[],
    labs: [] as Resource[],
    conditions: [] as Resource[],
    procedures: [] as Resource[],
    reports: [] as Resource[],
    meds: [] as Resource[],
    immunizations: [] as Resource[],
    allergies: [] as Resource[],
    encounters: [] as Resource[],
  };
  let n = 0;
  const id = (type: string) => `${short}-${type}-${++n}`;
  const today = dayOf(now);
  const first = today - p.years * 365;
  const at = (day: number, hour: number, minute = 0) => day * DAY_MS + (hour * 60 + minute) * 60_000;
  const diabetic = p.plan === 'monitoring';
  const heightCm = p.gender === 'female' ? 167 : 174;
  let weight = diabetic ? 96 : 63;

  const vitalsSet = (day: number, hour: number, enc?: string) => {
    const t = at(day, hour, 10);
    weight = round(weight + gauss(random) * 0.3, 1);
    out.vitals.push(
      observation(id('hr'), subject, 'vital-signs', V.heartRate, t, g(diabetic ? 76 : 64, 5), enc),
      bloodPressure(id('bp'), subject, t, g(diabetic ? 138 : 114, 8), g(diabetic ? 86 : 72, 5), enc),
      observation(id('wt'), subject, 'vital-signs', V.weight, t, weight, enc),
      observation(id('ht'), subject, 'vital-signs', V.height, t, heightCm, enc),
      observation(id('bmi'), subject, 'vital-signs', V.bmi, t, round(weight / (heightCm / 100) ** 2, 1), enc),
      observation(id('spo2'), subject, 'vital-signs', V.spo2, t, g(97.5, 0.8), enc),
      observation(id('temp'), subject, 'vital-signs', V.temperature, t, g(36.8, 0.2, 1), enc),
      observation(id('rr'), subject, 'vital-signs', V.respiratoryRate, t, g(15, 1.5), enc),
    );
  };

  const labPanel = (day: number, enc: string) => {
    const t = at(day, 8, 30);
    const lab = (code: ObservationCode, value: number) => {
      const o = observation(id('lab'), subject, 'laboratory', code, t, value, enc);
      out.labs.push(o);
      return o.id;
    };
    const lipids = [
      lab(L.cholesterol, g(diabetic ? 215 : 178, 15)),
      lab(diabetic ? L.ldlDirect : L.ldl, g(diabetic ? 128 : 92, 12)),
      lab(L.hdl, g(diabetic ? 38 : 62, 5)),
      lab(L.triglycerides, g(diabetic ? 185 : 95, 25)),
    ];
    out.reports.push(
      diagnosticReport(
        id('dr'),
        subject,
        { loinc: '57698-3', display: 'Lipid panel with direct LDL - Serum or Plasma' },
        t,
        lipids,
        enc,
      ),
    );
    const metabolic = [
      lab(L.glucose, g(diabetic ? 142 : 88, 10)),
      lab(L.creatinine, g(diabetic ? 1.08 : 0.8, 0.08, 2)),
      lab(L.egfr, g(diabetic ? 68 : 98, 6)),
    ];
    out.reports.push(
      diagnosticReport(
        id('dr'),
        subject,
        { loinc: '24323-8', display: 'Comprehensive metabolic 2000 panel - Serum or Plasma' },
        t,
        metabolic,
        enc,
      ),
    );
    const a1c = lab(L.a1c, g(diabetic ? 7.2 : 5.2, 0.3, 1));
    out.reports.push(
      diagnosticReport(
        id('dr'),
        subject,
        { loinc: '4548-4', display: 'Hemoglobin A1c/Hemoglobin.total in Blood' },
        t,
        [a1c],
        enc,
      ),
    );
    if (!diabetic) {
      const tsh = lab(L.tsh, g(2.1, 0.8, 2));
      out.reports.push(
        diagnosticReport(
          id('dr'),
          subject,
          { loinc: '3016-3', display: 'Thyrotropin [Units/volume] in Serum or Plasma' },
          t,
          [tsh],
          enc,
        ),
      );
    }
  };

  const visit = (day: number) => {
    const enc = encounter(
      id('enc'),
      subject,
      { snomed: '185349003', display: 'Encounter for check up (procedure)' },
      at(day, 14),
      30,
    );
    out.encounters.push(enc);
    return enc.id;
  };

  if (p.plan === 'vitals') {
    // Sam: weekly vitals at a pharmacy kiosk, nothing else on record.
    for (let day = first; day < today; day += 7) {
      const t = at(day, 17);
      out.vitals.push(
        observation(id('hr'), subject, 'vital-signs', V.heartRate, t, g(68, 4)),
        bloodPressure(id('bp'), subject, t, g(118, 6), g(76, 4)),
      );
    }
  } else {
    const visitEvery = diabetic ? 30 : 91;
    for (let day = first + 3; day <= today - 2; day += visitEvery) {
      const enc = visit(day);
      vitalsSet(day, 14, enc);
      labPanel(day, enc);
    }
    if (diabetic) {
      // Remote monitoring: heart rate, blood pressure and SpO2 morning, noon and evening; weight, breathing rate
      // and temperature every morning.
      for (let day = first; day < today; day++) {
        for (const hour of [7, 13, 20]) {
          const t = at(day, hour, 5);
          out.vitals.push(
            observation(id('hr'), subject, 'vital-signs', V.heartRate, t, g(74, 6)),
            bloodPressure(id('bp'), subject, t, g(136, 9), g(85, 6)),
            observation(id('spo2'), subject, 'vital-signs', V.spo2Arterial, t, g(96.5, 0.9)),
          );
        }
        const t = at(day, 7, 15);
        weight = round(weight + gauss(random) * 0.15 - 0.002, 1);
        out.vitals.push(
          observation(id('wt'), subject, 'vital-signs', V.weight, t, weight),
          observation(id('rr'), subject, 'vital-signs', V.respiratoryRate, t, g(16, 1.5)),
          observation(id('temp'), subject, 'vital-signs', V.temperature, t, g(36.7, 0.2, 1)),
        );
      }
    } else {
      // Ada: a home cuff on Sunday mornings.
      for (let day = first + 1; day < today; day += 7) {
        const t = at(day, 9);
        out.vitals.push(
          observation(id('hr'), subject, 'vital-signs', V.heartRate, t, g(62, 4)),
          bloodPressure(id('bp'), subject, t, g(112, 6), g(70, 4)),
        );
      }
    }
    history(p, out, subject, id, at, first, today);
  }
  const byTime = (a: Resource, b: Resource) =>
    String((a.meta as { lastUpdated: string }).lastUpdated).localeCompare(
      String((b.meta as { lastUpdated: string }).lastUpdated),
    );
  return new Map<string, readonly Resource[]>([
    ['Observation:vital-signs', out.vitals],
    ['Observation:laboratory', out.labs],
    ['Condition', out.conditions.sort(byTime)],
    ['Procedure', out.procedures],
    ['DiagnosticReport', out.reports],
    ['MedicationRequest', out.meds],
    ['Immunization', out.immunizations],
    ['AllergyIntolerance', out.allergies],
    ['Encounter', out.encounters],
  ]);
}

const ADA_CONDITIONS = (first: number): ConditionSpec[] => [
  { snomed: '195967001', display: 'Asthma', icd10: 'J45.909', onset: first - 4000 * DAY_MS },
  {
    snomed: '367498001',
    display: 'Seasonal allergic rhinitis',
    icd10: 'J30.2',
    onset: first - 2500 * DAY_MS,
  },
  {
    snomed: '10509002',
    display: 'Acute bronchitis',
    icd10: 'J20.9',
    onset: first + 120 * DAY_MS,
    abatement: first + 134 * DAY_MS,
  },
];
const CHEN_CONDITIONS = (first: number): ConditionSpec[] => [
  {
    snomed: '38341003',
    display: 'Hypertensive disorder, systemic arterial',
    icd10: 'I10',
    onset: first - 900 * DAY_MS,
  },
  { snomed: '44054006', display: 'Diabetes mellitus type 2', icd10: 'E11.9', onset: first + 40 * DAY_MS },
  { snomed: '55822004', display: 'Hyperlipidemia', icd10: 'E78.5', onset: first + 40 * DAY_MS },
  {
    snomed: '162864005',
    display: 'Body mass index 30+ - obesity',
    icd10: 'E66.9',
    onset: first - 300 * DAY_MS,
  },
];
const ADA_MEDS: MedicationSpec[] = [
  {
    rxnorm: '745679',
    display: '200 ACTUAT albuterol 0.09 MG/ACTUAT Metered Dose Inhaler',
    dosage: 'Inhale 2 puffs every 4 to 6 hours as needed for wheezing',
  },
  {
    rxnorm: '895994',
    display: '120 ACTUAT fluticasone propionate 0.044 MG/ACTUAT Metered Dose Inhaler',
    dosage: 'Inhale 2 puffs twice a day',
  },
];
const CHEN_MEDS: MedicationSpec[] = [
  {
    rxnorm: '860975',
    display: '24 HR metformin hydrochloride 500 MG Extended Release Oral Tablet',
    dosage: 'Take 1 tablet by mouth daily with the evening meal',
  },
  { rxnorm: '314076', display: 'lisinopril 10 MG Oral Tablet', dosage: 'Take 1 tablet by mouth daily' },
  {
    rxnorm: '617310',
    display: 'atorvastatin 20 MG Oral Tablet',
    dosage: 'Take 1 tablet by mouth at bedtime',
  },
];
const ALLERGIES: Record<string, AllergySpec[]> = {
  'hf-ada-lovelace': [
    {
      snomed: '91936005',
      display: 'Allergy to penicillin',
      category: 'medication',
      criticality: 'high',
      reaction: { snomed: '247472004', display: 'Hives', severity: 'moderate' },
    },
    {
      snomed: '91935009',
      display: 'Allergy to peanut',
      category: 'food',
      criticality: 'high',
      reaction: { snomed: '39579001', display: 'Anaphylaxis', severity: 'severe' },
    },
  ],
  'hf-chen-wei': [
    {
      snomed: '300916003',
      display: 'Latex allergy',
      category: 'environment',
      criticality: 'low',
      reaction: { snomed: '271807003', display: 'Eruption of skin', severity: 'mild' },
    },
  ],
};

/** Problems, procedures, prescriptions (renewed every 90 days), immunizations and allergies. */
function history(
  p: SyntheticPatient,
  out: Record<'conditions' | 'procedures' | 'meds' | 'immunizations' | 'allergies', Resource[]>,
  subject: Subject,
  id: (type: string) => string,
  at: (day: number, hour: number, minute?: number) => number,
  first: number,
  today: number,
): void {
  const diabetic = p.plan === 'monitoring';
  const firstMs = first * DAY_MS;
  for (const c of diabetic ? CHEN_CONDITIONS(firstMs) : ADA_CONDITIONS(firstMs)) {
    out.conditions.push(condition(id('cond'), subject, c));
  }
  const procedures = diabetic
    ? [
        { snomed: '29303009', display: 'Electrocardiographic procedure', day: first + 45 },
        { snomed: '73761001', display: 'Colonoscopy', day: first + 400 },
        { snomed: '36228007', display: 'Ophthalmic examination and evaluation', day: first + 800 },
      ]
    : [{ snomed: '127783003', display: 'Spirometry', day: first + 130 }];
  for (const pr of procedures) out.procedures.push(procedure(id('proc'), subject, pr, at(pr.day, 10)));
  const meds = diabetic ? CHEN_MEDS : ADA_MEDS;
  for (let day = first + 45; day <= today; day += 90) {
    for (const m of meds)
      out.meds.push(medicationRequest(id('med'), subject, m, at(day, 15), day + 90 > today));
  }
  for (let day = first + 280; day <= today; day += 365) {
    out.immunizations.push(
      immunization(
        id('imm'),
        subject,
        { cvx: '140', display: 'Influenza, seasonal, injectable, preservative free' },
        at(day, 11),
      ),
    );
  }
  out.immunizations.push(
    immunization(
      id('imm'),
      subject,
      {
        cvx: '208',
        display:
          'SARS-COV-2 (COVID-19) vaccine, mRNA, spike protein, LNP, preservative free, 30 mcg/0.3mL dose',
      },
      at(first + 200, 12),
    ),
    immunization(id('imm'), subject, { cvx: '115', display: 'Tdap' }, at(first + 60, 12)),
  );
  for (const a of ALLERGIES[p.id] ?? [])
    out.allergies.push(allergy(id('alg'), subject, a, at(first + 10, 9)));
}
