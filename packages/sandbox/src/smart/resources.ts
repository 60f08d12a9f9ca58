/**
 * Builders of US Core R4 resources for the synthetic patients, shaped as SMART servers answer them
 * (US Core 6 vital-signs and laboratory Observations, Condition problem-list items, MedicationRequest,
 * Immunization, AllergyIntolerance, Encounter, DiagnosticReport).
 *
 * Over 300 lines: one builder per resource shape, all on the coding helpers at the top.
 */

export type Resource = Record<string, unknown> & { resourceType: string; id: string };

export const LOINC = 'http://loinc.org';
export const SNOMED = 'http://snomed.info/sct';
export const UCUM = 'http://unitsofmeasure.org';
export const RXNORM = 'http://www.nlm.nih.gov/research/umls/rxnorm';
export const CVX = 'http://hl7.org/fhir/sid/cvx';
const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';

export const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

const coding = (system: string, code: string, display: string) => ({ system, code, display });
const concept = (system: string, code: string, display: string) => ({
  coding: [coding(system, code, display)],
  text: display,
});
const quantity = (value: number, unit: string, code = unit) => ({ value, unit, system: UCUM, code });
const meta = (lastUpdated: number, profile: string) => ({
  lastUpdated: iso(lastUpdated),
  profile: [`http://hl7.org/fhir/us/core/StructureDefinition/${profile}`],
});

/** One vital sign or lab test as the generator knows it. */
export interface ObservationCode {
  loinc: string;
  display: string;
  unit: string;
  /** US Core profile of the Observation ("us-core-heart-rate"). */
  profile?: string;
  low?: number;
  high?: number;
}

export interface Subject {
  patient: string;
  /** Who the encounter or lab was; shown as `performer`. */
  performer: string;
}

/** H, L or N against the reference range. */
function interpretationOf(value: number, low?: number, high?: number) {
  const [code, display] =
    high !== undefined && value > high
      ? ['H', 'High']
      : low !== undefined && value < low
        ? ['L', 'Low']
        : ['N', 'Normal'];
  return [{ coding: [coding(INTERPRETATION, code, display)], text: display }];
}

export function observation(
  id: string,
  subject: Subject,
  category: 'vital-signs' | 'laboratory',
  code: ObservationCode,
  at: number,
  value: number,
  encounter?: string,
): Resource {
  const lab = category === 'laboratory';
  const range =
    code.low !== undefined || code.high !== undefined
      ? {
          referenceRange: [
            {
              ...(code.low !== undefined ? { low: quantity(code.low, code.unit) } : {}),
              ...(code.high !== undefined ? { high: quantity(code.high, code.unit) } : {}),
            },
          ],
          interpretation: interpretationOf(value, code.low, code.high),
        }
      : {};
  return {
    resourceType: 'Observation',
    id,
    meta: meta(
      at + (lab ? 6 : 0) * 3_600_000,
      code.profile ?? (lab ? 'us-core-observation-lab' : 'us-core-vital-signs'),
    ),
    status: 'final',
    category: [
      {
        coding: [coding(OBSERVATION_CATEGORY, category, lab ? 'Laboratory' : 'Vital Signs')],
        text: lab ? 'Laboratory' : 'Vital Signs',
      },
    ],
    code: concept(LOINC, code.loinc, code.display),
    subject: { reference: `Patient/${subject.patient}` },
    ...(encounter ? { encounter: { reference: `Encounter/${encounter}` } } : {}),
    effectiveDateTime: iso(at),
    ...(lab ? { issued: iso(at + 6 * 3_600_000), performer: [{ display: subject.performer }] } : {}),
    valueQuantity: quantity(value, code.unit),
    ...range,
  };
}

