// Over 300 lines: one beneficiary's generated Blue Button record; four claim builders share the EOB parts.
import { DAY_MS, dateOf, dayOf, seeded } from '../shared/fake-data';

/**
 * The sandbox beneficiary, "Walter Reyes, 75, type 2 diabetes and hypertension, a knee replacement": his
 * Patient, Part A/B/D Coverage and four years of claims (carrier, outpatient, inpatient, Part D) in the
 * shapes Blue Button 2.0 answers (CARIN Blue Button profiles, `bluebutton.cms.gov` systems). Generated from
 * the day number, so every run and every "now" sees the same claims; a claim exists once CMS has loaded it
 * (`meta.lastUpdated`, weeks after the service), so a later "now" brings new ones.
 */
export const PATIENT_ID = '-20140000010042';
const MBI = '1S00E00AA42';
const BB = 'https://bluebutton.cms.gov/resources';
const ICD10_CM = 'http://hl7.org/fhir/sid/icd-10-cm';
const ICD10_PCS = 'http://www.cms.gov/Medicare/Coding/ICD10';
const HCPCS = `${BB}/codesystem/hcpcs`;
const NDC = 'http://hl7.org/fhir/sid/ndc';
const PROFILE = 'http://hl7.org/fhir/us/carin-bb/StructureDefinition';
/** How far back claims reach from "now". */
const YEARS = 4;

export type Resource = Record<string, unknown> & { resourceType: string; id: string };

/** A claim with when CMS loaded it (ms). */
export interface Claim {
  lastUpdated: number;
  resource: Resource;
}

const ref = (type: string, id: string) => ({ reference: `${type}/${id}` });
const coding = (system: string, code: string, display?: string) => ({
  system,
  code,
  ...(display ? { display } : {}),
});
const concept = (system: string, code: string, display?: string) => ({
  coding: [coding(system, code, display)],
});
const usd = (value: number) => ({ value: Math.round(value * 100) / 100, currency: 'USD' });
const instant = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');

export function patient(lastUpdated: number): Resource {
  return {
    resourceType: 'Patient',
    id: PATIENT_ID,
    meta: { lastUpdated: instant(lastUpdated), profile: [`${PROFILE}/C4BB-Patient`] },
    extension: [
      { url: `${BB}/variables/race`, valueCoding: coding(`${BB}/variables/race`, '5', 'Hispanic') },
    ],
    identifier: [
      {
        type: concept('http://terminology.hl7.org/CodeSystem/v2-0203', 'MB', 'Member Number'),
        system: `${BB}/variables/bene_id`,
        value: PATIENT_ID,
      },
      {
        type: concept('http://terminology.hl7.org/CodeSystem/v2-0203', 'MC', "Patient's Medicare number"),
        system: 'http://hl7.org/fhir/sid/us-mbi',
        value: MBI,
      },
    ],
    name: [{ use: 'usual', family: 'Reyes', given: ['Walter', 'J'] }],
    gender: 'male',
    birthDate: '1951-06-02',
    address: [{ state: '48', postalCode: '78701' }],
  };
}

const PARTS = [
  { part: 'A', id: `part-a-${PATIENT_ID}`, start: '2016-06-01' },
  { part: 'B', id: `part-b-${PATIENT_ID}`, start: '2016-06-01' },
  { part: 'D', id: `part-d-${PATIENT_ID}`, start: '2017-01-01' },
] as const;

export function coverages(lastUpdated: number): Resource[] {
  return PARTS.map(({ part, id, start }) => ({
    resourceType: 'Coverage',
    id,
    meta: { lastUpdated: instant(lastUpdated), profile: [`${PROFILE}/C4BB-Coverage`] },
    extension: [
      {
        url: `${BB}/variables/ms_cd`,
        valueCoding: coding(`${BB}/variables/ms_cd`, '10', 'Aged without end-stage renal disease (ESRD)'),
      },
      { url: `${BB}/variables/rfrnc_yr`, valueDate: String(new Date(lastUpdated).getUTCFullYear()) },
    ],
    status: 'active',
    type: concept('http://terminology.hl7.org/CodeSystem/v3-ActCode', 'SUBSIDIZ'),
    subscriberId: MBI,
    beneficiary: ref('Patient', PATIENT_ID),
    relationship: concept('http://terminology.hl7.org/CodeSystem/subscriber-relationship', 'self', 'Self'),
    period: { start },
    payor: [{ identifier: { value: 'Centers for Medicare and Medicaid Services' } }],
    class: [
      {
        type: concept('http://terminology.hl7.org/CodeSystem/coverage-class', 'group', 'Group'),
        value: 'Medicare',
      },
      {
        type: concept('http://terminology.hl7.org/CodeSystem/coverage-class', 'plan', 'Plan'),
        value: `Part ${part}`,
      },
    ],
  }));
}

