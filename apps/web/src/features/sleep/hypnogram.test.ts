import type { SleepNightDetail } from '@healthfolio/core';
import { describe, expect, it } from 'vitest';
import { clockOf, hypnogram } from './hypnogram';

const night = (segments: SleepNightDetail['segments']): SleepNightDetail => ({
  night: '2026-11-20',
  source: 'garmin',
  device: 'Forerunner 255',
  bedtime: segments[0]!.start,
  wake: segments.at(-1)!.end,
  asleepMin: 0,
  inBedMin: null,
  segments,
  stageMinutes: null,
});

describe('hypnogram', () => {
  it('places each stretch on its stage row across the night', () => {
    const { rows, blocks } = hypnogram(
      night([
        { start: '2026-11-19T22:00:00.000Z', end: '2026-11-20T00:00:00.000Z', stage: 'core' },
        { start: '2026-11-20T00:00:00.000Z', end: '2026-11-20T01:00:00.000Z', stage: 'deep' },
        { start: '2026-11-20T01:00:00.000Z', end: '2026-11-20T01:30:00.000Z', stage: 'awake' },
        { start: '2026-11-20T01:30:00.000Z', end: '2026-11-20T06:00:00.000Z', stage: 'rem' },
      ]),
    );
    expect(rows.map((r) => r.label)).toEqual(['Awake', 'REM', 'Core (light)', 'Deep']);
    expect(blocks.map((b) => [b.stage, b.row, b.x0, b.x1, b.minutes])).toEqual([
      ['core', 2, 0, 0.25, 120],
      ['deep', 3, 0.25, 0.375, 60],
      ['awake', 0, 0.375, 0.4375, 30],
      ['rem', 1, 0.4375, 1, 270],
    ]);
  });

  it('draws a night without stages on two rows, awake and asleep', () => {
    const { rows, blocks } = hypnogram(
      night([
        { start: '2026-11-19T23:00:00.000-05:00', end: '2026-11-20T03:00:00.000-05:00', stage: 'asleep' },
        { start: '2026-11-20T03:00:00.000-05:00', end: '2026-11-20T03:20:00.000-05:00', stage: 'awake' },
        { start: '2026-11-20T03:20:00.000-05:00', end: '2026-11-20T07:00:00.000-05:00', stage: 'asleep' },
      ]),
    );
    expect(rows.map((r) => r.label)).toEqual(['Awake', 'Asleep']);
    expect(blocks.map((b) => b.row)).toEqual([1, 0, 1]);
    expect(clockOf('2026-11-19T23:00:00.000-05:00')).toBe('23:00');
  });
});
