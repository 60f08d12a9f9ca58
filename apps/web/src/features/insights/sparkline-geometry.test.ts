import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import type { DisplaySeries } from './series-display';
import { sparklineGeometry, sparklineSummary } from './sparkline-geometry';

const series = (overrides: Partial<DisplaySeries> = {}): DisplaySeries => ({
  label: 'Glucose',
  points: [
    { day: '2026-10-01', value: 90 },
    { day: '2026-10-02', value: 95 },
    { day: '2026-10-04', value: 160 },
  ],
  highlight: ['2026-10-04'],
  band: { low: 70, high: 100, label: 'Reference range' },
  format: (v) => `${v} mg/dL`,
  formatNumber: (v) => String(v),
  ...overrides,
});

describe('sparklineGeometry', () => {
  it('places days by date, gaps included, and the highest value at the top', () => {
    const g = sparklineGeometry(series(), 100, 50);
    const xs = g.dots.map((d) => d.x);
    // four day slots of 23 px between 4 px of padding; the third point is on the fourth day
    expect(xs).toEqual([15.5, 38.5, 84.5]);
    expect(g.dots[2]!.y).toBeLessThan(g.dots[0]!.y);
    expect(g.dots.map((d) => d.highlighted)).toEqual([false, false, true]);
  });

  it('shades the band between its bounds and marks each highlighted day', () => {
    const g = sparklineGeometry(series(), 100, 50);
    expect(g.band!.y).toBeGreaterThan(g.dots[2]!.y);
    expect(g.band!.y + g.band!.height).toBeGreaterThan(g.dots[0]!.y);
    // a lone highlighted day is a narrow column centred on its point
    expect(g.columns).toEqual([{ x: 78.5, width: 12 }]);
  });

  it('runs an open bound to the edge', () => {
    const g = sparklineGeometry(series({ band: { low: null, high: 100, label: 'Below 100' } }), 100, 50);
    expect(g.band!.y + g.band!.height).toBe(50);
  });

  it('puts a single day in the middle', () => {
    const one = series({ points: [{ day: '2026-10-01', value: 5 }], highlight: [], band: undefined });
    const g = sparklineGeometry(one, 100, 50);
    expect(g.dots).toEqual([{ x: 50, y: 25, highlighted: false }]);
  });
});

describe('sparklineSummary', () => {
  it('reads the days, the values, the band and the highlights', () => {
    expect(sparklineSummary(series(), i18n.getFixedT('en', 'insights'))).toBe(
      'Glucose, 3 days, 1 Oct – 4 Oct 2026: from 90 mg/dL to 160 mg/dL, lowest 90 mg/dL, highest 160 mg/dL. ' +
        'Shaded: Reference range, 70–100 mg/dL. 1 highlighted day.',
    );
  });

  it('reads one reading and an open band', () => {
    const one = series({
      points: [{ day: '2026-10-04', value: 160 }],
      band: { low: null, high: 100, label: 'Reference range' },
      highlight: [],
    });
    expect(sparklineSummary(one, i18n.getFixedT('en', 'insights'))).toBe(
      'Glucose, 1 day, 4 Oct 2026: 160 mg/dL. Shaded: Reference range, up to 100 mg/dL.',
    );
  });
});
