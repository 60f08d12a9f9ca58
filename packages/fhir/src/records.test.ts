import { describe, expect, it } from 'vitest';
import type { Resource } from './fhir-types';
import { mapClinicalRecords } from './records';
import {
  usCoreMedication as medication,
  usCoreReferencedRequest as referencedRequest,
} from './test-fixtures';

const zone = 'America/New_York';
const options = { zone, source: 'epic' };
const at = (iso: string) => Date.parse(iso);

// Shaped after the US Core 6.1 examples (hl7.org/fhir/us/core): Condition "example", Procedure
// "rehab", MedicationRequest "self-tylenol", Immunization "imm-1", AllergyIntolerance "example",
// Encounter "example-1".
const condition: Resource = {
  resourceType: 'Condition',
  id: 'example',
  clinicalStatus: {
    coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: 'resolved' }],
  },
  verificationStatus: {
    coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-ver-status', code: 'confirmed' }],
  },
  category: [
    {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/condition-category',
          code: 'encounter-diagnosis',
          display: 'Encounter Diagnosis',
        },
      ],
    },
  ],
  code: {
    coding: [
      { system: 'http://snomed.info/sct', code: '442311008', display: 'Liveborn born in hospital' },
      {
        system: 'http://hl7.org/fhir/sid/icd-10-cm',
        code: 'Z38.00',
        display: 'Single liveborn infant, delivered vaginally',
      },
    ],
    text: 'Single liveborn, born in hospital',
  },
  subject: { reference: 'Patient/example' },
  onsetDateTime: '2016-08-10T07:15:07-08:00',
  abatementDateTime: '2016-08-12T08:00:00-08:00',
  recordedDate: '2016-08-10T07:15:07-08:00',
};

const procedure: Resource = {
  resourceType: 'Procedure',
  id: 'rehab',
  status: 'completed',
  code: {
    coding: [{ system: 'http://snomed.info/sct', code: '36358004', display: 'Reprogramming of pacemaker' }],
  },
  subject: { reference: 'Patient/example' },
  performedPeriod: { start: '2017-06-29', end: '2017-06-30' },
  performer: [{ actor: { reference: 'Practitioner/practitioner-1', display: 'Ronald Bone, MD' } }],
  location: { reference: 'Location/hl7east', display: 'Health Level Seven International - Amherst' },
};

const medicationRequest: Resource = {
  resourceType: 'MedicationRequest',
  id: 'self-tylenol',
  status: 'active',
  intent: 'plan',
  reportedBoolean: true,
  medicationCodeableConcept: {
    coding: [
      {
        system: 'http://www.nlm.nih.gov/research/umls/rxnorm',
        code: '1187314',
        display: 'Tylenol PM Pill',
      },
    ],
    text: 'Tylenol PM Pill',
  },
  subject: { reference: 'Patient/example', display: 'Amy V. Shaw' },
  authoredOn: '2019-06-24',
  requester: { reference: 'Patient/example', display: 'Amy V. Shaw' },
  dosageInstruction: [{ text: 'Takes 1-2 tablets once daily at bedtime as needed for restless legs' }],
};

const containedRequest: Resource = {
  resourceType: 'MedicationRequest',
  id: 'uscore-mo2',
  contained: [
    {
      resourceType: 'Medication',
      id: 'uscore-med2',
      code: {
        coding: [
          {
            system: 'http://www.nlm.nih.gov/research/umls/rxnorm',
            code: '206765',
            display: 'Prinivil 10 MG Oral Tablet',
          },
        ],
      },
    },
  ],
  status: 'completed',
  intent: 'order',
  medicationReference: { reference: '#uscore-med2' },
  subject: { reference: 'Patient/example' },
  authoredOn: '2008-04-05',
  dosageInstruction: [
    {
      timing: {
        repeat: {
          frequency: 1,
          period: 1,
          periodUnit: 'd',
          boundsPeriod: { start: '2008-04-05', end: '2008-10-05' },
        },
      },
      doseAndRate: [{ doseQuantity: { value: 1, unit: 'TAB' } }],
    },
  ],
};

