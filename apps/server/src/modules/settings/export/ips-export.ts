import { randomUUID } from 'node:crypto';
import { getMetric, type UserProfile } from '@healthfolio/core';

type Resource = Record<string, unknown>;

const LOINC = 'http://loinc.org';
const UCUM = 'http://unitsofmeasure.org';
const ABSENT = 'http://hl7.org/fhir/uv/ips/CodeSystem/absent-unknown-uv-ips';
const IPS = 'http://hl7.org/fhir/uv/ips/StructureDefinition';

/** A clinical record as the clinical view stores it. */
export interface IpsRecord {
  category: string;
  display: string;
  status: string | null;
  recorded_at: number | null;
  ended_at: number | null;
}

/** A lab result: its kind, value and unit, day, range and flag. */
export interface IpsResult {
  kind: string;
  name: string;
  at: string;
  value: number;
  unit: string;
  low: number | null;
  high: number | null;
  flag: string | null;
}

/** The IPS sections (HL7 IPS IG, Composition-uv-ips): LOINC code, title, the absent-information code. */
export const IPS_SECTIONS = {
  problems: {
    code: '11450-4',
    display: 'Problem list - Reported',
    title: 'Active Problems',
    absent: 'no-problem-info',
  },
  allergies: {
    code: '48765-2',
    display: 'Allergies and adverse reactions Document',
    title: 'Allergies and Intolerances',
    absent: 'no-allergy-info',
  },
  medications: {
    code: '10160-0',
    display: 'History of Medication use Narrative',
    title: 'Medication Summary',
    absent: 'no-medication-info',
  },
  immunizations: { code: '11369-6', display: 'History of Immunization Narrative', title: 'Immunizations' },
  results: {
    code: '30954-2',
    display: 'Relevant diagnostic tests/laboratory data Narrative',
    title: 'Results',
  },
} as const;

const ABSENT_DISPLAY: Record<string, string> = {
  'no-problem-info': 'No information about problems',
  'no-allergy-info': 'No information about allergies',
  'no-medication-info': 'No information about medications',
};

const iso = (ms: number | null) => (ms === null ? undefined : new Date(Number(ms)).toISOString());
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const narrative = (lines: string[]) => ({
  status: 'generated',
  div: `<div xmlns="http://www.w3.org/1999/xhtml"><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul></div>`,
});

/**
 * The International Patient Summary: a FHIR R4 `document` Bundle whose first entry is the Composition
 * (LOINC 60591-5) with the three required sections — problems, allergies, medications — each holding an
 * entry, an "absent-unknown" one when we know of none; and results and immunizations when there are any.
 */
