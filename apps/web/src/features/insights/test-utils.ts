import type { Insight } from '@healthfolio/core';

/** Ada's resting heart rate drifting up over October, as the server describes it; override the rest. */
export function insight(overrides: Partial<Insight> = {}): Insight {
  return {
    id: 'ins_1',
    userId: 'u_ada',
    type: 'trend',
    title: 'Resting heart rate up 6 bpm in 30 days',
    description: 'Your resting heart rate rose from about 52 to 58 bpm over the last 30 days.',
    evidence:
      'A steady rate of +0.2 bpm a day (95 % interval 0.1 to 0.3) (Theil–Sen), Mann–Kendall p < 0.001, over 30 days with data.',
    severity: 'warning',
    actionable: true,
    recommendations: [
      'Keep an eye on sleep and recovery this week.',
      'Talk to your doctor if it keeps rising.',
    ],
    createdAt: '2026-10-30T06:00:00.000Z',
    updatedAt: '2026-10-30T06:00:00.000Z',
    relatedMetrics: ['resting_heart_rate'],
    window: { from: '2026-10-01', to: '2026-10-30' },
    values: { slopePerDay: 0.2, n: 30 },
    series: [
      {
        metric: 'resting_heart_rate',
        unit: '/min',
        points: [
          { day: '2026-10-01', value: 52 },
          { day: '2026-10-15', value: 55 },
          { day: '2026-10-30', value: 58 },
        ],
        band: { low: 48, high: 55, label: 'Your usual range' },
        highlight: ['2026-10-30'],
      },
    ],
    dismissedAt: null,
    ...overrides,
  };
}