const statement: Resource = {
  resourceType: 'MedicationStatement',
  id: 'ms-1',
  status: 'stopped',
  medicationCodeableConcept: {
    coding: [
      {
        system: 'http://www.nlm.nih.gov/research/umls/rxnorm',
        code: '197361',
        display: 'Amlodipine 5 MG Oral Tablet',
      },
    ],
  },
  subject: { reference: 'Patient/example' },
  effectivePeriod: { start: '2020-01-15', end: '2021-03-01' },
  dosage: [{ text: '5 mg by mouth daily' }],
};

const immunization: Resource = {
  resourceType: 'Immunization',
  id: 'imm-1',
  status: 'completed',
  vaccineCode: {
    coding: [
      {
        system: 'http://hl7.org/fhir/sid/cvx',
        code: '140',
        display: 'Influenza, seasonal, injectable, preservative free',
      },
      { system: 'http://hl7.org/fhir/sid/ndc', code: '49281-0703-55', display: 'FLUZONE QUADRIVALENT' },
    ],
    text: 'Influenza, seasonal, injectable, preservative free',
  },
  patient: { reference: 'Patient/example' },
  occurrenceDateTime: '2020-11-19T12:00:00-05:00',
  primarySource: true,
  location: { reference: 'Location/hl7east', display: 'Health Level Seven International - Amherst' },
  lotNumber: 'AAJN11K',
  site: {
    coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ActSite', code: 'LA', display: 'left arm' }],
  },
  doseQuantity: { value: 0.5, unit: 'mL', system: 'http://unitsofmeasure.org', code: 'mL' },
};