export function ipsBundle(
  profile: UserProfile,
  records: readonly IpsRecord[],
  results: readonly IpsResult[],
  now: Date,
): Resource {
  const entries: { fullUrl: string; resource: Resource }[] = [];
  const add = (resource: Resource) => {
    const fullUrl = `urn:uuid:${randomUUID()}`;
    entries.push({ fullUrl, resource });
    return fullUrl;
  };
  const patientUrl = add({
    resourceType: 'Patient',
    meta: { profile: [`${IPS}/Patient-uv-ips`] },
    name: [{ text: profile.name || profile.email }],
    telecom: [{ system: 'email', value: profile.email }],
  });
  const subject = { reference: patientUrl };
  const byCategory = (category: string) => records.filter((r) => r.category === category);
  const absent = (code: string) => ({ coding: [{ system: ABSENT, code, display: ABSENT_DISPLAY[code] }] });

  const problems = byCategory('condition').map((r) =>
    add({
      resourceType: 'Condition',
      meta: { profile: [`${IPS}/Condition-uv-ips`] },
      clinicalStatus: {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/condition-clinical',
            code:
              r.ended_at !== null || r.status === 'resolved' || r.status === 'inactive'
                ? 'resolved'
                : 'active',
          },
        ],
      },
      code: { text: r.display },
      subject,
      ...(r.recorded_at !== null ? { onsetDateTime: iso(r.recorded_at) } : {}),
    }),
  );
  const allergies = byCategory('allergy').map((r) =>
    add({
      resourceType: 'AllergyIntolerance',
      meta: { profile: [`${IPS}/AllergyIntolerance-uv-ips`] },
      code: { text: r.display },
      patient: subject,
      ...(r.recorded_at !== null ? { recordedDate: iso(r.recorded_at) } : {}),
    }),
  );
  const medications = byCategory('medication').map((r) =>
    add({
      resourceType: 'MedicationStatement',
      meta: { profile: [`${IPS}/MedicationStatement-uv-ips`] },
      status: r.ended_at !== null ? 'completed' : 'active',
      medicationCodeableConcept: { text: r.display },
      subject,
      ...(r.recorded_at !== null ? { effectiveDateTime: iso(r.recorded_at) } : {}),
    }),
  );
  const immunizations = byCategory('immunization').map((r) =>
    add({
      resourceType: 'Immunization',
      meta: { profile: [`${IPS}/Immunization-uv-ips`] },
      status: 'completed',
      vaccineCode: { text: r.display },
      patient: subject,
      occurrenceDateTime: iso(r.recorded_at) ?? now.toISOString(),
    }),
  );
  const labs = results.map((r) => {
    const loinc = getMetric(r.kind)?.loinc;
    const quantity = (value: number) => ({ value, unit: r.unit, system: UCUM, code: r.unit });
    return add({
      resourceType: 'Observation',
      meta: { profile: [`${IPS}/Observation-results-laboratory-uv-ips`] },
      status: 'final',
      category: [
        {
          coding: [
            { system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory' },
          ],
        },
      ],
      code: { text: r.name, ...(loinc ? { coding: [{ system: LOINC, code: loinc }] } : {}) },
      subject,
      effectiveDateTime: r.at,
      valueQuantity: quantity(r.value),
      ...(r.low !== null || r.high !== null
        ? {
            referenceRange: [
              {
                ...(r.low !== null ? { low: quantity(r.low) } : {}),
                ...(r.high !== null ? { high: quantity(r.high) } : {}),
              },
            ],
          }
        : {}),
      ...(r.flag ? { interpretation: [{ text: r.flag }] } : {}),
    });
  });

  // The required sections get an explicit "no information" entry when we know of nothing.
  const required = (refs: string[], resource: () => Resource) => (refs.length > 0 ? refs : [add(resource())]);
  const problemRefs = required(problems, () => ({
    resourceType: 'Condition',
    code: absent('no-problem-info'),
    subject,
  }));
  const allergyRefs = required(allergies, () => ({
    resourceType: 'AllergyIntolerance',
    code: absent('no-allergy-info'),
    patient: subject,
  }));
  const medicationRefs = required(medications, () => ({
    resourceType: 'MedicationStatement',
    status: 'unknown',
    medicationCodeableConcept: absent('no-medication-info'),
    subject,
  }));

  const textOf = (refs: string[]) =>
    refs.map((ref) => {
      const r = entries.find((e) => e.fullUrl === ref)?.resource ?? {};
      const code = (r.code ?? r.medicationCodeableConcept ?? r.vaccineCode) as
        { text?: string; coding?: { display?: string }[] } | undefined;
      const value = r.valueQuantity as { value: number; unit: string } | undefined;
      const name = code?.text ?? code?.coding?.[0]?.display ?? 'Entry';
      return value ? `${name}: ${value.value} ${value.unit}` : name;
    });
  const section = (key: keyof typeof IPS_SECTIONS, refs: string[]) => {
    const s = IPS_SECTIONS[key];
    return {
      title: s.title,
      code: { coding: [{ system: LOINC, code: s.code, display: s.display }] },
      text: narrative(textOf(refs)),
      entry: refs.map((reference) => ({ reference })),
    };
  };
  const sections = [
    section('problems', problemRefs),
    section('allergies', allergyRefs),
    section('medications', medicationRefs),
    ...(immunizations.length > 0 ? [section('immunizations', immunizations)] : []),
    ...(labs.length > 0 ? [section('results', labs)] : []),
  ];
  const composition = {
    fullUrl: `urn:uuid:${randomUUID()}`,
    resource: {
      resourceType: 'Composition',
      meta: { profile: [`${IPS}/Composition-uv-ips`] },
      status: 'final',
      type: { coding: [{ system: LOINC, code: '60591-5', display: 'Patient summary Document' }] },
      subject,
      date: now.toISOString(),
      author: [{ display: 'Healthfolio' }],
      title: `International Patient Summary of ${profile.name || profile.email}`,
      confidentiality: 'N',
      section: sections,
    },
  };
  return {
    resourceType: 'Bundle',
    meta: { profile: [`${IPS}/Bundle-uv-ips`] },
    identifier: { system: 'urn:ietf:rfc:3986', value: `urn:uuid:${randomUUID()}` },
    type: 'document',
    timestamp: now.toISOString(),
    entry: [composition, ...entries],
  };
}
