import { describe, expect, it } from 'vitest';
import { importantFirst } from './insight-text';
import { insight } from './test-utils';

describe('importantFirst', () => {
  it('puts critical, then warning, then info first, newest first within each, up to the limit', () => {
    const items = [
      insight({ id: 'info-new', severity: 'info', createdAt: '2026-11-05T00:00:00Z' }),
      insight({ id: 'warn-old', severity: 'warning', createdAt: '2026-10-01T00:00:00Z' }),
      insight({ id: 'crit', severity: 'critical', createdAt: '2026-09-01T00:00:00Z' }),
      insight({ id: 'warn-new', severity: 'warning', createdAt: '2026-11-01T00:00:00Z' }),
    ];
    expect(importantFirst(items, 3).map((i) => i.id)).toEqual(['crit', 'warn-new', 'warn-old']);
    expect(importantFirst(items.slice(0, 1), 3).map((i) => i.id)).toEqual(['info-new']);
  });
});
