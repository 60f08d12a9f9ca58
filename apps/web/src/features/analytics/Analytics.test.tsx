// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGet } from '../../lib/api';
import { AnalyticsConsentSetting } from './AnalyticsConsentSetting';
import { DeferredAnalytics } from './DeferredAnalytics';

vi.mock('../../lib/api', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  apiGet: vi.fn(),
}));

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
  const sent = vi.fn((url: string, _init?: RequestInit) => Promise.resolve(new Response(url)));
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
    vi.stubGlobal('fetch', sent);
  });
  afterEach(() => {
    cleanup();
    sent.mockClear();
    vi.mocked(apiGet).mockReset();
    vi.unstubAllGlobals();
  });

  it('shows nothing and sends nothing when the server has no measurement id', async () => {
    vi.mocked(apiGet).mockResolvedValue({ enabled: false });
    renderAt('/dashboard');
    await waitFor(() => expect(apiGet).toHaveBeenCalledWith('/analytics'));
    expect(screen.queryByRole('region', { name: 'Count page views?' })).toBeNull();
    expect(sent).not.toHaveBeenCalled();
  });

  it('asks first, sends nothing until the answer, and nothing after "No thanks" — remembered', async () => {
    vi.mocked(apiGet).mockResolvedValue(configured);
    renderAt('/dashboard');
    const banner = await screen.findByRole('region', { name: 'Count page views?' }, { timeout: 15_000 });
    expect(sent).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'No thanks' }));
    expect(banner.isConnected).toBe(false);
    expect(window.localStorage.getItem('healthfolio.analytics-consent')).toBe('denied');
    cleanup();
    renderAt('/dashboard');
    await waitFor(() => expect(apiGet).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('region', { name: 'Count page views?' })).toBeNull();
    expect(sent).not.toHaveBeenCalled();
  });

  it('after "Allow", sends a page view per page, naming the route and never its id', async () => {
    vi.mocked(apiGet).mockResolvedValue(configured);
    const router = renderAt('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Allow' }, { timeout: 15_000 }));
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
    await router.navigate('/reports/6f1c2b9e-0d1a-4c3e-9b7a-2f5d8e1c4a3b');
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(2));
    const pages = sent.mock.calls.map(([url]) => new URL(new URL(url).searchParams.get('dl')!).pathname);
    expect(pages).toEqual(['/dashboard', '/reports/:id']);
    expect(sent.mock.calls[1]![0]).not.toContain('6f1c2b9e');
    expect(sent.mock.calls[0]![1]).toMatchObject({
      method: 'POST',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
  });

  it('stops sending once consent is withdrawn in Settings, and forgets the session id', async () => {
    vi.mocked(apiGet).mockResolvedValue(configured);
    const router = renderAt('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Allow' }, { timeout: 15_000 }));
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
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
    expect(sent).toHaveBeenCalledTimes(1);
    // No banner comes back: the answer is a no.
    expect(screen.queryByRole('region', { name: 'Count page views?' })).toBeNull();
  });
});
