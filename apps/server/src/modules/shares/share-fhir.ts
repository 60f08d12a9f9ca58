import { randomUUID } from 'node:crypto';
import { getMetric, type PublicShare } from '@healthfolio/core';

type Resource = Record<string, unknown>;

const UCUM = 'http://unitsofmeasure.org';
const CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';

/** Clinical record categories → the FHIR resource that carries them, with the text as its code. */
const CLINICAL: Record<string, { type: string; code: string; date: string; status?: string }> = {
  condition: { type: 'Condition', code: 'code', date: 'recordedDate' },
  allergy: { type: 'AllergyIntolerance', code: 'code', date: 'recordedDate' },
  medication: {
    type: 'MedicationStatement',
    code: 'medicationCodeableConcept',
    date: 'dateAsserted',
    status: 'unknown',
  },
  immunization: {
    type: 'Immunization',
    code: 'vaccineCode',
    date: 'occurrenceDateTime',
    status: 'completed',
  },
  procedure: { type: 'Procedure', code: 'code', date: 'performedDateTime', status: 'completed' },
};

/** Resources whose person is `patient`, not `subject`. */
const PATIENT_REFERENCE = new Set(['AllergyIntolerance', 'Immunization']);

/**
 * A share as a FHIR R4 `collection` Bundle (the payload of its SMART Health Link): the Patient (no name
 * when anonymised, never an identifier), a daily Observation per shared metric value, an Observation
 * per lab result with its range and flag, and the clinical records as their own resources.
 */
export function shareBundle(share: PublicShare): Resource {
  const patientUrl = `urn:uuid:${randomUUID()}`;
  const subject = { reference: patientUrl };
  const entries: { fullUrl: string; resource: Resource }[] = [];
  const add = (resource: Resource) => entries.push({ fullUrl: `urn:uuid:${randomUUID()}`, resource });
  entries.push({
    fullUrl: patientUrl,
    resource: {
      resourceType: 'Patient',
      ...(share.person?.name ? { name: [{ text: share.person.name }] } : {}),
    },
  });
  for (const [section, series] of Object.entries(share.series)) {
    for (const s of series) {
      const loinc = getMetric(s.kind)?.loinc;
      for (const day of s.days) {
        add({
          resourceType: 'Observation',
          status: 'final',
          category: [
            { coding: [{ system: CATEGORY, code: section === 'activity' ? 'activity' : 'vital-signs' }] },
          ],
          code: {
            text: `${s.label} (daily)`,
            ...(loinc ? { coding: [{ system: 'http://loinc.org', code: loinc }] } : {}),
          },
          subject,
          effectiveDateTime: day.day,
          valueQuantity: { value: day.value, unit: s.unit, system: UCUM, code: s.unit },
        });
      }
    }
  }
  for (const lab of share.labs ?? []) {
    const loinc = getMetric(lab.kind)?.loinc;
    add({
      resourceType: 'Observation',
      status: 'final',
      category: [{ coding: [{ system: CATEGORY, code: 'laboratory' }] }],
      code: { text: lab.name, ...(loinc ? { coding: [{ system: 'http://loinc.org', code: loinc }] } : {}) },
      subject,
      effectiveDateTime: lab.day,
      valueQuantity: { value: lab.value, unit: lab.unit, system: UCUM, code: lab.unit },
      ...(lab.low !== null || lab.high !== null
        ? {
            referenceRange: [
              {
                ...(lab.low !== null
                  ? { low: { value: lab.low, unit: lab.unit, system: UCUM, code: lab.unit } }
                  : {}),
                ...(lab.high !== null
                  ? { high: { value: lab.high, unit: lab.unit, system: UCUM, code: lab.unit } }
                  : {}),
              },
            ],
          }
        : {}),
      ...(lab.flag ? { interpretation: [{ text: lab.flag }] } : {}),
    });
  }
  for (const record of share.clinical ?? []) {
    const shape = CLINICAL[record.category];
    if (!shape) continue;
    add({
      resourceType: shape.type,
      ...(shape.status ? { status: shape.status } : {}),
      [shape.code]: { text: record.display },
      [PATIENT_REFERENCE.has(shape.type) ? 'patient' : 'subject']: subject,
      ...(record.recordedAt ? { [shape.date]: record.recordedAt } : {}),
    });
  }
  return {
    resourceType: 'Bundle',
    type: 'collection',
    timestamp: share.generatedAt,
    entry: entries,
  };
}
