// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onApi, server } from '../../test/msw';
import { AnalyticsConsentSetting } from './AnalyticsConsentSetting';
import { DeferredAnalytics } from './DeferredAnalytics';

const configured = {
  enabled: true,
  measurementId: 'G-TEST1',
  collectUrl: 'https://collect.example.org/g/collect',
};

function renderAt(url: string) {
  const routes = [
    { path: '/dashboard', element: null },
    { path: '/reports/:id', element: null },
  ];
  const shell = (
    <>
      <Outlet />
      <DeferredAnalytics routes={routes} />
    </>
  );
  const router = createMemoryRouter([{ element: shell, children: routes }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('DeferredAnalytics and Analytics', { timeout: 30_000 }, () => {
  /** The page views sent to the measurement endpoint (Google's, here the configured collectUrl). */
  let sent: Request[] = [];
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    sent = [];
    server.use(
      http.post(configured.collectUrl, ({ request }) => {
        sent.push(request);
        return new HttpResponse(null, { status: 204 });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows nothing and sends nothing when the server has no measurement id', async () => {
    const asked = onApi('get', '/api/analytics', { enabled: false });
    renderAt('/dashboard');
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Count page views?' })).toBeNull();
    expect(sent).toEqual([]);
  });

  it('asks first, sends nothing until the answer, and nothing after "No thanks" — remembered', async () => {
    const asked = onApi('get', '/api/analytics', configured);
    renderAt('/dashboard');
    const banner = await screen.findByRole('region', { name: 'Count page views?' }, { timeout: 15_000 });
    expect(sent).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'No thanks' }));
    expect(banner.isConnected).toBe(false);
    expect(window.localStorage.getItem('healthfolio.analytics-consent')).toBe('denied');
    cleanup();
    renderAt('/dashboard');
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(screen.queryByRole('region', { name: 'Count page views?' })).toBeNull();
    expect(sent).toEqual([]);
  });

  it('after "Allow", sends a page view per page, naming the route and never its id', async () => {
    onApi('get', '/api/analytics', configured);
    // What the browser is told to leave out (cookies, referrer) is not on the wire: read from the call.
    const fetchCalls = vi.spyOn(globalThis, 'fetch');
    const router = renderAt('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Allow' }, { timeout: 15_000 }));
    await waitFor(() => expect(sent).toHaveLength(1));
    await router.navigate('/reports/6f1c2b9e-0d1a-4c3e-9b7a-2f5d8e1c4a3b');
    await waitFor(() => expect(sent).toHaveLength(2));
    const pages = sent.map(({ url }) => new URL(new URL(url).searchParams.get('dl')!).pathname);
    expect(pages).toEqual(['/dashboard', '/reports/:id']);
    expect(sent[1]!.url).not.toContain('6f1c2b9e');
    expect(fetchCalls).toHaveBeenCalledWith(
      sent[0]!.url,
      expect.objectContaining({ method: 'POST', credentials: 'omit', referrerPolicy: 'no-referrer' }),
    );
  });

  it('stops sending once consent is withdrawn in Settings, and forgets the session id', async () => {
    onApi('get', '/api/analytics', configured);
    const router = renderAt('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Allow' }, { timeout: 15_000 }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(window.sessionStorage.getItem('healthfolio.analytics-cid')).not.toBeNull();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <AnalyticsConsentSetting />
      </QueryClientProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw consent' }));
    expect(window.localStorage.getItem('healthfolio.analytics-consent')).toBe('denied');
    expect(window.sessionStorage.getItem('healthfolio.analytics-cid')).toBeNull();
    expect(screen.getByTestId('analytics-consent-state').textContent).toMatch(/Nothing is sent/);
    await router.navigate('/reports/6f1c2b9e-0d1a-4c3e-9b7a-2f5d8e1c4a3b');
    await router.navigate('/dashboard');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toHaveLength(1);
    // No banner comes back: the answer is a no.
    expect(screen.queryByRole('region', { name: 'Count page views?' })).toBeNull();
  });
});
