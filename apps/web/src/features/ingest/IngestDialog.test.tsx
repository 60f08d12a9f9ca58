// @vitest-environment jsdom
import type { ConnectResult, DataSource } from '@healthfolio/core';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, onApi, type ApiRequest } from '../../test/msw';
import { SourceCard } from '../sources/SourceCard';
import { dataSource, testQueryClient, WithQueries } from '../sources/test-utils';
import type { IngestStatus } from './ingest-api';
import { IngestDialog } from './IngestDialog';

/** `GET /api/integrations/:kind/ingest` answers this status. */
const serveIngest = (status: IngestStatus) => onApi('get', '/api/integrations/:kind/ingest', status);
/** `POST /api/data-sources/:kind/connect` answers this. */
const serveConnect = (reply: unknown) => onApi('post', '/api/data-sources/:kind/connect', reply);
/** What the connect requests carried: the kind and the body. */
const connects = (requests: ApiRequest[]) => requests.map(({ path, body }) => [path.split('/')[3], body]);

const URL_1 = 'https://health.example.org/api/ingest/k7Q2xVf9mWb3nZp8rTy6uHc4dJe1aLs0oGi5vEqXyAbC';
const URL_2 = 'https://health.example.org/api/ingest/Zz9yXx8wWv7uUt6sSr5qQp4oOn3mMl2kKj1iIh0gGfEd';

const ingest = (overrides: Partial<IngestStatus> = {}): IngestStatus => ({
  url: null,
  hint: 'AbCd',
  createdAt: '2026-11-20T09:00:00.000Z',
  lastUsedAt: null,
  received: 0,
  ...overrides,
});

function renderDialog(
  source: DataSource,
  props: { onConnected?: () => void; onImportInstead?: () => void } = {},
) {
  const onConnected = props.onConnected ?? vi.fn();
  const onClose = vi.fn();
  render(
    <MemoryRouter>
      <WithQueries client={testQueryClient()}>
        <IngestDialog
          source={source}
          sandbox={false}
          onClose={onClose}
          onConnected={onConnected}
          {...(props.onImportInstead ? { onImportInstead: props.onImportInstead } : {})}
        />
      </WithQueries>
    </MemoryRouter>,
  );
  return { dialog: screen.getByRole('dialog'), onClose, onConnected };
}

const connected = (source: DataSource, url: string | null): ConnectResult => ({
  authorizationUrl: null,
  source: { ...source, status: 'connected' },
  ingest: ingest({ url, hint: url ? url.slice(-4) : 'AbCd' }),
});

