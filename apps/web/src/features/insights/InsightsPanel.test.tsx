// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../test/app-test-utils';
import { fetchInsights } from './insights-api';
import { InsightsPanel } from './InsightsPanel';
import { insight } from './test-utils';

vi.mock('./insights-api', () => ({ fetchInsights: vi.fn() }));

describe('InsightsPanel', () => {
  afterEach(() => {
    cleanup();
    vi.resetAllMocks();
  });

  it('shows the three most important, critical first, and links to all', async () => {
    vi.mocked(fetchInsights).mockResolvedValue([
      insight({ id: 'a', severity: 'info', title: 'Steps steady' }),
      insight({ id: 'b', severity: 'warning', title: 'Resting heart rate rising' }),
      insight({ id: 'c', severity: 'critical', title: 'Glucose very high' }),
      insight({ id: 'd', severity: 'warning', title: 'Sleep shorter' }),
    ]);
    const { ui } = signedIn(<InsightsPanel />);
    render(ui);
    const panel = await screen.findByRole('region', { name: 'Insights' });
    expect(fetchInsights).toHaveBeenCalledWith({ type: 'all', severity: 'all' }, expect.anything());
    const titles = within(panel)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('p')?.textContent);
    expect(titles).toHaveLength(3);
    expect(titles[0]).toBe('Glucose very high');
    expect(titles).not.toContain('Steps steady');
    expect(within(panel).getByRole('link', { name: 'See all insights' }).getAttribute('href')).toBe(
      '/insights',
    );
  });

  it('is not there when there are none', async () => {
    vi.mocked(fetchInsights).mockResolvedValue([]);
    const { ui } = signedIn(<InsightsPanel />);
    render(ui);
    await waitFor(() => expect(fetchInsights).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Insights' })).toBeNull();
  });
});
