import type { MetricsSeries, SampleItem } from '@healthfolio/core';
import { describe, expect, it } from 'vitest';
import { toChartData } from './chart-data';
import { chartSummary } from './chart-summary';
import { bucketFor } from './ranges';
import { outsideBand, referenceBand } from './reference-band';

const raw = (type: string, items: Partial<SampleItem>[]): MetricsSeries => ({
  type,
  unit: 'kg',
  tz: 'UTC',
  nextCursor: null,
  bucket: 'raw',
  items: items.map((i, n) => ({
    id: n,
    type,
    value: 0,
    unit: 'kg',
    start: '2026-11-20T08:00:00Z',
    end: '2026-11-20T08:00:00Z',
    source: 'manual',
    device: null,
    flag: null,
    ...i,
  })),
});

describe('toChartData', () => {
  it('converts raw readings to the user units and keeps their source', () => {
    const data = toChartData(raw('weight', [{ value: 80, device: 'Body+' }]), 'imperial');
    expect(data.series[0]!.values[0]).toBeCloseTo(176.37, 2);
    expect(data.sources).toEqual(['Entered by you (Body+)']);
    expect(chartSummary(data, 'raw')).toContain('Latest 176.4 lb');
  });

  it('draws blood pressure as systolic and diastolic', () => {
    const data = toChartData(raw('blood_pressure', [{ value: 120, systolic: 120, diastolic: 80 }]), 'metric');
    expect(data.series.map((s) => [s.name, s.values[0]])).toEqual([
      ['Systolic', 120],
      ['Diastolic', 80],
    ]);
  });

  it('shows weekly totals of a sum kind as daily averages', () => {
    const series: MetricsSeries = {
      type: 'steps',
      unit: '{count}',
      tz: 'UTC',
      nextCursor: null,
      bucket: 'week',
      items: [
        {
          start: '2026-11-02T00:00:00Z',
          end: '2026-11-09T00:00:00Z',
          min: 1,
          max: 1,
          avg: 1,
          sum: 70_000,
          count: 7,
          last: 1,
        },
      ],
    };
    const data = toChartData(series, 'metric', Date.parse('2026-11-22T00:00:00Z'));
    expect(data.series[0]!.values).toEqual([10_000]);
    expect(data.dailyMean).toBe(true);
  });
});

describe('ranges and bands', () => {
  it('draws a day of a sum kind in merged hours and of others as raw readings', () => {
    expect(bucketFor('day', 'sum')).toBe('hour');
    expect(bucketFor('day', 'avg')).toBe('raw');
    expect(bucketFor('all', 'avg')).toBe('month');
  });

  it('draws labs as raw results in every range, so each keeps the range its lab printed', () => {
    for (const range of ['day', 'month', 'all'] as const)
      expect(bucketFor(range, 'last', 'labs')).toBe('raw');
    expect(bucketFor('all', 'last', 'body')).toBe('month');
  });

  it('prefers the range the lab printed over the general one', () => {
    const printed = raw('ldl_cholesterol', [{ value: 160, referenceRange: { high: 130 } }]);
    expect(referenceBand(printed, 'metric')).toEqual({ high: 130 });
    expect(referenceBand(raw('ldl_cholesterol', [{ value: 160 }]), 'metric')).toEqual({ high: 100 });
    expect(referenceBand(raw('weight', [{ value: 80 }]), 'metric')).toBeUndefined();
    expect(outsideBand({ high: 100 }, 160)).toBe(true);
  });
});
