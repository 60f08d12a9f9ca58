// @vitest-environment jsdom
import type { ImportJob } from '@healthfolio/core';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, noContent, onApi, type ApiRequest, type Resolver } from '../../../test/msw';
import { ImportCard } from '../ImportCard';
import { useImportJob } from '../queries';
import { importJob, reportJob, testQueryClient, WithQueries } from '../test-utils';
import type { PdfPageViewProps } from './PdfPageView';
// pdf.js needs a real canvas; the page view says which page and region it would show instead.
vi.mock('./PdfPageView', () => ({
  PdfPageView: ({ page, region, regionLabel }: PdfPageViewProps) => (
    <p data-testid="pdf-view">
      {`Page ${page}`}
      {region && regionLabel ? `, box at ${region.x},${region.y}: ${regionLabel}` : ''}
    </p>
  ),
}));

/** The Sources page's card of Chen's report, following its import as ImportFile does. */
function ReportCard({ onDiscarded }: { onDiscarded: () => void }) {
  const job = useImportJob('imp_report');
  return job.data ? <ImportCard job={job.data} onDiscarded={onDiscarded} /> : null;
}

let current: ImportJob;
/** How `POST /api/imports/:id/confirm` answers; a test that saves sets it. */
let confirmReply: Resolver;
/** The review's saves and discards the server received. */
let confirms: ApiRequest[];
let discards: ApiRequest[];
/** The bodies of the saves, by import. */
const saved = () => confirms.map(({ path, body }) => [path.split('/')[3], body]);

function renderCard() {
  const client = testQueryClient();
  const onDiscarded = vi.fn();
  render(
    <WithQueries client={client}>
      <ReportCard onDiscarded={onDiscarded} />
    </WithQueries>,
  );
  return { client, onDiscarded };
}

async function openReview() {
  await userEvent.click(await screen.findByRole('button', { name: 'Review 4 results' }));
  return screen.findByRole('dialog', { name: 'Review chen-quest-2026.pdf' });
}

const rowOf = (dialog: HTMLElement, name: string) =>
  within(dialog)
    .getAllByTestId('review-row')
    .find((row) => row.textContent?.includes(name))!;

