// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clinicalSummary } from '../features/clinical/test-utils';
import { adaOverview } from '../features/metrics/overview/test-fixtures';
import { signedIn } from '../test/app-test-utils';
import { onApi, type ApiRequest } from '../test/msw';
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

let gets: ApiRequest[] = [];
/** Every GET the page makes: these answers by path (`/api` left out), an empty list for the rest. */
function answerGets(byPath: Record<string, unknown>) {
  gets = onApi('get', '/api/*', ({ path }) => byPath[path.replace(/^\/api/, '')] ?? { items: [] });
}
/** The paths the page asked for, `/api` left out. */
const askedFor = () => gets.map(({ path }) => path.replace(/^\/api/, ''));

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
  answerGets({ '/clinical-records/summary': clinicalSummary(), '/health-score': noScore });
}

const location = () => screen.getByTestId('location').textContent;

describe('DashboardPage tabs', { timeout: 20_000 }, () => {
  beforeEach(answerEmpty);
  afterEach(() => {
    cleanup();
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
    expect(askedFor()).toContain('/clinical-records/summary');
  });
});

describe('DashboardPage overview: today at a glance', { timeout: 20_000 }, () => {
  beforeEach(() => {
    answerGets({ '/metrics/overview': adaOverview(), '/health-score': noScore });
  });
  afterEach(() => {
    cleanup();
  });

  it('tells today so far against the usual, last night with its stages, each card with its 30 days', async () => {
    render(signedIn(<DashboardPage />, { url: '/dashboard' }).ui);
    const steps = await screen.findByTestId('overview-today-steps');
    expect(within(steps).getByTestId('metric-value').textContent).toBe('300 steps');
    expect(steps.textContent).toContain('100 steps below your usual by now (usual 400 steps)');
    expect(within(steps).getByRole('link', { name: 'Steps today' }).getAttribute('href')).toBe(
      '/metrics/steps',
    );

    const night = screen.getByTestId('overview-sleep');
    expect(within(night).getByTestId('metric-value').textContent).toBe('7 h');
    expect(
      within(night)
        .getByRole('img', { name: /^Sleep stages/ })
        .getAttribute('aria-label'),
    ).toBe('Sleep stages: Deep 1 h 20 min, Light 4 h 10 min, REM 1 h 30 min, Awake 30 min');
    expect(night.textContent).toContain('Asleep; in bed 7 h 30 min');

    const heart = screen.getByTestId('overview-resting_heart_rate');
    expect(within(heart).getByTestId('metric-value').textContent).toBe('56 bpm');
    expect(heart.textContent).toContain('Your usual 50 bpm');
    expect(within(heart).getByTestId('sparkline').getAttribute('aria-label')).toBe(
      'Last 30 days: 29 days with data, lowest 50 bpm, highest 56 bpm.',
    );
    // Sources by their names and icons, never their ids.
    expect(within(heart).getByTestId('source-name').textContent).toBe('Garmin');
    expect(document.body.textContent).not.toMatch(/apple_healthkit|\bgarmin\b/);
    // One call brings every metric card.
    expect(askedFor().filter((u) => u.startsWith('/metrics'))).toEqual(['/metrics/overview']);
  });

  it('says nothing has come in yet today rather than raising a false alarm', async () => {
    const quiet = adaOverview();
    quiet.todaySoFar[0]!.value = 0;
    quiet.items[0]!.ageDays = 1;
    answerGets({ '/metrics/overview': quiet, '/health-score': noScore });
    render(signedIn(<DashboardPage />, { url: '/dashboard' }).ui);
    const steps = await screen.findByTestId('overview-today-steps');
    expect(within(steps).getByTestId('metric-value').textContent).toBe('—');
    expect(within(steps).getByTestId('today-note').textContent).toBe(
      'Nothing yet today; last data yesterday · usual by now 400 steps',
    );
    expect(steps.textContent).not.toContain('below');
  });

  it('labels a weigh-in of 40 days ago with its age, never as current', async () => {
    render(signedIn(<DashboardPage />, { url: '/dashboard' }).ui);
    const weight = await screen.findByTestId('overview-weight');
    expect(within(weight).queryByTestId('metric-value')).toBeNull();
    expect(within(weight).getByTestId('metric-last').textContent).toBe('Last 70 kg');
    expect(within(weight).getByTestId('metric-age').textContent).toBe('5 weeks ago');
    // And so in "All your metrics" (rendered once the overview has painted).
    const card = await screen.findByRole('article', { name: 'Weight' });
    expect(within(card).queryByTestId('metric-value')).toBeNull();
    expect(within(card).getByTestId('metric-age').textContent).toBe('5 weeks ago');
    expect(within(card).getByText(/Apple Health \(iPhone 16\)/)).toBeTruthy();
  });

  it('sends a chart link of old (?metric=) to the metric page', async () => {
    render(signedIn(<DashboardPage />, { url: '/dashboard?metric=ldl_cholesterol' }).ui);
    await waitFor(() => expect(location()).toBe('/metrics/ldl_cholesterol'));
  });
});
