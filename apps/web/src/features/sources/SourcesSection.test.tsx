// @vitest-environment jsdom
import { sourceCatalogue } from '@healthfolio/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, onApi } from '../../test/msw';
import { SourcesSection } from './SourcesSection';
import { connectedOura, dataSource, testQueryClient, WithQueries } from './test-utils';

const now = Date.now();

function renderSection(onImportInstead = vi.fn()) {
  render(
    <WithQueries client={testQueryClient()}>
      <SourcesSection onImportInstead={onImportInstead} />
    </WithQueries>,
  );
  return onImportInstead;
}

const card = (name: string) => screen.getByRole('article', { name });
const categoryHeadings = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('SourcesSection', { timeout: 20_000 }, () => {
  beforeEach(() => {
    onApi('get', '/api/data-sources', {
      items: sourceCatalogue.map((s) => {
        if (s.kind === 'oura') return connectedOura(now);
        if (s.kind === 'dexcom')
          return dataSource('dexcom', {
            status: 'error',
            lastError: 'Dexcom refused the saved sign-in. Connect again to keep syncing.',
          });
        // Imported, never connected: Quest's lab results.
        if (s.kind === 'quest_diagnostics')
          return dataSource(s.kind, {
            data: { samples: 24, records: 0, lastDataAt: new Date(now - 3 * 86_400_000).toISOString() },
          });
        return dataSource(s.kind);
      }),
      operator: false,
    });
  });
  afterEach(() => {
    cleanup();
  });

  it('puts "Your sources" first: connected, imported, with what each holds', async () => {
    renderSection();
    const yours = await screen.findByRole('region', { name: 'Your sources' }, { timeout: 5000 });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Your sources', 'Add a source']);
    expect(
      within(yours)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Oura', 'Dexcom', 'Quest Diagnostics']);
    expect(within(yours).getByText(/2 connected\./)).toBeTruthy();
    expect(within(card('Quest Diagnostics')).getByTestId('holding').textContent).toBe(
      '24 readings · last data 3 days ago',
    );
    // Not in both places.
    const add = screen.getByRole('region', { name: 'Add a source' });
    expect(within(add).queryByRole('article', { name: 'Oura' })).toBeNull();
  });

  it('keeps set-up hints for the operator, never a warning to every person', async () => {
    const list = sourceCatalogue.map((s) =>
      dataSource(s.kind, s.kind === 'withings' ? { configured: false, sandboxAvailable: true } : {}),
    );
    onApi('get', '/api/data-sources', { items: list, operator: false });
    renderSection();
    const withings = await screen.findByRole('article', { name: 'Withings' });
    expect(within(withings).queryByTestId('not-set-up')).toBeNull();
    expect(within(withings).queryByRole('button', { name: 'Set up' })).toBeNull();
    expect(within(withings).getByTestId('sandbox-only').textContent).toBe(
      'On this server it connects to a Sandbox with test data.',
    );
    cleanup();

    onApi('get', '/api/data-sources', { items: list, operator: true });
    renderSection();
    const forOperator = await screen.findByRole('article', { name: 'Withings' });
    expect(within(forOperator).getByTestId('not-set-up').textContent).toContain(
      'Not set up on this server yet',
    );
    expect(within(forOperator).getByRole('button', { name: 'Set up' })).toBeTruthy();
  });

  it('gives every provider an avatar of its own colour', async () => {
    renderSection();
    await screen.findByRole('article', { name: 'Oura' });
    const colours = ['Oura', 'Garmin', 'WHOOP', 'Fitbit'].map((name) =>
      card(name).querySelector('[data-color]')!.getAttribute('data-color'),
    );
    expect(new Set(colours).size).toBe(4);
  });

  it('shows every source under its category heading', async () => {
    renderSection();
    await screen.findByRole('article', { name: 'Oura' });
    expect(categoryHeadings()).toEqual([
      'Wearables and fitness',
      'Glucose monitors',
      'Labs and body scans',
      'Clinical records',
      'Nutrition',
      'Health platforms',
      'Other devices and apps',
    ]);
    const glucose = screen.getByRole('region', { name: 'Glucose monitors' });
    expect(
      within(glucose)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['FreeStyle Libre']);
    expect(screen.getAllByRole('article')).toHaveLength(sourceCatalogue.length);
  });

  it('filters by name and by what a source brings', async () => {
    renderSection();
    await screen.findByRole('article', { name: 'Oura' });
    const search = screen.getByRole('searchbox', { name: 'Search sources' });
    // One change per search: typing letter by letter re-renders thirty cards each time.
    const searchFor = (value: string) => fireEvent.change(search, { target: { value } });
    searchFor('glucose');
    expect(screen.getByRole('article', { name: 'FreeStyle Libre' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Garmin' })).toBeNull();
    expect(categoryHeadings()).not.toContain('Wearables and fitness');
    searchFor('ring');
    const add = screen.getByRole('region', { name: 'Add a source' });
    expect(within(add).queryAllByRole('article')).toEqual([]);
    searchFor('withings');
    expect(
      within(add)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toContain('Withings');
    searchFor('nothing like this');
    expect(screen.getByRole('status').textContent).toContain('No source matches “nothing like this”');
    searchFor('');
    expect(screen.getAllByRole('article')).toHaveLength(sourceCatalogue.length);
  });

  it('styles each card by its state: connected, error, not connected', async () => {
    renderSection();
    const oura = await screen.findByRole('article', { name: 'Oura' });
    expect(oura.dataset.status).toBe('connected');
    expect(within(oura).getByTestId('source-status').textContent).toBe('Connected');
    expect(within(oura).getByText('Sandbox')).toBeTruthy();
    expect(within(oura).getByTestId('last-sync').textContent).toBe('Synced 5 minutes ago');

    const dexcom = card('Dexcom');
    expect(dexcom.dataset.status).toBe('error');
    expect(within(dexcom).getByTestId('source-status').textContent).toBe('Needs attention');
    expect(within(dexcom).getByTestId('source-error').textContent).toContain('Connect again');
    expect(within(dexcom).getByRole('button', { name: 'Connect again' })).toBeTruthy();

    const whoop = card('WHOOP');
    expect(whoop.dataset.status).toBe('disconnected');
    expect(within(whoop).getByTestId('source-status').textContent).toBe('Not connected');
    expect(within(whoop).queryByText('Sandbox')).toBeNull();
    expect(within(whoop).queryByTestId('last-sync')).toBeNull();
  });

  it('leads to the drop zone from a file fallback', async () => {
    const user = userEvent.setup();
    const onImportInstead = renderSection();
    const whoop = await screen.findByRole('article', { name: 'WHOOP' });
    expect(within(whoop).getByText('WHOOP CSV export (App → Settings → Data export)')).toBeTruthy();
    await user.click(
      within(whoop).getByRole('button', { name: 'No account? Import your WHOOP export instead' }),
    );
    // Apple Health connects through an ingest URL now; its export stays the way in for the whole history.
    await user.click(
      within(card('Apple Health')).getByRole('button', { name: 'Import your Apple Health file' }),
    );
    expect(onImportInstead).toHaveBeenCalledTimes(2);
    expect(card('Apple Health').textContent).toContain('Apple Health export (export.zip)');
  });

  it('says what Health Connect needs on the Fitbit card', async () => {
    renderSection();
    const fitbit = await screen.findByRole('article', { name: 'Fitbit' });
    expect(fitbit.textContent).toContain('Health Connect (Android) has no server API');
    expect(fitbit.textContent).toContain('Google Takeout import');
    expect(card('Health Connect').textContent).toContain('has no server API');
  });

  it('offers to try again when the list cannot be loaded', async () => {
    onApi('get', '/api/data-sources', apiError(500, 'internal', 'boom'));
    renderSection();
    expect((await screen.findByRole('alert')).textContent).toContain('The sources could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
