// @vitest-environment jsdom
import type { ClinicalCategory, ClinicalRecord } from '@healthfolio/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { signedIn } from '../../test/app-test-utils';
import { apiError, inTurn, onApi, type Reply } from '../../test/msw';
import { ClinicalView } from './ClinicalView';
import { clinicalRecord, clinicalSummary } from './test-utils';

const diabetes = clinicalRecord();
const hypertension = clinicalRecord({
  id: '2',
  display: 'Hypertension',
  status: 'resolved',
  recordedAt: '2021-02-11T12:00:00.000Z',
  endedAt: '2022-03-01T12:00:00.000Z',
});
const metformin = clinicalRecord({
  id: '3',
  resourceType: 'MedicationRequest',
  category: 'medication',
  display: 'METFORMIN HCL 500MG TAB',
  source: 'va',
  recordedAt: '2015-04-29T16:00:00.000Z',
  detail: { dosage: ['TAKE ONE TABLET BY MOUTH TWICE A DAY WITH MEALS'], requester: 'DR. JOHN SMITH' },
});
const penicillin = clinicalRecord({
  id: '4',
  resourceType: 'AllergyIntolerance',
  category: 'allergy',
  display: 'Penicillin G',
  recordedAt: '2010-03-12T13:00:00.000Z',
  detail: { criticality: 'high', reactions: [{ manifestations: ['Hives'], severity: 'moderate' }] },
});

const summary = clinicalSummary({
  total: 4,
  categories: { condition: 2, procedure: 0, medication: 1, immunization: 0, allergy: 1, encounter: 0 },
  sources: [
    { source: 'epic', name: 'Epic MyChart', count: 3 },
    { source: 'va', name: 'VA Health', count: 1 },
  ],
});

/** `GET /api/clinical-records/summary` answers these, in turn. */
const serveSummary = (...replies: Reply[]) =>
  onApi('get', '/api/clinical-records/summary', inTurn(...replies));

/** `GET /api/clinical-records?category=` answers each section's records. */
function serve(byCategory: Partial<Record<ClinicalCategory, ClinicalRecord[]>>) {
  return onApi('get', '/api/clinical-records', ({ query }) => ({
    items: byCategory[query.category as ClinicalCategory] ?? [],
    nextCursor: null,
  }));
}

const section = (name: string) => screen.getByRole('region', { name });