/** US Core blood pressure: the 85354-9 panel with systolic 8480-6 and diastolic 8462-4 components. */
export function bloodPressure(
  id: string,
  subject: Subject,
  at: number,
  systolic: number,
  diastolic: number,
  encounter?: string,
): Resource {
  return {
    resourceType: 'Observation',
    id,
    meta: meta(at, 'us-core-blood-pressure'),
    status: 'final',
    category: [{ coding: [coding(OBSERVATION_CATEGORY, 'vital-signs', 'Vital Signs')], text: 'Vital Signs' }],
    code: concept(LOINC, '85354-9', 'Blood pressure panel with all children optional'),
    subject: { reference: `Patient/${subject.patient}` },
    ...(encounter ? { encounter: { reference: `Encounter/${encounter}` } } : {}),
    effectiveDateTime: iso(at),
    component: [
      {
        code: concept(LOINC, '8480-6', 'Systolic blood pressure'),
        valueQuantity: quantity(systolic, 'mm[Hg]'),
      },
      {
        code: concept(LOINC, '8462-4', 'Diastolic blood pressure'),
        valueQuantity: quantity(diastolic, 'mm[Hg]'),
      },
    ],
  };
}

export function diagnosticReport(
  id: string,
  subject: Subject,
  code: { loinc: string; display: string },
  at: number,
  results: readonly string[],
  encounter?: string,
): Resource {
  return {
    resourceType: 'DiagnosticReport',
    id,
    meta: meta(at + 6 * 3_600_000, 'us-core-diagnosticreport-lab'),
    status: 'final',
    category: [
      {
        coding: [coding('http://terminology.hl7.org/CodeSystem/v2-0074', 'LAB', 'Laboratory')],
        text: 'Laboratory',
      },
    ],
    code: concept(LOINC, code.loinc, code.display),
    subject: { reference: `Patient/${subject.patient}` },
    ...(encounter ? { encounter: { reference: `Encounter/${encounter}` } } : {}),
    effectiveDateTime: iso(at),
    issued: iso(at + 6 * 3_600_000),
    performer: [{ display: subject.performer }],
    result: results.map((r) => ({ reference: `Observation/${r}` })),
  };
}

export interface ConditionSpec {
  snomed: string;
  display: string;
  icd10: string;
  onset: number;
  abatement?: number;
}

export function condition(id: string, subject: Subject, c: ConditionSpec): Resource {
  const status = c.abatement !== undefined ? 'resolved' : 'active';
  return {
    resourceType: 'Condition',
    id,
    meta: meta(c.abatement ?? c.onset, 'us-core-condition-problems-health-concerns'),
    clinicalStatus: {
      coding: [
        coding(
          'http://terminology.hl7.org/CodeSystem/condition-clinical',
          status,
          status === 'active' ? 'Active' : 'Resolved',
        ),
      ],
    },
    verificationStatus: {
      coding: [
        coding('http://terminology.hl7.org/CodeSystem/condition-ver-status', 'confirmed', 'Confirmed'),
      ],
    },
    category: [
      {
        coding: [
          coding(
            'http://terminology.hl7.org/CodeSystem/condition-category',
            'problem-list-item',
            'Problem List Item',
          ),
        ],
      },
    ],
    code: {
      coding: [
        coding(SNOMED, c.snomed, c.display),
        coding('http://hl7.org/fhir/sid/icd-10-cm', c.icd10, c.display),
      ],
      text: c.display,
    },
    subject: { reference: `Patient/${subject.patient}` },
    onsetDateTime: iso(c.onset),
    ...(c.abatement !== undefined ? { abatementDateTime: iso(c.abatement) } : {}),
    recordedDate: iso(c.onset),
  };
}

export function procedure(
  id: string,
  subject: Subject,
  code: { snomed: string; display: string },
  at: number,
  encounter?: string,
): Resource {
  return {
    resourceType: 'Procedure',
    id,
    meta: meta(at, 'us-core-procedure'),
    status: 'completed',
    code: concept(SNOMED, code.snomed, code.display),
    subject: { reference: `Patient/${subject.patient}` },
    ...(encounter ? { encounter: { reference: `Encounter/${encounter}` } } : {}),
    performedDateTime: iso(at),
    performer: [{ actor: { display: subject.performer } }],
  };
}

