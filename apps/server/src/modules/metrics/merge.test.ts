import { describe, expect, it } from 'vitest';
import { EXCLUDED_RANK, mergeStreams, type MergeSample } from './merge';

const minute = 60_000;
const t0 = Date.UTC(2026, 10, 20, 8, 0);

/** Ada walks 08:00–09:00 wearing her watch with her phone in her pocket; both count the same steps. */
function walk(
  source: string,
  device: string,
  stepsPerMinute: number,
  from: number,
  minutes: number,
): MergeSample[] {
  return Array.from({ length: minutes }, (_, i) => ({
    start: from + i * minute,
    end: from + (i + 1) * minute,
    value: stepsPerMinute,
    source,
    device,
  }));
}

const rank = (_source: string, device: string | null) => (device?.includes('Watch') ? 0 : 1);

describe('mergeStreams', () => {
  it('counts overlapping watch and phone steps once, from the watch', () => {
    const samples = [
      ...walk('apple_healthkit', 'Apple Watch', 100, t0, 60),
      ...walk('apple_healthkit', 'iPhone', 95, t0, 60),
    ];
    const merged = mergeStreams(samples, 'sum', rank);
    expect(merged.sum).toBe(6000);
    expect(merged.streams.map((s) => [s.device, s.contributed])).toEqual([
      ['Apple Watch', 6000],
      ['iPhone', 0],
    ]);
  });

  it('fills the gaps of the better stream from the other one', () => {
    // Watch on the charger 08:30–09:00: the phone's steps count for that half hour.
    const samples = [
      ...walk('apple_healthkit', 'Apple Watch', 100, t0, 30),
      ...walk('apple_healthkit', 'iPhone', 90, t0, 60),
    ];
    const merged = mergeStreams(samples, 'sum', rank);
    expect(merged.sum).toBe(30 * 100 + 30 * 90);
    expect(merged.streams[1]).toMatchObject({
      device: 'iPhone',
      contributed: 2700,
      samplesUsed: 30,
      msWon: 30 * minute,
    });
  });

  it('prorates a long sample partly covered by a better one', () => {
    const samples: MergeSample[] = [
      { start: t0, end: t0 + 10 * minute, value: 1000, source: 'garmin', device: 'Forerunner Watch' },
      { start: t0 + 5 * minute, end: t0 + 25 * minute, value: 2000, source: 'fitbit', device: 'Phone' },
    ];
    const merged = mergeStreams(samples, 'sum', rank);
    expect(merged.sum).toBe(1000 + 2000 * (15 / 20));
  });

  it('averages heart rate from the best stream, with the other only where it is missing', () => {
    const samples: MergeSample[] = [
      { start: t0, end: t0, value: 60, source: 'oura', device: 'Oura Ring' },
      { start: t0 + 2 * minute, end: t0 + 2 * minute, value: 62, source: 'oura', device: 'Oura Ring' },
      { start: t0 + 10_000, end: t0 + 10_000, value: 90, source: 'garmin', device: 'Watch' },
      { start: t0 + 10 * minute, end: t0 + 10 * minute, value: 70, source: 'garmin', device: 'Watch' },
    ];
    const merged = mergeStreams(samples, 'avg', (source) => (source === 'oura' ? 0 : 1));
    expect(merged.count).toBe(3);
    expect(merged.sum / merged.count).toBeCloseTo((60 + 62 + 70) / 3);
    expect(merged.min).toBe(60);
    expect(merged.max).toBe(70);
  });

  it('merges the same whatever order the samples come in', () => {
    // The watch is off 08:20–08:40; the phone fills the gap; a Garmin reading overlaps both.
    const samples: MergeSample[] = [
      ...walk('apple_healthkit', 'Apple Watch', 100, t0, 20),
      ...walk('apple_healthkit', 'Apple Watch', 100, t0 + 40 * minute, 20),
      ...walk('apple_healthkit', 'iPhone', 90, t0, 60),
      { start: t0 + 15 * minute, end: t0 + 45 * minute, value: 3000, source: 'garmin', device: 'Watch' },
    ];
    const inOrder = mergeStreams(samples, 'sum', rank);
    expect(inOrder.sum).toBe(40 * 100 + 3000 * (20 / 30) + 0);
    expect(mergeStreams([...samples].reverse(), 'sum', rank)).toEqual(inOrder);
    const interleaved = samples.filter((_, i) => i % 2 === 0).concat(samples.filter((_, i) => i % 2 === 1));
    expect(mergeStreams(interleaved, 'sum', rank)).toEqual(inOrder);
  });

  it('keeps a single stream as it is', () => {
    const merged = mergeStreams(walk('oura', 'Oura Ring', 10, t0, 3), 'sum', () => 0);
    expect(merged).toMatchObject({ count: 3, sum: 30, min: 10, max: 10 });
  });

  it('leaves an excluded stream out: it counts nothing and covers no time', () => {
    // Sandbox steps 08:00–09:00 beside the watch 08:00–08:30: excluded, the phone fills 08:30–09:00.
    const sandbox = walk('oura', '\u001fsandbox', 500, t0, 60);
    const samples = [
      ...sandbox,
      ...walk('apple_healthkit', 'Apple Watch', 100, t0, 30),
      ...walk('apple_healthkit', 'iPhone', 90, t0, 60),
    ];
    const ranked = (source: string, device: string | null) =>
      source === 'oura' ? EXCLUDED_RANK : rank(source, device);
    const merged = mergeStreams(samples, 'sum', ranked);
    expect(merged.sum).toBe(30 * 100 + 30 * 90);
    expect(merged.count).toBe(60);
    expect(merged.streams.map((s) => [s.source, s.contributed, s.samplesUsed, s.msWon])).toEqual([
      ['apple_healthkit', 3000, 30, 30 * minute],
      ['apple_healthkit', 2700, 30, 30 * minute],
      ['oura', 0, 0, 0],
    ]);
    // Alone, an excluded stream makes an empty day.
    expect(mergeStreams(sandbox, 'sum', ranked)).toMatchObject({ count: 0, sum: 0, min: null, max: null });
  });

  it('never takes a sandbox stream for a path of the person’s device', () => {
    // The real ring by the Oura app's file, hourly, 08–10; generated data under the same device name
    // as one coarse reading 08–12. Included, it fills 10–12 pro rata (half of it), not with what it
    // holds beyond the ring's count, as a coarser path of the ring would (3,000 − 2,000).
    const real: MergeSample[] = [0, 1].map((h) => ({
      start: t0 + h * 60 * minute,
      end: t0 + (h + 1) * 60 * minute,
      value: 1000,
      source: 'oura',
      device: 'Oura Ring\u001foura',
    }));
    const generated: MergeSample = {
      start: t0,
      end: t0 + 240 * minute,
      value: 3000,
      source: 'oura',
      device: 'Oura Ring\u001fsandbox',
    };
    const merged = mergeStreams([generated, ...real], 'sum', (_s, device) =>
      device?.endsWith('sandbox') ? 10_000 : 0,
    );
    expect(merged.sum).toBe(2000 + 1500);
    expect(merged.streams.map((s) => s.contributed)).toEqual([2000, 1500]);
  });
});
