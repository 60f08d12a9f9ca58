import type { ClinicalRecord, ClinicalSummary } from '@healthfolio/core';

/** Ada's type 2 diabetes from her Epic chart, as the server describes it; override the rest. */
export function clinicalRecord(overrides: Partial<ClinicalRecord> = {}): ClinicalRecord {
  return {
    id: '1',
    source: 'epic',
    resourceType: 'Condition',
    category: 'condition',
    recordedAt: '2019-06-01T16:00:00.000Z',
    endedAt: null,
    display: 'Type 2 diabetes mellitus',
    status: 'active',
    detail: {
      codes: [{ system: 'http://snomed.info/sct', code: '44054006', display: 'Diabetes mellitus type 2' }],
    },
    ...overrides,
  };
}

export function clinicalSummary(overrides: Partial<ClinicalSummary> = {}): ClinicalSummary {
  return {
    total: 0,
    categories: { condition: 0, procedure: 0, medication: 0, immunization: 0, allergy: 0, encounter: 0 },
    sources: [],
    ...overrides,
  };
}
