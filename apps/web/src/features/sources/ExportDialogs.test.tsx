// @vitest-environment jsdom
import type { DataSource } from '@healthfolio/core';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, inTurn, onApi } from '../../test/msw';
import { useSources } from './queries';
import { SourceCard } from './SourceCard';
import { dataSource, syncStatus, testQueryClient, WithQueries } from './test-utils';

/** What `POST /api/data-sources/:kind/connect` received: the kind and the body. */
const connects = (requests: { path: string; body: unknown }[]) =>
  requests.map(({ path, body }) => [path.split('/')[3], body]);

const now = Date.now();

function Card({ kind, onImportInstead }: { kind: string; onImportInstead: () => void }) {
  const source = useSources().data?.find((s) => s.kind === kind);
  return source ? <SourceCard source={source} now={now} onImportInstead={onImportInstead} /> : null;
}

async function renderCard(source: DataSource, onImportInstead = () => {}) {
  onApi('get', '/api/data-sources', { items: [source] });
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
  });

  it('MyFitnessPal shows where its export is, opens it in a new tab and leads to the import', async () => {
    const user = userEvent.setup();
    const onImportInstead = vi.fn();
    const mfp = dataSource('myfitnesspal');
    const connected = onApi('post', '/api/data-sources/:kind/connect', {
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
    expect(connects(connected)).toEqual([['myfitnesspal', {}]]);
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
    const connected = onApi(
      'post',
      '/api/data-sources/:kind/connect',
      inTurn(apiError(422, 'unprocessable', 'The feed refused the key (401)'), {
        authorizationUrl: null,
        source: { ...feed, status: 'syncing' },
      }),
    );
    // Once connected, the card follows the first sync.
    onApi('get', '/api/data-sources/:kind/sync-status', syncStatus());
    const card = await renderCard(feed);
    await user.click(within(card).getByRole('button', { name: 'Connect' }));
    const dialog = screen.getByRole('dialog', { name: 'Connect a report builder feed' });

    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter the feed’s URL and its key.');
    expect(connected).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Feed URL/), 'https://feeds.example.org/me');
    await user.type(within(dialog).getByLabelText(/API key/), 'k-1');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByText('The feed refused the key (401)')).toBeTruthy();
    expect(connects(connected)).toEqual([
      ['report_builder', { url: 'https://feeds.example.org/me', apiKey: 'k-1' }],
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card).getByText('Report builder feed is connected.')).toBeTruthy();
  });
});
