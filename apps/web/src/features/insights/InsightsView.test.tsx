// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Insight, InsightList } from '@healthfolio/core';
import { afterEach, describe, expect, it } from 'vitest';
import { signedIn } from '../../test/app-test-utils';
import { apiError, inTurn, never, onApi, type ApiRequest, type Resolver } from '../../test/msw';
import { InsightsView } from './InsightsView';
import { insight } from './test-utils';

const trend = insight();
const anomaly = insight({
  id: 'ins_2',
  type: 'anomaly',
  severity: 'critical',
  title: 'Glucose far above your usual',
  relatedMetrics: ['blood_glucose'],
  series: [],
});

function renderAt(url: string) {
  const { ui } = signedIn(<InsightsView />, { url });
  render(ui);
}

const location = () => screen.getByTestId('location').textContent;

let listed: ApiRequest[] = [];
/** `GET /api/insights` (the list, and the coverage an empty list shows) answers these, in turn. */
function serve(...replies: (InsightList | Insight[] | Resolver)[]) {
  const asList = (reply: InsightList | Insight[] | Resolver) =>
    Array.isArray(reply) ? { items: reply } : reply;
  listed = onApi('get', '/api/insights', inTurn(...replies.map(asList)));
}
const lastQuery = () => listed.at(-1)?.query;

// Opening MUI selects is slow in jsdom; a loaded machine needs more than the default 5 s.
describe('InsightsView', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
  });

  it('asks the API for the filters in the URL and shows them in the selects', async () => {
    serve([anomaly]);
    renderAt('/insights?type=anomaly&severity=critical');
    expect(await screen.findByText('Glucose far above your usual')).toBeTruthy();
    expect(lastQuery()).toEqual({ type: 'anomaly', severity: 'critical' });
    expect(screen.getByRole('combobox', { name: 'Type' }).textContent).toBe('Anomaly');
    expect(screen.getByRole('combobox', { name: 'Severity' }).textContent).toBe('Critical');
  });

  it('reads a filter it does not know as all', async () => {
    serve([trend]);
    renderAt('/insights?type=gossip&severity=loud');
    await screen.findByText(trend.title);
    expect(lastQuery()).toEqual({ type: 'all', severity: 'all' });
    expect(screen.getByRole('combobox', { name: 'Type' }).textContent).toBe('All types');
  });

  it('puts a chosen filter in the URL and asks the API with it', async () => {
    const user = userEvent.setup();
    serve(({ query }) => ({
      items: [trend, anomaly].filter((i) => query.type === 'all' || i.type === query.type),
    }));
    renderAt('/insights');
    await screen.findByText(anomaly.title);
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'Trend' }));
    await waitFor(() => expect(screen.queryByText(anomaly.title)).toBeNull());
    expect(location()).toBe('/insights?type=trend');
    expect(lastQuery()).toEqual({ type: 'trend', severity: 'all' });

    await user.click(screen.getByRole('combobox', { name: 'Severity' }));
    await user.click(screen.getByRole('option', { name: 'Warning' }));
    await waitFor(() => expect(location()).toBe('/insights?type=trend&severity=warning'));
    expect(lastQuery()).toEqual({ type: 'trend', severity: 'warning' });

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'All types' }));
    await waitFor(() => expect(location()).toBe('/insights?severity=warning'));
  });

  it('says how much more data the first insights need, and where to get it', async () => {
    serve({ items: [], coverage: { dataDays: 3, daysNeeded: 14 } });
    renderAt('/insights');
    expect(await screen.findByRole('heading', { name: 'No insights yet' })).toBeTruthy();
    expect(
      await screen.findByText(
        /Insights need about 14 days of data; you have 3 days, about 11 days to go\. Import an export or connect a source/,
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sources page' }).getAttribute('href')).toBe('/data-sources');
  });

  it('says nothing stands out yet when there is enough data but no finding', async () => {
    serve({ items: [], coverage: { dataDays: 200, daysNeeded: 14 } });
    renderAt('/insights');
    expect(
      await screen.findByText(/You have 200 days of data and nothing in it stands out yet/),
    ).toBeTruthy();
  });

  it('offers to clear filters that match nothing', async () => {
    const user = userEvent.setup();
    serve(({ query }) => ({ items: query.severity === 'all' ? [trend] : [] }));
    renderAt('/insights?severity=critical');
    expect(await screen.findByText('No insights match these filters')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show all insights' }));
    expect(await screen.findByText(trend.title)).toBeTruthy();
    expect(location()).toBe('/insights');
  });

  it('takes a dismissed card away at once, before the server answers', async () => {
    const user = userEvent.setup();
    serve([trend, anomaly]);
    const dismissed = onApi('post', '/api/insights/:id/dismiss', never);
    renderAt('/insights');
    await screen.findByText(trend.title);
    await user.click(screen.getByRole('button', { name: `Dismiss: ${trend.title}` }));
    await waitFor(() => expect(screen.queryByText(trend.title)).toBeNull());
    expect(screen.getByText(anomaly.title)).toBeTruthy();
    expect(dismissed.map((request) => request.path)).toEqual(['/api/insights/ins_1/dismiss']);
  });

  it('brings the card back and says why when the server refuses', async () => {
    const user = userEvent.setup();
    serve([trend]);
    onApi('post', '/api/insights/:id/dismiss', apiError(404, 'not_found', 'No such insight.'));
    renderAt('/insights');
    await user.click(await screen.findByRole('button', { name: `Dismiss: ${trend.title}` }));
    expect((await screen.findByRole('alert')).textContent).toContain('No such insight.');
    expect(screen.getByText(trend.title)).toBeTruthy();
  });

  it('refreshes on request, showing progress, then the new list', async () => {
    const user = userEvent.setup();
    serve([], [trend]);
    let finish: (items: (typeof trend)[]) => void = () => {};
    onApi(
      'post',
      '/api/insights/refresh',
      () => new Promise((resolve) => (finish = (items) => resolve({ items }))),
    );
    renderAt('/insights');
    await screen.findByText('No insights yet');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    const busy = screen.getByRole('button', { name: /Refreshing/ });
    expect(busy.hasAttribute('disabled')).toBe(true);
    expect(within(busy).getByRole('progressbar')).toBeTruthy();
    finish([trend]);
    expect(await screen.findByText(trend.title)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows the error with a way to retry', async () => {
    serve(() => apiError(503, 'unavailable', 'Cannot reach the server.'));
    renderAt('/insights');
    expect(await screen.findByText('Your insights could not be loaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
