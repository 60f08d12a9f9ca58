import { describe, expect, it } from 'vitest';
import { DRAWER_WIDTH, navigationItems } from './navigation';

describe('navigation config', () => {
  it('lists the SPEC entries in order', () => {
    expect(navigationItems.map((item) => [item.text, item.path])).toEqual([
      ['Dashboard', '/dashboard'],
      ['Sources', '/data-sources'],
      ['Workouts', '/workouts'],
      ['Insights', '/insights'],
      ['Goals', '/goals'],
      ['Reports', '/reports'],
      ['About Us', '/about'],
    ]);
  });

  it('marks no entry as coming soon: Reports works too', () => {
    expect(navigationItems.filter((item) => item.comingSoon).map((item) => item.text)).toEqual([]);
  });

  it('uses the 240 px drawer', () => {
    expect(DRAWER_WIDTH).toBe(240);
  });
});