describe('ingest URL dialogs', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
  });

  it('Apple Health: the set-up steps, then the URL shown once with a copy button and a warning', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const apple = dataSource('apple_healthkit');
    const result = connected(apple, URL_1);
    const connections = serveConnect(result);
    serveIngest(ingest({ hint: 'AbCd' }));
    const { dialog, onConnected } = renderDialog(apple);

    expect(within(dialog).getByRole('heading', { name: 'Connect Apple Health' })).toBeTruthy();
    const steps = within(within(dialog).getByRole('list', { name: 'Set-up steps' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent).join(' ')).toMatch(
      /Health Auto Export.*Automations.*REST API.*Paste your ingest URL.*JSON.*sync interval/,
    );
    expect(within(dialog).queryByTestId('ingest-url')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Make my ingest URL' }));
    expect((await within(dialog).findByTestId('ingest-url')).textContent).toBe(URL_1);
    expect(connects(connections)).toEqual([['apple_healthkit', {}]]);
    expect(within(dialog).getByText(/shown only this once/)).toBeTruthy();
    expect(within(dialog).getByText(/keep it private/)).toBeTruthy();
    expect(within(dialog).getByTestId('curl-example').textContent).toContain(`curl -X POST '${URL_1}'`);
    expect(within(dialog).getByTestId('ingest-received').textContent).toBe('Nothing received yet.');

    await user.click(within(dialog).getByRole('button', { name: 'Copy URL' }));
    expect(writeText).toHaveBeenCalledWith(URL_1);
    expect(within(dialog).getByRole('button', { name: 'Copied' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onConnected).toHaveBeenCalledWith(result);
  });

  it('a connected source shows the URL’s hint and last post, never the URL; a new one replaces it', async () => {
    const user = userEvent.setup();
    const apple = dataSource('apple_healthkit', { status: 'connected' });
    serveIngest(ingest({ lastUsedAt: new Date(Date.now() - 2 * 3_600_000).toISOString(), received: 1234 }));
    const rotations = onApi(
      'post',
      '/api/integrations/:kind/ingest/rotate',
      ingest({ url: URL_2, hint: 'GfEd' }),
    );
    const { dialog } = renderDialog(apple);

    expect((await within(dialog).findByTestId('ingest-received')).textContent).toBe(
      'Last received 2 hours ago · 1,234 readings so far.',
    );
    expect(within(dialog).getByText(/…AbCd/)).toBeTruthy();
    expect(within(dialog).queryByTestId('ingest-url')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Make my ingest URL' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Make a new URL' }));
    expect((await within(dialog).findByTestId('ingest-url')).textContent).toBe(URL_2);
    expect(rotations.map(({ path }) => path)).toEqual(['/api/integrations/apple_healthkit/ingest/rotate']);
    expect(within(dialog).getByText('The old one stops working at once.')).toBeTruthy();
  });

  it('Health Connect is honest about the platform and names Google Takeout', () => {
    const { dialog } = renderDialog(dataSource('google_health_connect'));
    expect(within(dialog).getByText(/has no server API/)).toBeTruthy();
    expect(within(dialog).getByText(/Google Takeout/)).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Our JSON' })).toBeTruthy();
  });

  it('a generic kind is named first, then gets its URL; import and entry are offered instead', async () => {
    const user = userEvent.setup();
    const onImportInstead = vi.fn();
    const cuff = dataSource('medical_device');
    const connections = serveConnect(connected({ ...cuff, customName: 'Omron cuff' }, URL_1));
    serveIngest(ingest());
    const { dialog } = renderDialog(cuff, { onImportInstead });

    await user.click(within(dialog).getByRole('button', { name: 'Make my ingest URL' }));
    expect(within(dialog).getByRole('alert').textContent).toMatch(/Give this source a name/);
    expect(connections).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Name/), 'Omron cuff');
    await user.click(within(dialog).getByRole('button', { name: 'Make my ingest URL' }));
    expect((await within(dialog).findByTestId('ingest-url')).textContent).toBe(URL_1);
    expect(connects(connections)).toEqual([['medical_device', { name: 'Omron cuff' }]]);

    const entry = within(dialog).getByRole('link', { name: 'Add a measurement on the Dashboard' });
    expect(entry.getAttribute('href')).toBe('/dashboard');
    await user.click(within(dialog).getByRole('button', { name: 'Import a file' }));
    expect(onImportInstead).toHaveBeenCalled();
  });

  it('says why the server refused', async () => {
    const user = userEvent.setup();
    serveConnect(apiError(400, 'validation', 'name: Give this source a name, such as "Omron cuff"'));
    const { dialog } = renderDialog(dataSource('sleep_tracker'));
    await user.type(within(dialog).getByLabelText(/Name/), ' ');
    await user.type(within(dialog).getByLabelText(/Name/), 'Bed sensor');
    await user.click(within(dialog).getByRole('button', { name: 'Make my ingest URL' }));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/Give this source a name/);
  });

  it('a connected custom source’s card shows its name and reopens the URL dialog', async () => {
    const user = userEvent.setup();
    const cuff = dataSource('medical_device', { status: 'connected', customName: 'Omron cuff' });
    serveIngest(ingest({ received: 3, lastUsedAt: new Date().toISOString() }));
    render(
      <MemoryRouter>
        <WithQueries client={testQueryClient()}>
          <SourceCard source={cuff} now={Date.now()} onImportInstead={() => {}} />
        </WithQueries>
      </MemoryRouter>,
    );
    const card = screen.getByRole('article', { name: 'Other medical device' });
    expect(within(card).getByRole('heading', { name: 'Omron cuff' })).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Ingest URL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up Omron cuff' });
    await waitFor(() =>
      expect(within(dialog).getByTestId('ingest-received').textContent).toMatch(/3 readings so far/),
    );
  });
});
