// @vitest-environment jsdom
import type { HeartRateZones as Zones } from '@healthfolio/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HeartRateZones } from './HeartRateZones';

const zones = (basis: Zones['basis']): Zones => ({
  maxHeartRate: 190,
  basis,
  zones: [
    { zone: 1, minBpm: 95, maxBpm: 114, seconds: 180 },
    { zone: 2, minBpm: 114, maxBpm: 133, seconds: 300 },
    { zone: 3, minBpm: 133, maxBpm: 152, seconds: 300 },
    { zone: 4, minBpm: 152, maxBpm: 171, seconds: 180 },
    { zone: 5, minBpm: 171, maxBpm: 190, seconds: 120 },
  ],
  belowSeconds: 120,
});

describe('heart-rate zones', () => {
  afterEach(cleanup);

  it('shows each zone with its range and time, and the time below zone 1', () => {
    render(<HeartRateZones zones={zones('observed')} />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Zone 1 · Easy · 95–114 bpm3:00',
      'Zone 2 · Steady · 114–133 bpm5:00',
      'Zone 3 · Moderate · 133–152 bpm5:00',
      'Zone 4 · Hard · 152–171 bpm3:00',
      'Zone 5 · Maximum · 171–190 bpm2:00',
    ]);
    expect(screen.getByText('Below zone 1: 2:00')).toBeTruthy();
  });

  it('says where the maximum heart rate comes from', () => {
    render(<HeartRateZones zones={zones('observed')} />);
    expect(screen.getByTestId('zones-basis').textContent).toContain(
      'highest heart rate in your data, 190 bpm',
    );
    cleanup();
    render(<HeartRateZones zones={zones('age')} />);
    expect(within(screen.getByTestId('workout-zones')).getByTestId('zones-basis').textContent).toBe(
      'Zones from your maximum heart rate of 190 bpm (220 − your age).',
    );
  });
});
