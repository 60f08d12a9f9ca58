// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import type { ImportJob } from '@healthfolio/core';
import { afterEach, describe, expect, it } from 'vitest';
import { onApi } from '../../test/msw';
import { ImportHistory } from './ImportHistory';
import { importJob, reportJob, testQueryClient, WithQueries } from './test-utils';

/** `GET /api/imports` answers these imports. */
const serveImports = (items: ImportJob[]) => onApi('get', '/api/imports', { items });

function renderHistory() {
  render(
    <WithQueries client={testQueryClient()}>
      <ImportHistory />
    </WithQueries>,
  );
}

describe('ImportHistory', () => {
  afterEach(() => {
    cleanup();
  });

  it('says so when there are no imports yet', async () => {
    serveImports([]);
    renderHistory();
    expect(await screen.findByText('No imports yet — drop an export file above')).toBeTruthy();
  });

  it('lists each import with its format, status and counts', async () => {
    serveImports([
      importJob({ id: 'b', status: 'succeeded', inserted: 0, duplicates: 30 }),
      importJob({ id: 'a', status: 'failed', fileName: 'export.zip', formatLabel: 'Apple Health export' }),
    ]);
    renderHistory();
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('clarity.csv');
    expect(items[0]?.textContent).toContain('Dexcom Clarity CSV');
    expect(items[0]?.textContent).toContain('0 added, 30 already there, 0 rejected');
    expect(items[0]?.textContent).toContain('Imported');
    expect(items[1]?.textContent).toContain('Apple Health export');
    expect(items[1]?.textContent).toContain('Failed');
  });

  it('offers a report waiting for review, and its original PDF', async () => {
    serveImports([reportJob()]);
    renderHistory();
    const [item] = await screen.findAllByRole('listitem');
    expect(item?.textContent).toContain('4 results read, not saved until reviewed');
    expect(item?.textContent).toContain('Needs review');
    expect(screen.getByRole('button', { name: 'Review' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download original PDF' })).toBeTruthy();
  });
});
