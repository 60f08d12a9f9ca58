import { describe, expect, it } from 'vitest';
import { groupMedications, medicationLine, readableDrugName } from './medication-groups';
import { clinicalRecord } from './test-utils';

const RXNORM = 'http://www.nlm.nih.gov/research/umls/rxnorm';
const med = (display: string, code: string, codingDisplay = display, extra = {}) =>
  clinicalRecord({
    category: 'medication',
    resourceType: 'MedicationRequest',
    display,
    detail: { codes: [{ system: RXNORM, code, display: codingDisplay }] },
    ...extra,
  });

describe('medications', () => {
  it('makes RxNorm names readable, and leaves a record’s own words alone', () => {
    expect(
      readableDrugName(med('24 HR metformin hydrochloride 500 MG Extended Release Oral Tablet', '860975')),
    ).toBe('Metformin hydrochloride 500 mg extended-release tablet');
    expect(readableDrugName(med('200 ACTUAT albuterol 0.09 MG/ACTUAT Metered Dose Inhaler', '745679'))).toBe(
      'Albuterol 0.09 mg per puff inhaler',
    );
    expect(readableDrugName(med('lisinopril 10 MG Oral Tablet', '314076'))).toBe('Lisinopril 10 mg tablet');
    // A name that is only the code takes RxNorm's display.
    expect(readableDrugName(med('617310', '617310', 'atorvastatin 20 MG Oral Tablet'))).toBe(
      'Atorvastatin 20 mg tablet',
    );
    expect(
      readableDrugName(med('Metformin (Glucophage) 500 mg', '860975', 'metformin 500 MG Oral Tablet')),
    ).toBe('Metformin (Glucophage) 500 mg');
  });

  it('groups by drug with the span of its prescriptions, the drug taken now first', () => {
    const groups = groupMedications([
      med('lisinopril 10 MG Oral Tablet', '314076', undefined, {
        id: 'l1',
        status: 'stopped',
        recordedAt: '2019-01-10T12:00:00.000Z',
        endedAt: '2020-03-01T12:00:00.000Z',
      }),
      med('lisinopril 10 MG Oral Tablet', '314076', undefined, {
        id: 'l2',
        status: 'completed',
        recordedAt: '2019-07-10T12:00:00.000Z',
        endedAt: null,
      }),
      med('atorvastatin 20 MG Oral Tablet', '617310', undefined, {
        id: 'a1',
        status: 'active',
        recordedAt: '2018-02-01T12:00:00.000Z',
        detail: { codes: [{ system: RXNORM, code: '617310' }], refills: 1 },
      }),
    ]);
    expect(groups.map((g) => [g.name, g.records.map((r) => r.id), medicationLine(g)])).toEqual([
      ['atorvastatin 20 MG Oral Tablet', ['a1'], 'Feb 2018 – now · prescribed once · 1 refill allowed'],
      ['Lisinopril 10 mg tablet', ['l2', 'l1'], 'Jan 2019 – Mar 2020 · prescribed 2 times'],
    ]);
  });
});
