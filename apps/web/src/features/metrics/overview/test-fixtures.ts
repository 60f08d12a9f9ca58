import type { MetricsOverview, OverviewCard } from '@healthfolio/core';

const days30 = (value: (i: number) => number | null) => Array.from({ length: 30 }, (_, i) => value(i));

const base = {
  flag: null,
  count: 400,
  trend7: null,
  trend30: null,
  cadenceDays: 2,
  stale: false,
  baseline: null,
} as const;

/** Ada's Dashboard on 22 November 2026, 07:00 in New York: steps so far, sleep, heart, an old weigh-in. */
export function adaOverview(): MetricsOverview {
  const items: OverviewCard[] = [
    {
      ...base,
      type: 'steps',
      label: 'Steps',
      category: 'activity',
      unit: '{steps}',
      valueType: 'quantity',
      aggregation: 'sum',
      latest: {
        value: 300,
        start: '2026-11-22T00:00:00.000-05:00',
        end: '2026-11-23T00:00:00.000-05:00',
        source: '*',
        device: null,
        flag: null,
      },
      ageDays: 0,
      baseline: 1200,
      spark: days30((i) => (i === 29 ? 300 : 1200)),
    },
    {
      ...base,
      type: 'sleep_duration',
      label: 'Sleep',
      category: 'sleep',
      unit: 'h',
      valueType: 'duration',
      aggregation: 'sum',
      latest: {
        value: 7,
        start: '2026-11-22T00:00:00.000-05:00',
        end: '2026-11-23T00:00:00.000-05:00',
        source: '*',
        device: null,
        flag: null,
      },
      ageDays: 0,
      spark: days30(() => 7),
    },
    {
      ...base,
      type: 'resting_heart_rate',
      label: 'Resting heart rate',
      category: 'vitals',
      unit: '/min',
      valueType: 'quantity',
      aggregation: 'avg',
      latest: {
        value: 56,
        start: '2026-11-21T06:00:00.000-05:00',
        end: '2026-11-21T06:00:00.000-05:00',
        source: 'garmin',
        device: 'Forerunner 965',
        flag: null,
      },
      ageDays: 1,
      baseline: 50,
      spark: days30((i) => (i === 28 ? 56 : i === 29 ? null : 50)),
    },
    {
      ...base,
      type: 'weight',
      label: 'Weight',
      category: 'body',
      unit: 'kg',
      valueType: 'quantity',
      aggregation: 'avg',
      latest: {
        value: 70,
        start: '2026-10-13T07:00:00.000-04:00',
        end: '2026-10-13T07:00:00.000-04:00',
        source: 'apple_healthkit',
        device: 'iPhone 16',
        flag: null,
      },
      ageDays: 40,
      cadenceDays: 14,
      stale: true,
      spark: days30(() => null),
    },
  ];
  return {
    tz: 'America/New_York',
    today: '2026-11-22',
    items,
    todaySoFar: [
      {
        type: 'steps',
        label: 'Steps',
        unit: '{steps}',
        value: 300,
        usual: 400,
        usualDays: 28,
        asOf: '2026-11-22T07:00:00.000-05:00',
      },
    ],
    sleep: {
      night: '2026-11-22',
      asleepMin: 420,
      inBedMin: 450,
      start: '2026-11-21T23:00:00.000-05:00',
      end: '2026-11-22T06:30:00.000-05:00',
      source: 'garmin',
      device: 'Forerunner 965',
      stages: { deep: 80, light: 250, rem: 90, awake: 30 },
      ageDays: 0,
      stale: false,
    },
    glucose: null,
  };
}