const allergy: Resource = {
  resourceType: 'AllergyIntolerance',
  id: 'example',
  clinicalStatus: {
    coding: [
      {
        system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical',
        code: 'active',
        display: 'Active',
      },
    ],
  },
  verificationStatus: {
    coding: [
      { system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification', code: 'confirmed' },
    ],
  },
  type: 'allergy',
  category: ['medication'],
  criticality: 'high',
  code: {
    coding: [
      { system: 'http://www.nlm.nih.gov/research/umls/rxnorm', code: '7980', display: 'Penicillin G' },
    ],
  },
  patient: { reference: 'Patient/example' },
  recordedDate: '2019-03-12',
  reaction: [
    {
      manifestation: [
        {
          coding: [{ system: 'http://snomed.info/sct', code: '247472004', display: 'Hives' }],
          text: 'Hives',
        },
        { coding: [{ system: 'http://snomed.info/sct', code: '271807003', display: 'Skin rash' }] },
      ],
      severity: 'moderate',
    },
  ],
};

const encounter: Resource = {
  resourceType: 'Encounter',
  id: 'example-1',
  status: 'finished',
  class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB', display: 'ambulatory' },
  type: [
    {
      coding: [
        {
          system: 'http://www.ama-assn.org/go/cpt',
          code: '99213',
          display: 'Office or other outpatient visit',
        },
      ],
      text: 'Office Visit',
    },
  ],
  subject: { reference: 'Patient/example' },
  period: { start: '2015-11-01T17:00:14-05:00', end: '2015-11-01T18:00:14-05:00' },
  location: [{ location: { reference: 'Location/hospital', display: 'Holy Family Hospital' } }],
  serviceProvider: { reference: 'Organization/example', display: 'Acme Clinic' },
};

describe('mapClinicalRecords', () => {
  it('maps a Condition: its text, clinical status, onset and abatement, every code', () => {
    const [record] = mapClinicalRecords([condition], options);
    expect(record).toEqual({
      source: 'epic',
      resourceType: 'Condition',
      originId: 'example',
      category: 'condition',
      display: 'Single liveborn, born in hospital',
      status: 'resolved',
      recordedAt: at('2016-08-10T07:15:07-08:00'),
      endedAt: at('2016-08-12T08:00:00-08:00'),
      detail: expect.objectContaining({
        codes: [
          { system: 'http://snomed.info/sct', code: '442311008', display: 'Liveborn born in hospital' },
          {
            system: 'http://hl7.org/fhir/sid/icd-10-cm',
            code: 'Z38.00',
            display: 'Single liveborn infant, delivered vaginally',
          },
        ],
        categories: ['Encounter Diagnosis'],
        verificationStatus: 'confirmed',
      }),
    });
  });

  it('dates a Condition without onset from its recordedDate, and names it from a coding display', () => {
    const [record] = mapClinicalRecords(
      [
        {
          resourceType: 'Condition',
          id: 'c2',
          code: {
            coding: [
              { system: 'http://snomed.info/sct', code: '38341003', display: 'Hypertensive disorder' },
            ],
          },
          recordedDate: '2021-02-11',
        },
      ],
      options,
    );
    expect(record).toMatchObject({
      display: 'Hypertensive disorder',
      status: null,
      recordedAt: at('2021-02-11T00:00:00-05:00'),
      endedAt: null,
    });
  });

  it('maps a Procedure over its performed period, with performer and location', () => {
    const [record] = mapClinicalRecords([procedure], options);
    expect(record).toMatchObject({
      resourceType: 'Procedure',
      category: 'procedure',
      display: 'Reprogramming of pacemaker',
      status: 'completed',
      recordedAt: at('2017-06-29T00:00:00-04:00'),
      endedAt: at('2017-06-30T00:00:00-04:00'),
      detail: {
        codes: [
          { system: 'http://snomed.info/sct', code: '36358004', display: 'Reprogramming of pacemaker' },
        ],
        performers: ['Ronald Bone, MD'],
        location: 'Health Level Seven International - Amherst',
      },
    });
  });

  it('names medications from the concept, a contained Medication or a Medication on the same page', () => {
    const records = mapClinicalRecords(
      [medicationRequest, containedRequest, medication, referencedRequest],
      options,
    );
    expect(records.map((r) => [r.originId, r.category, r.display, r.status])).toEqual([
      ['self-tylenol', 'medication', 'Tylenol PM Pill', 'active'],
      ['uscore-mo2', 'medication', 'Prinivil 10 MG Oral Tablet', 'completed'],
      ['uscore-mo1', 'medication', 'Nizatidine 15 MG/ML Oral Solution [Axid]', 'active'],
    ]);
    const [tylenol, prinivil] = records;
    expect(tylenol!.recordedAt).toBe(at('2019-06-24T00:00:00-04:00'));
    expect(tylenol!.detail).toMatchObject({
      dosage: ['Takes 1-2 tablets once daily at bedtime as needed for restless legs'],
      intent: 'plan',
      requester: 'Amy V. Shaw',
      codes: [
        {
          system: 'http://www.nlm.nih.gov/research/umls/rxnorm',
          code: '1187314',
          display: 'Tylenol PM Pill',
        },
      ],
    });
    expect(prinivil!.detail).toMatchObject({
      dosage: ['1 TAB, 1 time every day'],
      codes: [{ code: '206765', display: 'Prinivil 10 MG Oral Tablet' }],
    });
    expect(prinivil!.endedAt).toBe(at('2008-10-05T00:00:00-04:00'));
  });

  it('falls back to the reference display when the Medication is not on the page', () => {
    const [record] = mapClinicalRecords(
      [
        {
          ...referencedRequest,
          medicationReference: { reference: 'Medication/elsewhere', display: 'Lisinopril 10 mg' },
        },
      ],
      options,
    );
    expect(record!.display).toBe('Lisinopril 10 mg');
  });

  it('maps a MedicationStatement over its effective period', () => {
    const [record] = mapClinicalRecords([statement], options);
    expect(record).toMatchObject({
      resourceType: 'MedicationStatement',
      category: 'medication',
      display: 'Amlodipine 5 MG Oral Tablet',
      status: 'stopped',
      recordedAt: at('2020-01-15T00:00:00-05:00'),
      endedAt: at('2021-03-01T00:00:00-05:00'),
      detail: { dosage: ['5 mg by mouth daily'] },
    });
  });

  it('maps an Immunization with its CVX code, lot, site and dose', () => {
    const [record] = mapClinicalRecords([immunization], options);
    expect(record).toMatchObject({
      category: 'immunization',
      display: 'Influenza, seasonal, injectable, preservative free',
      status: 'completed',
      recordedAt: at('2020-11-19T12:00:00-05:00'),
      endedAt: null,
      detail: {
        cvx: '140',
        lotNumber: 'AAJN11K',
        site: 'left arm',
        dose: '0.5 mL',
        primarySource: true,
        location: 'Health Level Seven International - Amherst',
      },
    });
    expect((record!.detail.codes as unknown[]).length).toBe(2);
  });

  it('maps an AllergyIntolerance with its reactions, severity and criticality', () => {
    const [record] = mapClinicalRecords([allergy], options);
    expect(record).toMatchObject({
      category: 'allergy',
      display: 'Penicillin G',
      status: 'active',
      recordedAt: at('2019-03-12T00:00:00-04:00'),
      detail: {
        criticality: 'high',
        type: 'allergy',
        categories: ['medication'],
        reactions: [{ manifestations: ['Hives', 'Skin rash'], severity: 'moderate' }],
      },
    });
  });

  it('maps an Encounter: its type, period, location and service provider', () => {
    const [record] = mapClinicalRecords([encounter], options);
    expect(record).toMatchObject({
      category: 'encounter',
      display: 'Office Visit',
      status: 'finished',
      recordedAt: at('2015-11-01T17:00:14-05:00'),
      endedAt: at('2015-11-01T18:00:14-05:00'),
      detail: {
        class: 'ambulatory',
        locations: ['Holy Family Hospital'],
        serviceProvider: 'Acme Clinic',
      },
    });
  });

  it('names an Encounter without a type by its class', () => {
    const [record] = mapClinicalRecords(
      [{ resourceType: 'Encounter', id: 'e2', status: 'finished', class: { code: 'EMER' } }],
      options,
    );
    expect(record).toMatchObject({ display: 'Emergency visit', recordedAt: null });
  });

  it('leaves out entered-in-error resources and types the view does not show', () => {
    const records = mapClinicalRecords(
      [
        { ...condition, id: 'wrong', verificationStatus: { coding: [{ code: 'entered-in-error' }] } },
        { ...procedure, id: 'wrong-p', status: 'entered-in-error' },
        { ...allergy, id: 'wrong-a', verificationStatus: { coding: [{ code: 'entered-in-error' }] } },
        { resourceType: 'Observation', id: 'o1', status: 'final', code: { text: 'Weight' } },
        medication,
        { resourceType: 'Patient', id: 'example' },
        immunization,
      ],
      options,
    );
    expect(records.map((r) => r.originId)).toEqual(['imm-1']);
  });

  it('gives a resource without an id the same origin id whatever order its fields come in', () => {
    const a: Resource = { resourceType: 'Condition', code: { text: 'Asthma' }, recordedDate: '2020-01-01' };
    const b: Resource = { recordedDate: '2020-01-01', code: { text: 'Asthma' }, resourceType: 'Condition' };
    const c: Resource = { resourceType: 'Condition', code: { text: 'Eczema' }, recordedDate: '2020-01-01' };
    const [first] = mapClinicalRecords([a], options);
    const [second] = mapClinicalRecords([b], options);
    const [other] = mapClinicalRecords([c], options);
    expect(first!.originId).toMatch(/^sha256:[0-9a-f]{32}$/);
    expect(second!.originId).toBe(first!.originId);
    expect(other!.originId).not.toBe(first!.originId);
  });

  it('writes the records under the source it is given', () => {
    const records = mapClinicalRecords([condition, encounter], { zone: 'UTC', source: 'va' });
    expect(records.map((r) => r.source)).toEqual(['va', 'va']);
  });
});
