// @vitest-environment jsdom
import { describeSkipped } from '@healthfolio/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ImportCard } from './ImportCard';
import { importJob, testQueryClient, WithQueries } from './test-utils';

const skippedTypes = [
  {
    type: 'HKQuantityTypeIdentifierAppleWalkingSteadiness',
    count: 12,
    reason: 'Healthfolio has no metric for it yet',
  },
  { type: 'ActivitySummary', count: 365, reason: 'daily totals that repeat the records' },
];

describe('ImportCard', () => {
  afterEach(cleanup);

  it('accounts for every record: updated and skipped counts, and what was skipped and why', async () => {
    const job = importJob({
      status: 'succeeded',
      fileName: 'export.zip',
      formatLabel: 'Apple Health export (export.zip or export.xml)',
      recordsRead: 1000,
      inserted: 600,
      updated: 20,
      duplicates: 3,
      rejected: 0,
      skipped: 377,
      skippedTypes,
      warnings: ['This export belongs to Jane Doe, not to you', ...skippedTypes.map(describeSkipped)],
    });
    render(
      <WithQueries client={testQueryClient()}>
        <ImportCard job={job} />
      </WithQueries>,
    );
    expect(
      screen.getByText('Imported: 600 added, 20 updated, 3 already there, 0 rejected, 377 skipped'),
    ).toBeTruthy();
    // The owner warning stays a warning; the skipped types are one folded list, not an alert each.
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Imported: 600 added, 20 updated, 3 already there, 0 rejected, 377 skipped',
      'This export belongs to Jane Doe, not to you',
    ]);
    await userEvent.click(
      screen.getByRole('button', { name: 'Show what was skipped and why (377 records of 2 types)' }),
    );
    const rows = within(screen.getByRole('table', { name: 'Skipped records' })).getAllByRole('row');
    expect(rows.map((r) => [...r.querySelectorAll('th,td')].map((c) => c.textContent))).toEqual([
      ['Type', 'Records', 'Why'],
      ['ActivitySummary', '365', 'daily totals that repeat the records'],
      ['HKQuantityTypeIdentifierAppleWalkingSteadiness', '12', 'Healthfolio has no metric for it yet'],
    ]);
  });
});
