// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clinicalSummary } from '../features/clinical/test-utils';
import { apiGet } from '../lib/api';
import { signedIn } from '../test/app-test-utils';
import { DashboardPage } from './DashboardPage';

// uPlot (the metric charts) reads the pixel ratio through matchMedia when it loads; jsdom has none.
vi.hoisted(() => {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
});

vi.mock('../lib/api', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  apiGet: vi.fn(),
}));

/** A new account's health score: no part has data. */
const noScore = {
  score: null,
  day: '2026-11-21',
  reason: 'Not enough recent data: the parts with data carry 0 of 100 weight points, at least 50 needed',
  parts: [
    {
      key: 'steps',
      name: 'Steps',
      weight: 15,
      value: null,
      unit: 'steps/day',
      score: null,
      basis: 'Not enough data: 0 days of steps in the last 14 days, at least 7 needed',
    },
  ],
};

/** The server of a new account: no metrics, no insights, no clinical records. */
function answerEmpty() {
  vi.mocked(apiGet).mockImplementation((url: string) => {
    if (url === '/clinical-records/summary') return Promise.resolve(clinicalSummary());
    if (url === '/health-score') return Promise.resolve(noScore);
    return Promise.resolve({ items: [] });
  });
}

const location = () => screen.getByTestId('location').textContent;

describe('DashboardPage tabs', { timeout: 20_000 }, () => {
  beforeEach(answerEmpty);
  afterEach(() => {
    cleanup();
    vi.resetAllMocks();
  });

  it('opens on Metrics and keeps the Clinical records tab in the URL', async () => {
    const user = userEvent.setup();
    render(signedIn(<DashboardPage />, { url: '/dashboard' }).ui);
    expect(screen.getByRole('tab', { name: 'Metrics' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('No health data yet')).toBeTruthy();
    // The health score says why there is none instead of guessing.
    expect(await screen.findByText(noScore.reason)).toBeTruthy();
    expect(screen.getByText('Not enough data')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Clinical records' }));
    await waitFor(() => expect(location()).toBe('/dashboard?tab=clinical'));
    expect(screen.getByRole('tab', { name: 'Clinical records' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('No clinical records yet')).toBeTruthy();
    expect(screen.queryByText('No health data yet')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Metrics' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(await screen.findByText('No health data yet')).toBeTruthy();
  });

  it('opens straight on the clinical records from a link', async () => {
    render(signedIn(<DashboardPage />, { url: '/dashboard?tab=clinical' }).ui);
    expect(screen.getByRole('tab', { name: 'Clinical records' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('No clinical records yet')).toBeTruthy();
    expect(vi.mocked(apiGet).mock.calls.map(([url]) => url)).toContain('/clinical-records/summary');
  });
});
