// @vitest-environment jsdom
import type { DataSource } from '@healthfolio/core';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, inTurn, onApi } from '../../test/msw';
import { useSources } from './queries';
import { openConsentPage } from './consent-page';
import { SourceCard } from './SourceCard';
import {
  connectedOura,
  dataSource,
  ouraIntegration,
  syncStats,
  syncStatus,
  testQueryClient,
  WithQueries,
} from './test-utils';

// Leaving the app for the provider's page is navigation, not our API: that seam alone is replaced.
vi.mock('./consent-page', () => ({ openConsentPage: vi.fn() }));

/** `GET /api/data-sources` answers these sources from now on. */
const serveSources = (...items: DataSource[]) => onApi('get', '/api/data-sources', { items });
/** What `POST /api/data-sources/:kind/connect` received, path and body. */
const connects = (requests: { path: string; body: unknown }[]) =>
  requests.map(({ path, body }) => [path.split('/')[3], body]);

const now = Date.now();

/** The card of one source, as the page shows it: from the list query. */
function Card({ kind }: { kind: string }) {
  const sources = useSources();
  const source = sources.data?.find((s) => s.kind === kind);
  // The operator's view: set-up hints and the wizard (SourcesSection.test shows a person's view).
  return source ? <SourceCard source={source} now={now} operator onImportInstead={() => {}} /> : null;
}

async function renderCard(source: DataSource) {
  serveSources(source);
  const client = testQueryClient();
  render(
    <WithQueries client={client}>
      <Card kind={source.kind} />
    </WithQueries>,
  );
  const card = await screen.findByRole('article', { name: source.name });
  return { client, card };
}

function refused(status: number, message: string) {
  return apiError(status, 'unprocessable', message);
}

