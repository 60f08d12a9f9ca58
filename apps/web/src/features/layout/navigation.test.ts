import { describe, expect, it } from 'vitest';
import { DRAWER_WIDTH, navigationItems } from './navigation';

describe('navigation config', () => {
  it('lists the SPEC entries in order', () => {
    expect(navigationItems.map((item) => [item.labelKey, item.path])).toEqual([
      ['dashboard', '/dashboard'],
      ['sources', '/data-sources'],
      ['workouts', '/workouts'],
      ['insights', '/insights'],
      ['goals', '/goals'],
      ['reports', '/reports'],
      ['about', '/about'],
    ]);
  });

  it('marks no entry as coming soon: Reports works too', () => {
    expect(navigationItems.filter((item) => item.comingSoon).map((item) => item.labelKey)).toEqual([]);
  });

  it('uses the 240 px drawer', () => {
    expect(DRAWER_WIDTH).toBe(240);
  });
});