describe('ClinicalView', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
  });

  it('shows each section with its count, and each record with date, status and source', async () => {
    serveSummary(summary);
    const records = serve({
      condition: [hypertension, diabetes],
      medication: [metformin],
      allergy: [penicillin],
    });
    render(signedIn(<ClinicalView />).ui);

    expect(await screen.findByText('Hypertension', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('4 records from Epic MyChart, VA Health')).toBeTruthy();
    for (const title of [
      'Conditions',
      'Procedures',
      'Medications',
      'Immunizations',
      'Allergies',
      'Encounters',
    ])
      expect(section(title)).toBeTruthy();

    const conditions = section('Conditions');
    expect(within(conditions).getByLabelText('2 records')).toBeTruthy();
    const items = within(conditions).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Hypertension'),
      expect.stringContaining('Type 2 diabetes mellitus'),
    ]);
    expect(items[0]!.textContent).toContain('Onset Feb 11, 2021 · ended Mar 1, 2022 · Epic MyChart');
    expect(items[1]!.textContent).toContain('Onset Jun 1, 2019 · Epic MyChart');
    expect(within(items[0]!).getByText('Resolved')).toBeTruthy();
    expect(within(items[1]!).getByText('Active')).toBeTruthy();

    const medication = await within(section('Medications')).findByText('METFORMIN HCL 500MG TAB');
    expect(medication.closest('li')!.textContent).toContain('Apr 2015 – now · prescribed once · VA Health');
    expect(medication.closest('li')!.textContent).toContain(
      'TAKE ONE TABLET BY MOUTH TWICE A DAY WITH MEALS · prescribed by DR. JOHN SMITH',
    );
    const allergy = await within(section('Allergies')).findByText('Penicillin G');
    expect(allergy.closest('li')!.textContent).toContain('Hives (moderate) · high criticality');

    expect(within(section('Procedures')).getByText('No procedures recorded.')).toBeTruthy();
    // Empty sections are not asked for.
    expect(records.map(({ query }) => query.category).sort()).toEqual(['allergy', 'condition', 'medication']);
  });

  it('groups a drug’s prescriptions and refills into one row, named from its RxNorm coding', async () => {
    const rxnorm = {
      system: 'http://www.nlm.nih.gov/research/umls/rxnorm',
      code: '860975',
      display: '24 HR metformin hydrochloride 500 MG Extended Release Oral Tablet',
    };
    const fill = (id: string, recordedAt: string, status: string) =>
      clinicalRecord({
        id,
        resourceType: 'MedicationRequest',
        category: 'medication',
        display: rxnorm.display,
        status,
        recordedAt,
        detail: {
          codes: [rxnorm],
          refills: 3,
          dosage: ['Take 1 tablet by mouth daily with the evening meal'],
        },
      });
    serveSummary(
      clinicalSummary({
        total: 3,
        categories: { ...summary.categories, condition: 0, medication: 3, allergy: 0 },
        sources: summary.sources,
      }),
    );
    const records = serve({
      medication: [
        fill('m3', '2026-05-02T12:00:00.000Z', 'active'),
        fill('m2', '2025-11-02T12:00:00.000Z', 'completed'),
        fill('m1', '2025-05-02T12:00:00.000Z', 'completed'),
      ],
    });
    render(signedIn(<ClinicalView />).ui);
    await screen.findByRole('region', { name: 'Medications' }, { timeout: 5000 });
    const name = await within(section('Medications')).findByText(
      'Metformin hydrochloride 500 mg extended-release tablet',
    );
    const rows = within(section('Medications')).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.textContent).toContain(
      'May 2025 – now · prescribed 3 times · 3 refills allowed each time · Epic MyChart',
    );
    expect(rows[0]!.textContent).toContain('Take 1 tablet by mouth daily with the evening meal');
    expect(within(name.closest('li')!).getByText('Active')).toBeTruthy();
    expect(screen.queryByText(/860975/)).toBeNull();
    expect(records.at(-1)?.query).toMatchObject({ category: 'medication', limit: '200' });
  });

  it('loads the next page of a section with its cursor', async () => {
    const user = userEvent.setup();
    serveSummary(
      clinicalSummary({
        total: 2,
        categories: { ...summary.categories, condition: 2, medication: 0, allergy: 0 },
      }),
    );
    const records = onApi('get', '/api/clinical-records', ({ query }) =>
      query.cursor === 'next'
        ? { items: [diabetes], nextCursor: null }
        : { items: [hypertension], nextCursor: 'next' },
    );
    render(signedIn(<ClinicalView />).ui);
    await screen.findByText('Hypertension');
    expect(screen.queryByText('Type 2 diabetes mellitus')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show more conditions' }));
    expect(await screen.findByText('Type 2 diabetes mellitus')).toBeTruthy();
    expect(records.at(-1)?.query).toMatchObject({ category: 'condition', cursor: 'next' });
    expect(screen.queryByRole('button', { name: 'Show more conditions' })).toBeNull();
  });

  it('says what to do when there are no records, linking to Sources', async () => {
    serveSummary(clinicalSummary());
    const records = serve({});
    render(signedIn(<ClinicalView />).ui);
    expect(await screen.findByText('No clinical records yet')).toBeTruthy();
    expect(screen.getByText(/import a FHIR export/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Sources' }).getAttribute('href')).toBe('/data-sources');
    expect(records).toEqual([]);
  });

  it('shows loading, then the API’s message and a retry that works', async () => {
    const user = userEvent.setup();
    serveSummary(apiError(500, 'internal', 'Something went wrong on our side.'), clinicalSummary());
    render(signedIn(<ClinicalView />).ui);
    expect(screen.getByRole('progressbar', { name: 'Loading clinical records' })).toBeTruthy();
    expect(await screen.findByText('Your clinical records could not be loaded')).toBeTruthy();
    expect(screen.getByText('Something went wrong on our side.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No clinical records yet')).toBeTruthy();
  });
});
