import { describe, expect, it } from 'vitest';
import { defaultTier, rankFunction } from './priority';

describe('source priority', () => {
  it('puts manual entries first, then wearables, then phones', () => {
    expect(defaultTier('steps', 'manual', null)).toBe('manual');
    expect(defaultTier('steps', 'apple_healthkit', 'Apple Watch')).toBe('wearable');
    expect(defaultTier('steps', 'garmin', null)).toBe('wearable');
    expect(defaultTier('steps', 'apple_healthkit', 'iPhone')).toBe('phone');
    expect(defaultTier('steps', 'fitbit', 'Pixel 8')).toBe('phone');
    expect(defaultTier('weight', 'withings', null)).toBe('wearable');
    expect(defaultTier('steps', 'withings', null)).toBe('other');
    const rank = rankFunction('steps', []);
    expect(rank('manual', null)).toBeLessThan(rank('oura', 'Oura Ring'));
    expect(rank('oura', 'Oura Ring')).toBeLessThan(rank('apple_healthkit', 'iPhone'));
    expect(rank('apple_healthkit', 'iPhone')).toBeLessThan(rank('myfitnesspal', null));
  });

  it('lets the user order come first, by device or by whole source', () => {
    const rank = rankFunction('steps', [
      { source: 'apple_healthkit', device: 'iPhone' },
      { source: 'garmin', device: '' },
    ]);
    expect(rank('apple_healthkit', 'iPhone')).toBe(0);
    expect(rank('garmin', 'Forerunner 965')).toBe(1);
    expect(rank('apple_healthkit', 'Apple Watch')).toBeGreaterThan(1);
    expect(rank('manual', null)).toBeGreaterThan(1);
  });
});
