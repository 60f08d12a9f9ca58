// @vitest-environment jsdom
import type { MetricsWhy, OverviewCard } from '@healthfolio/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { MetricCard } from './MetricCard';
import { WhyTable } from './WhyTable';

type Item = OverviewCard;

const steps = (sandbox: boolean): Item => ({
  type: 'steps',
  label: 'Steps',
  category: 'activity',
  unit: '{steps}',
  valueType: 'quantity',
  aggregation: 'sum',
  latest: {
    value: 26_800,
    start: '2026-11-22T00:00:00.000Z',
    end: '2026-11-23T00:00:00.000Z',
    source: '*',
    device: null,
    flag: null,
    ...(sandbox ? { sandbox: true as const } : {}),
  },
  count: 53,
  trend7: null,
  trend30: null,
  ageDays: 0,
  cadenceDays: 2,
  stale: false,
  baseline: null,
  spark: [],
});

const card = (item: Item) =>
  render(
    <MemoryRouter>
      <MetricCard item={item} system="metric" onWhy={() => {}} />
    </MemoryRouter>,
  );

describe('sandbox data on the Dashboard', () => {
  afterEach(cleanup);

  it('labels a value sandbox data is in', () => {
    card(steps(true));
    expect(within(screen.getByRole('article', { name: 'Steps' })).getByText('Sandbox')).toBeTruthy();
    cleanup();
    card(steps(false));
    expect(within(screen.getByRole('article', { name: 'Steps' })).queryByText('Sandbox')).toBeNull();
  });

  it('names the sandbox stream in Why this number, and says when it is left out', () => {
    const why: MetricsWhy = {
      type: 'steps',
      date: '2026-11-22',
      unit: '{steps}',
      aggregation: 'sum',
      value: 11_800,
      count: 1,
      min: 11_800,
      max: 11_800,
      streams: [
        {
          source: 'garmin',
          device: null,
          rank: 1,
          contributed: 11_800,
          samples: 1,
          samplesUsed: 1,
          msWon: 3_600_000,
          ownValue: 11_800,
          paths: [{ path: null, label: 'Garmin API', contributed: 11_800, samples: 1, samplesUsed: 1 }],
        },
        {
          source: 'oura',
          device: null,
          rank: 2,
          contributed: 0,
          samples: 4,
          samplesUsed: 0,
          msWon: 0,
          ownValue: 20_000,
          paths: [
            {
              path: 'sandbox',
              label: 'sandbox (generated data, left out: include it in Settings)',
              contributed: 0,
              samples: 4,
              samplesUsed: 0,
            },
          ],
        },
      ],
    };
    render(<WhyTable why={why} system="metric" />);
    const [garmin, oura] = screen.getAllByRole('rowheader');
    expect(garmin!.textContent).toBe('Garmin');
    expect(within(oura!).getByText('Sandbox')).toBeTruthy();
    expect(oura!.textContent).toContain('left out: include it in Settings');
  });
});