const DIAGNOSES = {
  diabetes: ['E119', 'TYPE 2 DIABETES MELLITUS WITHOUT COMPLICATIONS'],
  hypertension: ['I10', 'ESSENTIAL (PRIMARY) HYPERTENSION'],
  lipids: ['E785', 'HYPERLIPIDEMIA, UNSPECIFIED'],
  kneeOa: ['M1712', 'UNILATERAL PRIMARY OSTEOARTHRITIS, LEFT KNEE'],
  exam: ['Z0000', 'ENCNTR FOR GENERAL ADULT MEDICAL EXAM W/O ABNORMAL FINDINGS'],
  screening: ['Z1211', 'ENCOUNTER FOR SCREENING FOR MALIGNANT NEOPLASM OF COLON'],
  chestPain: ['R079', 'CHEST PAIN, UNSPECIFIED'],
  pneumonia: ['J189', 'PNEUMONIA, UNSPECIFIED ORGANISM'],
} as const;
type Dx = keyof typeof DIAGNOSES;

/** Office visits and the labs ordered at them (HCPCS, allowed amount). */
const VISITS: [string, number][] = [
  ['99213', 92.47],
  ['99214', 131.2],
];
const LABS: [string, number][] = [
  ['83036', 13.32],
  ['80061', 18.39],
  ['80053', 14.39],
  ['93000', 17.2],
];

/** Part D fills: every `every` days, offset so they fall on different days. */
const DRUGS = [
  {
    ndc: '00093104801',
    name: 'Metformin Hydrochloride 500 MG Oral Tablet',
    every: 30,
    phase: 3,
    qty: 60,
    cost: 4.5,
  },
  { ndc: '00378395705', name: 'Lisinopril 10 MG Oral Tablet', every: 90, phase: 17, qty: 90, cost: 3.1 },
  {
    ndc: '00071015523',
    name: 'Atorvastatin Calcium 20 MG Oral Tablet',
    every: 90,
    phase: 44,
    qty: 90,
    cost: 6.75,
  },
] as const;

function diagnosisList(codes: readonly Dx[], types: readonly string[]) {
  return codes.map((dx, i) => ({
    sequence: i + 1,
    diagnosisCodeableConcept: concept(ICD10_CM, DIAGNOSES[dx][0], DIAGNOSES[dx][1]),
    type: [
      concept(
        'http://hl7.org/fhir/us/carin-bb/CodeSystem/C4BBClaimDiagnosisType',
        types[i] ?? 'other',
        types[i] ?? 'other',
      ),
    ],
  }));
}

interface ClaimBase {
  kind: 'carrier' | 'outpatient' | 'inpatient' | 'pde';
  clmId: string;
  from: number;
  to: number;
  lastUpdated: number;
}

/** The parts every Blue Button EOB shares. */
function eob(base: ClaimBase, typeCodings: object[], profile: string, body: Record<string, unknown>): Claim {
  const id = `${base.kind}-${base.clmId}`;
  return {
    lastUpdated: base.lastUpdated,
    resource: {
      resourceType: 'ExplanationOfBenefit',
      id,
      meta: { lastUpdated: instant(base.lastUpdated), profile: [`${PROFILE}/${profile}`] },
      identifier: [
        {
          type: concept(
            'http://hl7.org/fhir/us/carin-bb/CodeSystem/C4BBIdentifierType',
            'uc',
            'Unique Claim ID',
          ),
          system: `${BB}/variables/clm_id`,
          value: base.clmId,
        },
        { system: `${BB}/identifier/claim-group`, value: base.clmId },
      ],
      status: 'active',
      type: { coding: typeCodings },
      use: 'claim',
      patient: ref('Patient', PATIENT_ID),
      billablePeriod: { start: dateOf(dayOf(base.from)), end: dateOf(dayOf(base.to)) },
      created: instant(base.lastUpdated),
      insurer: { identifier: { value: 'CMS' } },
      outcome: 'complete',
      ...body,
    },
  };
}

const eobType = (code: string) => coding(`${BB}/codesystem/eob-type`, code);
const claimType = (code: string, display: string) =>
  coding('http://terminology.hl7.org/CodeSystem/claim-type', code, display);
const nchType = (code: string, display: string) => coding(`${BB}/variables/nch_clm_type_cd`, code, display);