export interface MedicationSpec {
  rxnorm: string;
  display: string;
  dosage: string;
}

export function medicationRequest(
  id: string,
  subject: Subject,
  m: MedicationSpec,
  at: number,
  active: boolean,
): Resource {
  return {
    resourceType: 'MedicationRequest',
    id,
    meta: meta(at, 'us-core-medicationrequest'),
    status: active ? 'active' : 'completed',
    intent: 'order',
    category: [
      {
        coding: [
          coding(
            'http://terminology.hl7.org/CodeSystem/medicationrequest-category',
            'community',
            'Community',
          ),
        ],
      },
    ],
    medicationCodeableConcept: concept(RXNORM, m.rxnorm, m.display),
    subject: { reference: `Patient/${subject.patient}` },
    authoredOn: iso(at),
    requester: { display: subject.performer },
    dosageInstruction: [{ text: m.dosage }],
    dispenseRequest: { numberOfRepeatsAllowed: 3, expectedSupplyDuration: quantity(90, 'days', 'd') },
  };
}

export function immunization(
  id: string,
  subject: Subject,
  vaccine: { cvx: string; display: string },
  at: number,
): Resource {
  return {
    resourceType: 'Immunization',
    id,
    meta: meta(at, 'us-core-immunization'),
    status: 'completed',
    vaccineCode: concept(CVX, vaccine.cvx, vaccine.display),
    patient: { reference: `Patient/${subject.patient}` },
    occurrenceDateTime: iso(at),
    primarySource: true,
    lotNumber: `LOT${id.replace(/\D/g, '').slice(-5).padStart(5, '0')}`,
    performer: [{ actor: { display: subject.performer } }],
  };
}

export interface AllergySpec {
  snomed: string;
  display: string;
  category: 'food' | 'medication' | 'environment';
  criticality: 'low' | 'high';
  reaction: { snomed: string; display: string; severity: 'mild' | 'moderate' | 'severe' };
}

export function allergy(id: string, subject: Subject, a: AllergySpec, at: number): Resource {
  return {
    resourceType: 'AllergyIntolerance',
    id,
    meta: meta(at, 'us-core-allergyintolerance'),
    clinicalStatus: {
      coding: [
        coding('http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical', 'active', 'Active'),
      ],
    },
    verificationStatus: {
      coding: [
        coding(
          'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification',
          'confirmed',
          'Confirmed',
        ),
      ],
    },
    type: 'allergy',
    category: [a.category],
    criticality: a.criticality,
    code: concept(SNOMED, a.snomed, a.display),
    patient: { reference: `Patient/${subject.patient}` },
    onsetDateTime: iso(at),
    recordedDate: iso(at),
    reaction: [
      {
        manifestation: [concept(SNOMED, a.reaction.snomed, a.reaction.display)],
        severity: a.reaction.severity,
      },
    ],
  };
}

export function encounter(
  id: string,
  subject: Subject,
  type: { snomed: string; display: string },
  start: number,
  minutes: number,
): Resource {
  const end = start + minutes * 60_000;
  return {
    resourceType: 'Encounter',
    id,
    meta: meta(end, 'us-core-encounter'),
    status: 'finished',
    class: {
      system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
      code: 'AMB',
      display: 'ambulatory',
    },
    type: [concept(SNOMED, type.snomed, type.display)],
    subject: { reference: `Patient/${subject.patient}` },
    participant: [{ individual: { display: subject.performer } }],
    period: { start: iso(start), end: iso(end) },
    location: [{ location: { display: 'Healthfolio Sandbox Clinic' } }],
    serviceProvider: { display: 'Healthfolio Sandbox Health' },
  };
}