describe('SourceCard', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.resetAllMocks();
  });

  it('connects an OAuth source by opening the consent page the server names', async () => {
    const user = userEvent.setup();
    const oura = dataSource('oura', { configured: false });
    const url = 'http://127.0.0.1:8080/sandbox/oura/oauth/authorize?state=abc';
    const connected = onApi('post', '/api/data-sources/:kind/connect', {
      authorizationUrl: url,
      source: oura,
    });
    const { card } = await renderCard(oura);
    expect(within(card).getByTestId('not-set-up').textContent).toContain('Connect uses the Sandbox');
    await user.click(within(card).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(connects(connected)).toEqual([['oura', {}]]));
    await waitFor(() => expect(openConsentPage).toHaveBeenCalledWith(url));
  });

  it('cannot connect a source that is not set up when there is no sandbox', async () => {
    const { card } = await renderCard(dataSource('oura', { configured: false, sandboxAvailable: false }));
    expect(within(card).getByTestId('not-set-up').textContent).toContain('Until then it cannot be connected');
    expect(within(card).getByRole('button', { name: 'Connect' }).hasAttribute('disabled')).toBe(true);
    expect(within(card).getByRole('button', { name: 'Set up' })).toBeTruthy();
  });

  it('signs in at a password provider with the sandbox hint, then follows the first sync', async () => {
    const user = userEvent.setup();
    const peloton = dataSource('peloton');
    const syncing = { ...peloton, status: 'syncing' as const, sandbox: true };
    const connected = onApi('post', '/api/data-sources/:kind/connect', {
      authorizationUrl: null,
      source: syncing,
    });
    onApi(
      'get',
      '/api/data-sources/:kind/sync-status',
      syncStatus({ progress: { pages: 3, samples: 1_200 } }),
    );
    const { card } = await renderCard(peloton);
    serveSources(syncing);
    await user.click(within(card).getByRole('button', { name: 'Connect' }));

    const dialog = screen.getByRole('dialog', { name: 'Connect Peloton' });
    expect(within(dialog).queryByText(/password is/)).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: /sandbox instead/ }));
    expect(within(dialog).getByText(/any email works; the password is/).textContent).toContain('sandbox');
    await user.type(within(dialog).getByLabelText(/Email or username/), 'ada@example.com');
    await user.type(within(dialog).getByLabelText(/Password/), 'sandbox');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));

    await waitFor(() =>
      expect(connects(connected)).toEqual([
        ['peloton', { username: 'ada@example.com', password: 'sandbox', sandbox: true }],
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card).getByTestId('source-status').textContent).toBe('Syncing');
    expect(within(card).getByText('Sandbox')).toBeTruthy();
    expect(await within(card).findByText('Syncing: 3 pages, 1,200 samples so far')).toBeTruthy();
    expect(within(card).getByRole('progressbar', { name: 'Peloton sync progress' })).toBeTruthy();
  });

  it('shows why a password provider refused the sign-in', async () => {
    const user = userEvent.setup();
    const connected = onApi(
      'post',
      '/api/data-sources/:kind/connect',
      refused(422, 'Peloton did not accept the sign-in: wrong email or password'),
    );
    const { card } = await renderCard(dataSource('eight_sleep', { configured: false }));
    await user.click(within(card).getByRole('button', { name: 'Connect' }));
    const dialog = screen.getByRole('dialog', { name: 'Connect Eight Sleep' });
    // Not set up here: the sandbox is the only way, and the dialog says so.
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(dialog.textContent).toContain('not set up on this server, so this connects its sandbox');
    await user.type(within(dialog).getByLabelText(/Email or username/), 'ada@example.com');
    await user.type(within(dialog).getByLabelText(/Password/), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() =>
      expect(connects(connected)).toEqual([
        ['eight_sleep', { username: 'ada@example.com', password: 'wrong', sandbox: true }],
      ]),
    );
    expect((await within(dialog).findByRole('alert')).textContent).toContain('wrong email or password');
  });

  it('asks for the LibreLinkUp follower account to connect FreeStyle Libre', async () => {
    const user = userEvent.setup();
    const libre = dataSource('freestyle_libre');
    const connected = onApi('post', '/api/data-sources/:kind/connect', {
      authorizationUrl: null,
      source: libre,
    });
    const { card } = await renderCard(libre);
    await user.click(within(card).getByRole('button', { name: 'Connect' }));
    const dialog = screen.getByRole('dialog', { name: 'Connect FreeStyle Libre' });
    expect(dialog.textContent).toContain('signs in with your LibreLinkUp account once');
    expect(dialog.textContent).toContain('invited to follow them');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Enter your LibreLinkUp email and password.',
    );
    await user.type(within(dialog).getByLabelText(/LibreLinkUp email/), 'sam@example.com');
    await user.type(within(dialog).getByLabelText(/Password/), 'secret');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() =>
      expect(connects(connected)).toEqual([
        ['freestyle_libre', { username: 'sam@example.com', password: 'secret' }],
      ]),
    );
  });

  it.each([
    ['keep', false, 'Oura is disconnected. Its data is kept.'],
    ['delete', true, 'Oura is disconnected and its 110,577 samples are deleted.'],
  ] as const)('disconnects, asked to %s the data', async (choice, deleteData, message) => {
    const user = userEvent.setup();
    const oura = connectedOura(now);
    const after = { ...oura, status: 'disconnected' as const, sandbox: false };
    const disconnected = onApi('post', '/api/data-sources/:kind/disconnect', {
      source: after,
      deletedSamples: deleteData ? 110_577 : 0,
      revoked: true,
    });
    const { card } = await renderCard(oura);
    serveSources(after);
    await user.click(within(card).getByRole('button', { name: 'Disconnect' }));
    const dialog = screen.getByRole('dialog', { name: 'Disconnect Oura?' });
    // A sandbox connection's data is generated: deleting it is the default.
    expect(within(dialog).getByRole('radio', { name: 'Delete everything Oura brought' })).toHaveProperty(
      'checked',
      true,
    );
    if (choice === 'keep') await user.click(within(dialog).getByRole('radio', { name: 'Keep its data' }));
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() =>
      expect(disconnected.map(({ path, body }) => [path, body])).toEqual([
        ['/api/data-sources/oura/disconnect', { deleteData }],
      ]),
    );
    expect((await within(card).findByRole('status')).textContent).toBe(message);
    expect(within(card).getByTestId('source-status').textContent).toBe('Not connected');
    expect(within(card).queryByText('Sandbox')).toBeNull();
  });

  it('polls the sync every second while it runs, then refreshes the card and the metrics', async () => {
    const user = userEvent.setup();
    const oura = connectedOura(now);
    const syncs = onApi('post', '/api/data-sources/:kind/sync', syncStatus({ state: 'queued' }));
    const polls = onApi(
      'get',
      '/api/data-sources/:kind/sync-status',
      inTurn(
        syncStatus({ progress: { pages: 4, samples: 9_000 } }),
        syncStatus({ state: 'idle', status: 'connected', progress: { pages: 9, samples: 20_000 } }),
      ),
    );
    const { client, card } = await renderCard(oura);
    client.setQueryData(['metrics', 'summary', 'UTC'], { items: [] });
    const synced = { ...oura, lastSync: new Date().toISOString() };
    serveSources(synced);

    await user.click(within(card).getByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(syncs.map(({ path }) => path)).toEqual(['/api/data-sources/oura/sync']));
    expect(within(card).getByTestId('source-status').textContent).toBe('Syncing');
    expect(within(card).getByRole('button', { name: 'Syncing…' }).hasAttribute('disabled')).toBe(true);
    expect(await within(card).findByText('Syncing: 4 pages, 9,000 samples so far')).toBeTruthy();

    await waitFor(() => expect(within(card).getByTestId('source-status').textContent).toBe('Connected'), {
      timeout: 3000,
    });
    expect(polls).toHaveLength(2);
    expect(within(card).getByTestId('last-sync').textContent).toBe('Synced just now');
    expect(within(card).queryByRole('progressbar')).toBeNull();
    expect(client.getQueryState(['metrics', 'summary', 'UTC'])?.isInvalidated).toBe(true);
  });

  it('shows sync stats and history in words', async () => {
    const user = userEvent.setup();
    const stats = onApi('get', '/api/data-sources/:kind/sync-stats', syncStats());
    const { card } = await renderCard(connectedOura(now));
    await user.click(within(card).getByRole('button', { name: 'Sync details' }));
    const details = await within(card).findByTestId('sync-details');
    expect(stats.map(({ path }) => path)).toEqual(['/api/data-sources/oura/sync-stats']);
    const metrics = within(details).getByRole('list', { name: 'Samples per metric' });
    expect(metrics.textContent).toContain('Steps: 365 samples');
    expect(metrics.textContent).toContain('Heart rate: 110,212 samples');
    expect(details.textContent).toContain('Syncs run2');
    expect(details.textContent).toContain('Up to 2 years back');
    const history = within(details).getAllByRole('listitem').slice(2);
    expect(history[0]!.textContent).toContain('Failed · 1 request · 0 samples');
    expect(history[0]!.textContent).toContain('Oura refused the saved sign-in. Connect again.');
    expect(history[1]!.textContent).toContain(
      'Succeeded · 52 requests · 112,000 samples · 800 updated · 3 removed by the provider · 2 refused',
    );
    expect(within(details).getByRole('list', { name: 'Why readings were refused' }).textContent).toContain(
      'heart_rate at 2026-11-22T03:10:00.000Z: 0 /min is not a possible heart rate (20–300)',
    );
  });

  it('walks the operator through setting up a connector, or tries the sandbox', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    onApi('get', '/api/integrations', { items: [ouraIntegration()] });
    const url = 'http://127.0.0.1:8080/sandbox/oura/oauth/authorize?state=xyz';
    const connected = onApi('post', '/api/data-sources/:kind/connect', {
      authorizationUrl: url,
      source: dataSource('oura', { configured: false }),
    });
    const { card } = await renderCard(dataSource('oura', { configured: false }));
    await user.click(within(card).getByRole('button', { name: 'Set up' }));

    const wizard = await screen.findByRole('dialog', { name: 'Set up Oura' });
    await within(wizard).findByText('Register an app');
    expect(
      within(wizard).getByRole('link', { name: 'https://cloud.ouraring.com/oauth/applications' }),
    ).toBeTruthy();
    expect(wizard.textContent).toContain('personal daily heartrate spo2Daily workout');
    expect(wizard.textContent).toContain('https://health.example.org/oauth/callback');
    for (const name of ['OURA_CLIENT_ID', 'OURA_CLIENT_SECRET', 'OURA_BASE_URL'])
      expect(within(wizard).getByText(name)).toBeTruthy();
    expect(wizard.textContent).toContain('Restart the server');
    const selfTests = onApi('post', '/api/integrations/:kind/self-test', {
      ok: false,
      message: 'Oura does not accept this client id and secret.',
    });
    await user.click(within(wizard).getByRole('button', { name: 'Check the client id and secret' }));
    expect(await within(wizard).findByText('Oura does not accept this client id and secret.')).toBeTruthy();
    expect(selfTests.map(({ path }) => path)).toEqual(['/api/integrations/oura/self-test']);

    await user.click(within(wizard).getByRole('button', { name: 'Copy the redirect URI' }));
    expect(writeText).toHaveBeenCalledWith('https://health.example.org/oauth/callback');
    expect(await within(wizard).findByText('Copied')).toBeTruthy();

    await user.click(within(wizard).getByRole('button', { name: 'Try the sandbox instead' }));
    await waitFor(() => expect(connects(connected)).toEqual([['oura', { sandbox: true }]]));
    await waitFor(() => expect(openConsentPage).toHaveBeenCalledWith(url));
  });
});
