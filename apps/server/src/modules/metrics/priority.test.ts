import { describe, expect, it } from 'vitest';
import { EXCLUDED_RANK } from './merge';
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

  it('leaves sandbox streams out unless included, and then ranks them after every real one', () => {
    const sandboxRing = 'Oura Ring\u001fsandbox';
    const order = [
      { source: 'oura', device: 'Oura Ring' },
      { source: 'myfitnesspal', device: '' },
    ];
    expect(rankFunction('steps', order)('oura', sandboxRing)).toBe(EXCLUDED_RANK);
    expect(rankFunction('steps', [])('oura', '\u001fsandbox')).toBe(EXCLUDED_RANK);
    const rank = rankFunction('steps', order, { includeSandbox: true });
    // The person put the ring first: its sandbox stream still comes after the worst real stream.
    expect(rank('oura', sandboxRing)).toBeGreaterThan(rank('myfitnesspal', null));
    expect(rank('oura', sandboxRing)).toBeGreaterThan(rank('unknown_app', 'Some Phone'));
    expect(rank('oura', sandboxRing)).toBeLessThan(EXCLUDED_RANK);
    expect(rank('oura', 'Oura Ring')).toBe(0);
  });
});
