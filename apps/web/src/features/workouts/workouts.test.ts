import { describe, expect, it } from 'vitest';
import {
  activityLabel,
  byPace,
  formatClockDuration,
  formatDistance,
  formatPace,
  formatSpeed,
  speeds,
} from './format';
import { routePath } from './route-path';

describe('workout figures', () => {
  it('writes distance, pace and speed in the person’s units', () => {
    expect(formatDistance(3600, 'metric')).toBe('3.6 km');
    expect(formatDistance(850, 'metric')).toBe('850 m');
    expect(formatDistance(3600, 'imperial')).toBe('2.24 mi');
    // 3 m/s: 333.3 s a kilometre, 536.4 s a mile.
    expect(formatPace(3, 'metric')).toBe('5:33 /km');
    expect(formatPace(3, 'imperial')).toBe('8:56 /mi');
    expect(formatPace(0, 'metric')).toBeNull();
    expect(formatSpeed(3, 'metric')).toBe('10.8 km/h');
    expect(formatSpeed(3, 'imperial')).toBe('6.7 mph');
  });

  it('names activities and tells pace sports from speed ones', () => {
    expect(activityLabel('weight_training')).toBe('Weight training');
    expect(activityLabel('')).toBe('Workout');
    expect(byPace('running')).toBe(true);
    expect(byPace('cycling')).toBe(false);
  });

  it('writes durations as a clock', () => {
    expect(formatClockDuration(180)).toBe('3:00');
    expect(formatClockDuration(3910)).toBe('1:05:10');
  });

  it('smooths speed over about 30 s either side, and breaks where distance is missing', () => {
    const t = [0, 30, 60, 90, 120];
    expect(speeds(t, [0, 90, 180, 270, 360])).toEqual([3, 3, 3, 3, 3]);
    expect(speeds(t, [0, 90, null, 270, 360])).toEqual([3, null, 3, null, 3]);
  });
});

describe('route path', () => {
  it('projects the points north-up into the box, keeping their shape', () => {
    // A square 0.001° a side at the equator: it fits the 100 × 100 box less 10 all round.
    const path = routePath([0, 0, 0.001, 0.001], [0, 0.001, 0.001, 0], 100, 100, 10)!;
    expect(path.d).toBe('M10 90 L90 90 L90 10 L10 10');
    expect(path.start).toEqual([10, 90]);
    expect(path.end).toEqual([10, 10]);
  });

  it('leaves out points without a position and draws nothing from fewer than two', () => {
    expect(routePath([0, null, 0.001], [0, null, 0], 100, 100, 10)!.d).toBe('M50 90 L50 10');
    expect(routePath([1], [1], 100, 100)).toBeNull();
  });
});
