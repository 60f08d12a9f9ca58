// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { signedIn } from '../../test/app-test-utils';
import { onApi } from '../../test/msw';
import { InsightsPanel } from './InsightsPanel';
import { insight } from './test-utils';

describe('InsightsPanel', () => {
  afterEach(() => {
    cleanup();
  });

  it('shows the three most important, critical first, and links to all', async () => {
    const requests = onApi('get', '/api/insights', {
      items: [
        insight({ id: 'a', severity: 'info', title: 'Steps steady' }),
        insight({ id: 'b', severity: 'warning', title: 'Resting heart rate rising' }),
        insight({ id: 'c', severity: 'critical', title: 'Glucose very high' }),
        insight({ id: 'd', severity: 'warning', title: 'Sleep shorter' }),
      ],
    });
    const { ui } = signedIn(<InsightsPanel />);
    render(ui);
    const panel = await screen.findByRole('region', { name: 'Insights' });
    expect(requests[0]?.query).toEqual({ type: 'all', severity: 'all' });
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
    const requests = onApi('get', '/api/insights', { items: [] });
    const { ui } = signedIn(<InsightsPanel />);
    render(ui);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Insights' })).toBeNull();
  });
});
