// @vitest-environment jsdom
import type { DataSource } from '@healthfolio/core';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFailure } from '../../test/api-failure';
import { useSources } from './queries';
import { connectSource, fetchSources } from './sources-api';
import type * as Api from './sources-api';
import { SourceCard } from './SourceCard';
import { dataSource, testQueryClient, WithQueries } from './test-utils';

vi.mock('./sources-api', async (importOriginal) => ({
  ...(await importOriginal<typeof Api>()),
  fetchSources: vi.fn(),
  connectSource: vi.fn(),
}));

const now = Date.now();

function Card({ kind, onImportInstead }: { kind: string; onImportInstead: () => void }) {
  const source = useSources().data?.find((s) => s.kind === kind);
  return source ? <SourceCard source={source} now={now} onImportInstead={onImportInstead} /> : null;
}

async function renderCard(source: DataSource, onImportInstead = () => {}) {
  vi.mocked(fetchSources).mockResolvedValue({ items: [source] });
  render(
    <WithQueries client={testQueryClient()}>
      <Card kind={source.kind} onImportInstead={onImportInstead} />
    </WithQueries>,
  );
  return screen.findByRole('article', { name: source.name });
}

describe('sources that connect through their own dialog', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.resetAllMocks();
  });

  it('MyFitnessPal shows where its export is, opens it in a new tab and leads to the import', async () => {
    const user = userEvent.setup();
    const onImportInstead = vi.fn();
    const mfp = dataSource('myfitnesspal');
    vi.mocked(connectSource).mockResolvedValue({
      authorizationUrl: null,
      source: { ...mfp, status: 'connected' },
      instructions: {
        title: 'Bring in your MyFitnessPal diary',
        steps: [
          'On myfitnesspal.com, open Settings and choose "Export Data".',
          'Drop the zip on "Import a file".',
        ],
        links: [{ label: 'Open MyFitnessPal', href: 'https://www.myfitnesspal.com/' }],
      },
    });
    const card = await renderCard(mfp, onImportInstead);
    expect(within(card).queryByRole('button', { name: 'Sync now' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Connect' }));

    const dialog = await screen.findByRole('dialog', { name: 'Bring in your MyFitnessPal diary' });
    expect(connectSource).toHaveBeenCalledWith('myfitnesspal', {});
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(2);
    const link = within(dialog).getByRole('link', { name: /Open MyFitnessPal/ });
    expect(link.getAttribute('href')).toBe('https://www.myfitnesspal.com/');
    expect(link.getAttribute('target')).toBe('_blank');
    await user.click(within(dialog).getByRole('button', { name: 'I have the file: import it' }));
    expect(onImportInstead).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a report builder feed is connected with its URL and key, and the server’s refusal is shown', async () => {
    const user = userEvent.setup();
    const feed = dataSource('report_builder');
    vi.mocked(connectSource)
      .mockRejectedValueOnce(
        apiFailure({ method: 'post', url: '/data-sources/feed/connect' }, 422, {
          error: { code: 'unprocessable', message: 'The feed refused the key (401)' },
        }),
      )
      .mockResolvedValueOnce({ authorizationUrl: null, source: { ...feed, status: 'syncing' } });
    const card = await renderCard(feed);
    await user.click(within(card).getByRole('button', { name: 'Connect' }));
    const dialog = screen.getByRole('dialog', { name: 'Connect a report builder feed' });

    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter the feed’s URL and its key.');
    expect(connectSource).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText(/Feed URL/), 'https://feeds.example.org/me');
    await user.type(within(dialog).getByLabelText(/API key/), 'k-1');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByText('The feed refused the key (401)')).toBeTruthy();
    expect(connectSource).toHaveBeenCalledWith('report_builder', {
      url: 'https://feeds.example.org/me',
      apiKey: 'k-1',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card).getByText('Report builder feed is connected.')).toBeTruthy();
  });
});