describe('reviewing a lab report before saving', () => {
  beforeEach(() => {
    current = reportJob();
    confirmReply = () => apiError(500, 'internal', 'This test does not save.');
    onApi('get', '/api/imports/:id', () => current);
    confirms = onApi('post', '/api/imports/:id/confirm', (request, call) => confirmReply(request, call));
    discards = onApi('delete', '/api/imports/:id', noContent());
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows every result read, with its catalogue kind, range and flag', async () => {
    renderCard();
    const dialog = await openReview();
    expect(within(dialog).getByText('Quest Diagnostics · Nov 12, 2026')).toBeTruthy();
    expect(within(dialog).getAllByTestId('review-row')).toHaveLength(4);

    const glucose = rowOf(dialog, 'GLUCOSE');
    expect(within(glucose).getByText('Glucose')).toBeTruthy();
    expect(within(glucose).getByRole('textbox', { name: 'Value of GLUCOSE' })).toHaveProperty('value', '105');
    expect(within(glucose).getByRole('textbox', { name: 'Unit of GLUCOSE' })).toHaveProperty(
      'value',
      'mg/dL',
    );
    expect(glucose.textContent).toContain('65-99');
    expect(glucose.textContent).toContain('High');

    expect(rowOf(dialog, 'LDL-CHOLESTEROL').textContent).toContain('≤ 100');
    expect(rowOf(dialog, 'HDL CHOLESTEROL').textContent).toContain('≥ 39');
    const omega = rowOf(dialog, 'OMEGA-3 INDEX');
    expect(within(omega).getByText('Not in catalogue — kept as custom')).toBeTruthy();
    expect(within(omega).getByRole('textbox', { name: 'Value of OMEGA-3 INDEX' })).toHaveProperty(
      'value',
      '<4.0',
    );
    expect(omega.textContent).toContain('Low');
    expect(within(dialog).getByRole('button', { name: 'Save 4 results' })).toBeTruthy();
  });

  it('shows the page region of the row selected, and of the row under the pointer', async () => {
    renderCard();
    const dialog = await openReview();
    const view = within(dialog).getByTestId('pdf-view');
    expect(view.textContent).toBe('Page 1, box at 36,194: GLUCOSE, line 1');
    await userEvent.click(rowOf(dialog, 'LDL-CHOLESTEROL'));
    expect(view.textContent).toBe('Page 1, box at 36,208: LDL-CHOLESTEROL, line 2');
    await userEvent.hover(rowOf(dialog, 'OMEGA-3 INDEX'));
    expect(view.textContent).toContain('OMEGA-3 INDEX, line 4');
    await userEvent.unhover(rowOf(dialog, 'OMEGA-3 INDEX'));
    expect(view.textContent).toContain('LDL-CHOLESTEROL, line 2');
  });

  it('saves a corrected value and a left-out row, then shows the import and refreshes the Dashboard', async () => {
    confirmReply = () => {
      current = reportJob({ status: 'succeeded', results: undefined, inserted: 3 });
      return current;
    };
    const { client } = renderCard();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const dialog = await openReview();
    const value = within(dialog).getByRole('textbox', { name: 'Value of GLUCOSE' });
    await userEvent.clear(value);
    await userEvent.type(value, '110');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Leave out HDL CHOLESTEROL' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save 3 results' }));

    await waitFor(() =>
      expect(saved()).toEqual([
        [
          'imp_report',
          {
            results: [
              { id: 'r1', value: 110, valueText: '110' },
              { id: 'r3', skip: true },
            ],
          },
        ],
      ]),
    );
    expect(await screen.findByText('Imported: 3 added, 0 already there, 0 rejected')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['metrics'] });
    // The original stays downloadable from the card.
    expect(screen.getByRole('button', { name: 'Download original PDF' })).toBeTruthy();
  });

  it('refuses a value that is neither a number nor the printed text', async () => {
    renderCard();
    const dialog = await openReview();
    const value = within(dialog).getByRole('textbox', { name: 'Value of OMEGA-3 INDEX' });
    await userEvent.clear(value);
    await userEvent.type(value, 'below 4');
    expect(within(dialog).getByText('Enter a number, or keep the printed “<4.0”')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save 4 results' }));
    expect(within(dialog).getByText('Check the value of OMEGA-3 INDEX.')).toBeTruthy();
    expect(confirms).toEqual([]);
  });

  it("shows the server's message when saving fails", async () => {
    confirmReply = () => apiError(409, 'conflict', 'This import was already saved.');
    renderCard();
    const dialog = await openReview();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save 4 results' }));
    expect(await within(dialog).findByText('This import was already saved.')).toBeTruthy();
    expect(saved()).toEqual([['imp_report', {}]]);
  });

  it('discards the report only after asking', async () => {
    const { onDiscarded } = renderCard();
    const dialog = await openReview();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard this report?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep reviewing' }));
    expect(discards).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    const again = await screen.findByRole('dialog', { name: 'Discard this report?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(onDiscarded).toHaveBeenCalled());
    expect(discards.map(({ path }) => path)).toEqual(['/api/imports/imp_report']);
    expect(confirms).toEqual([]);
  });

  it('offers no review for other imports', async () => {
    current = importJob({ id: 'imp_report', status: 'succeeded', inserted: 30 });
    renderCard();
    expect(await screen.findByText('Imported: 30 added, 0 already there, 0 rejected')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Review/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download original PDF' })).toBeNull();
  });

  describe('on a phone', () => {
    beforeEach(() => {
      // Every width query matches: MUI's breakpoints.down('sm') says this is a phone.
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: true,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }));
    });
    afterEach(() => vi.unstubAllGlobals());

    it('steps through the results one at a time, each under its PDF region, with every action', async () => {
      confirmReply = () => {
        current = reportJob({ status: 'succeeded', results: undefined, inserted: 3 });
        return current;
      };
      renderCard();
      const dialog = await openReview();
      expect(within(dialog).queryAllByTestId('review-row')).toHaveLength(0);
      const step = within(dialog).getByTestId('review-step');
      const view = within(dialog).getByTestId('pdf-view');
      const result = () => within(dialog).getByTestId('review-result');
      expect(step.textContent).toBe('Result 1 of 4');
      expect(view.textContent).toBe('Page 1, box at 36,194: GLUCOSE, line 1');
      // The PDF region comes before the result it belongs to.
      expect(view.compareDocumentPosition(result()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(within(result()).getByText('GLUCOSE')).toBeTruthy();
      expect(result().textContent).toContain('65-99');
      expect(within(dialog).getByRole('button', { name: 'Previous result' })).toHaveProperty(
        'disabled',
        true,
      );

      const value = within(dialog).getByRole('textbox', { name: 'Value of GLUCOSE' });
      await userEvent.clear(value);
      await userEvent.type(value, '110');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Next result' }));
      expect(step.textContent).toBe('Result 2 of 4');
      expect(view.textContent).toBe('Page 1, box at 36,208: LDL-CHOLESTEROL, line 2');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Next result' }));
      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Leave out HDL CHOLESTEROL' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Next result' }));
      expect(step.textContent).toBe('Result 4 of 4');
      expect(within(dialog).getByRole('button', { name: 'Next result' })).toHaveProperty('disabled', true);
      // Back again: the edit made two steps before is still there.
      await userEvent.click(within(dialog).getByRole('button', { name: 'Previous result' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Previous result' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Previous result' }));
      expect(within(dialog).getByRole('textbox', { name: 'Value of GLUCOSE' })).toHaveProperty(
        'value',
        '110',
      );
      expect(within(dialog).getByRole('button', { name: 'Discard' })).toBeTruthy();
      expect(within(dialog).getByRole('button', { name: 'Review later' })).toBeTruthy();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save 3 results' }));
      await waitFor(() =>
        expect(saved()).toEqual([
          [
            'imp_report',
            {
              results: [
                { id: 'r1', value: 110, valueText: '110' },
                { id: 'r3', skip: true },
              ],
            },
          ],
        ]),
      );
    });

    it('brings up the first result to correct when saving is refused', async () => {
      renderCard();
      const dialog = await openReview();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Next result' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Next result' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Next result' }));
      const value = within(dialog).getByRole('textbox', { name: 'Value of OMEGA-3 INDEX' });
      await userEvent.clear(value);
      await userEvent.type(value, 'below 4');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Previous result' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save 4 results' }));
      expect(within(dialog).getByText('Check the value of OMEGA-3 INDEX.')).toBeTruthy();
      expect(within(dialog).getByTestId('review-step').textContent).toBe('Result 4 of 4');
      expect(confirms).toEqual([]);
    });
  });
});