function carrier(base: ClaimBase, random: () => number): Claim {
  const visit = VISITS[random() < 0.7 ? 0 : 1]!;
  const lines: [string, number][] = [visit];
  for (const lab of LABS) if (random() < 0.3) lines.push(lab);
  const dx: Dx[] = ['diabetes', 'hypertension'];
  if (random() < 0.4) dx.push('lipids');
  if (random() < 0.1) dx.unshift('exam');
  const allowed = lines.reduce((a, [, amount]) => a + amount, 0);
  return eob(
    base,
    [
      nchType('71', 'Local carrier non-DMEPOS claim'),
      eobType('CARRIER'),
      claimType('professional', 'Professional'),
    ],
    'C4BB-ExplanationOfBenefit-Professional-NonClinician',
    {
      diagnosis: diagnosisList(dx, ['principal']),
      insurance: [{ focal: true, coverage: ref('Coverage', PARTS[1].id) }],
      item: lines.map(([code, amount], i) => ({
        sequence: i + 1,
        diagnosisSequence: [1],
        productOrService: concept(HCPCS, code),
        servicedPeriod: { start: dateOf(dayOf(base.from)), end: dateOf(dayOf(base.from)) },
        locationCodeableConcept: concept(`${BB}/variables/line_place_of_srvc_cd`, '11', 'Office.'),
        quantity: { value: 1 },
        adjudication: [
          {
            category: concept(
              'http://terminology.hl7.org/CodeSystem/adjudication',
              'eligible',
              'Eligible Amount',
            ),
            amount: usd(amount),
          },
        ],
      })),
      total: [
        {
          category: concept(
            'http://terminology.hl7.org/CodeSystem/adjudication',
            'submitted',
            'Submitted Amount',
          ),
          amount: usd(allowed * 1.35),
        },
      ],
      payment: { amount: usd(allowed * 0.8) },
    },
  );
}

function outpatient(base: ClaimBase, random: () => number): Claim {
  const colonoscopy = random() < 0.35;
  return eob(
    base,
    [nchType('40', 'Outpatient claim'), eobType('OUTPATIENT'), claimType('institutional', 'Institutional')],
    'C4BB-ExplanationOfBenefit-Outpatient-Institutional',
    {
      facility: { identifier: { system: 'http://hl7.org/fhir/sid/us-npi', value: '1497758544' } },
      diagnosis: colonoscopy
        ? diagnosisList(['screening', 'diabetes'], ['principal', 'other'])
        : diagnosisList(
            ['chestPain', 'chestPain', 'hypertension'],
            ['principal', 'patientreasonforvisit', 'other'],
          ),
      ...(colonoscopy
        ? {
            procedure: [
              {
                sequence: 1,
                date: `${dateOf(dayOf(base.from))}T00:00:00+00:00`,
                procedureCodeableConcept: concept(ICD10_PCS, '0DJD8ZZ'),
              },
            ],
          }
        : {}),
      insurance: [{ focal: true, coverage: ref('Coverage', PARTS[1].id) }],
      item: [
        {
          sequence: 1,
          revenue: colonoscopy
            ? concept(
                `${BB}/variables/rev_cntr`,
                '0750',
                'Gastro-intestinal services - general classification',
              )
            : concept(`${BB}/variables/rev_cntr`, '0450', 'Emergency room - general classification'),
          productOrService: colonoscopy
            ? concept(HCPCS, 'G0121', 'Colon ca scrn not hi rsk ind')
            : concept(HCPCS, '99284', 'Emergency dept visit mod mdm'),
          servicedDate: dateOf(dayOf(base.from)),
        },
      ],
      payment: { amount: usd(colonoscopy ? 389.4 : 612.3) },
    },
  );
}

