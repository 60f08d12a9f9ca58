import type { Resource } from './fhir-types';

/*
 * FHIR resources that the tests of several packages read (fhir, importers, connectors, sandbox), written
 * once. Tests only: exported as @healthfolio/fhir/test-fixtures, outside the package's index.
 */

// Shaped after the US Core 6.1 examples (hl7.org/fhir/us/core): Medication "uscore-med1" and the
// MedicationRequest "uscore-mo1" that names it by reference.

/** A Medication coded in RxNorm, which a MedicationRequest names by reference. */
export const usCoreMedication: Resource = {
  resourceType: 'Medication',
  id: 'uscore-med1',
  code: {
    coding: [
      {
        system: 'http://www.nlm.nih.gov/research/umls/rxnorm',
        code: '582620',
        display: 'Nizatidine 15 MG/ML Oral Solution [Axid]',
      },
    ],
  },
};

/** A MedicationRequest whose drug is only its reference to `usCoreMedication`. */
export const usCoreReferencedRequest: Resource = {
  resourceType: 'MedicationRequest',
  id: 'uscore-mo1',
  status: 'active',
  intent: 'order',
  medicationReference: { reference: 'Medication/uscore-med1' },
  subject: { reference: 'Patient/example' },
  authoredOn: '2008-04-05',
};

/** An EHR's laboratory glucose (LOINC 2345-7), final. */
export const labGlucose: Resource = {
  resourceType: 'Observation',
  id: 'lab-glu-1',
  status: 'final',
  category: [{ coding: [{ code: 'laboratory' }] }],
  code: { coding: [{ system: 'http://loinc.org', code: '2345-7', display: 'Glucose' }] },
  effectiveDateTime: '2026-11-20T08:00:00-05:00',
  valueQuantity: { value: 104, unit: 'mg/dL', system: 'http://unitsofmeasure.org', code: 'mg/dL' },
};

/** A Condition its EHR withdrew: verificationStatus entered-in-error. */
export const enteredInErrorCondition: Resource = {
  resourceType: 'Condition',
  id: 'cond-1',
  verificationStatus: { coding: [{ code: 'entered-in-error' }] },
  code: { coding: [{ system: 'http://snomed.info/sct', code: '44054006', display: 'Diabetes' }] },
  onsetDateTime: '2024-02-01',
};