function inpatient(base: ClaimBase, stay: 'knee' | 'pneumonia'): Claim {
  const knee = stay === 'knee';
  return eob(
    base,
    [nchType('60', 'Inpatient claim'), eobType('INPATIENT'), claimType('institutional', 'Institutional')],
    'C4BB-ExplanationOfBenefit-Inpatient-Institutional',
    {
      facility: { identifier: { system: 'http://hl7.org/fhir/sid/us-npi', value: '1609878412' } },
      supportingInfo: [
        {
          sequence: 1,
          category: concept(
            'http://hl7.org/fhir/us/carin-bb/CodeSystem/C4BBSupportingInfoType',
            'admissionperiod',
          ),
          timingPeriod: { start: dateOf(dayOf(base.from)), end: dateOf(dayOf(base.to)) },
        },
      ],
      diagnosis: knee
        ? diagnosisList(
            ['kneeOa', 'kneeOa', 'diabetes', 'hypertension'],
            ['principal', 'admitting', 'other', 'other'],
          )
        : diagnosisList(['pneumonia', 'diabetes'], ['principal', 'other']),
      ...(knee
        ? {
            procedure: [
              {
                sequence: 1,
                date: `${dateOf(dayOf(base.from))}T00:00:00+00:00`,
                procedureCodeableConcept: concept(
                  ICD10_PCS,
                  '0SRD0J9',
                  'Replacement of Left Knee Joint with Synthetic Substitute, Cemented, Open Approach',
                ),
              },
            ],
          }
        : {}),
      insurance: [{ focal: true, coverage: ref('Coverage', PARTS[0].id) }],
      item: [
        {
          sequence: 1,
          // Room and board carries no HCPCS: the claim is named by its type ("Inpatient claim").
          revenue: concept(
            `${BB}/variables/rev_cntr`,
            '0120',
            'Room & Board - Semi-private Two Beds - General',
          ),
          quantity: { value: Math.max(1, dayOf(base.to) - dayOf(base.from)) },
        },
      ],
      payment: { amount: usd(knee ? 14_286.5 : 7_912.25) },
    },
  );
}

function pde(base: ClaimBase, drug: (typeof DRUGS)[number]): Claim {
  return eob(
    base,
    [eobType('PDE'), claimType('pharmacy', 'Pharmacy')],
    'C4BB-ExplanationOfBenefit-Pharmacy',
    {
      insurance: [{ focal: true, coverage: ref('Coverage', PARTS[2].id) }],
      item: [
        {
          sequence: 1,
          productOrService: concept(NDC, drug.ndc, drug.name),
          servicedDate: dateOf(dayOf(base.from)),
          quantity: { value: drug.qty },
        },
      ],
      total: [
        {
          category: concept(
            'http://hl7.org/fhir/us/carin-bb/CodeSystem/C4BBAdjudication',
            'paidbypatient',
            'Paid by patient',
          ),
          amount: usd(drug.cost),
        },
      ],
    },
  );
}

const claimsOfDay = new Map<string, Claim[]>();

/** The claims with service on one UTC day, as CMS will have loaded them. */
function claimsOn(day: number, knee: number, pneumonia: number): Claim[] {
  const key = `${day}:${knee}:${pneumonia}`;
  const cached = claimsOfDay.get(key);
  if (cached) return cached;
  const random = seeded(day * 7919 + 13);
  const out: Claim[] = [];
  const at = day * DAY_MS + 15 * 3_600_000;
  const base = (kind: ClaimBase['kind'], i: number, lagDays: number, stayDays = 0): ClaimBase => ({
    kind,
    clmId: `-${String(10_000_000_000_000 + day * 10 + i)}`,
    from: at,
    to: at + stayDays * DAY_MS,
    lastUpdated: at + (stayDays + lagDays) * DAY_MS + Math.floor(random() * 8) * 3_600_000,
  });
  DRUGS.forEach((drug, i) => {
    if ((day + drug.phase) % drug.every === 0)
      out.push(pde(base('pde', i, 7 + Math.floor(random() * 8)), drug));
  });
  if (random() < 0.09) out.push(carrier(base('carrier', 5, 14 + Math.floor(random() * 17)), random));
  if (random() < 0.006) out.push(outpatient(base('outpatient', 6, 30 + Math.floor(random() * 25)), random));
  if (day === knee) out.push(inpatient(base('inpatient', 7, 40, 3), 'knee'));
  if (day === pneumonia) out.push(inpatient(base('inpatient', 8, 35, 5), 'pneumonia'));
  if (claimsOfDay.size > 5000) claimsOfDay.clear();
  claimsOfDay.set(key, out);
  return out;
}

/**
 * Every claim of the last four years CMS has loaded by `now`, oldest service first (about 220): monthly and
 * quarterly Part D fills, an office visit every few weeks, a few outpatient visits, two hospital stays.
 */
export function claims(now: number): Claim[] {
  const today = dayOf(now);
  // The stays sit on fixed days of a 1000-day cycle, at least two months back, so they stay put as "now" moves.
  const settled = today - 60;
  const knee = settled - ((((settled - 400) % 1000) + 1000) % 1000);
  const pneumonia = settled - ((((settled - 900) % 1000) + 1000) % 1000);
  const out: Claim[] = [];
  for (let day = today - YEARS * 365; day <= today; day++) {
    for (const claim of claimsOn(day, knee, pneumonia)) if (claim.lastUpdated <= now) out.push(claim);
  }
  return out;
}
