import { describe, expect, it } from 'vitest';
import { fileFromBuffer } from '../files/memory-file';
import { adaContext, collect, ofKind, unaccounted } from '../shared/test-support';
import { midnightMonitoringFit } from './fixtures/monitoring-variants';
import { garminFitImporter } from './index';

const read = () =>
  collect(garminFitImporter.read([fileFromBuffer('monitor.fit', midnightMonitoringFit())], adaContext));
const iso = (ms: number | undefined) =>
  ms === undefined ? undefined : new Date(ms).toISOString().slice(11, 16);
/** The local day a sample counts for: its start at its own offset. */
const localDay = (ms: number, offsetMin: number) =>
  new Date(ms + offsetMin * 60_000).toISOString().slice(0, 10);

describe('garmin-fit monitoring across local midnight and the DST jump', () => {
  it('gives the steps of each interval, counting from midnight after the reset', async () => {
    const steps = ofKind((await read()).samples, 'steps');
    expect(steps.map((s) => [iso(s.start), iso(s.end), s.value, s.utcOffsetMin])).toEqual([
      ['03:15', '03:30', 100, -300], // 22:15–22:30 EST on the 9th; 6000 before is the day so far
      ['03:45', '04:00', 50, -300],
      ['04:00', '04:30', 250, -300],
      ['04:30', '04:45', 20, -300],
      ['04:45', '05:00', 60, -300], // the day's last total, written at midnight
      ['05:00', '05:15', 30, -300], // 00:00–00:15 EST on the 10th, from the reset
      ['05:15', '05:30', 100, -300],
      ['05:00', '05:40', 900, -300], // running: 900 since midnight, though 200 were logged before it
      ['06:00', '06:45', 270, -300],
      ['05:40', '06:50', 600, -300],
      ['06:45', '07:15', 50, -300], // 01:45 EST to 03:15 EDT: half an hour across the jump
      ['07:15', '08:00', 550, -240],
    ]);
  });

  it('puts every step on its local day, exactly', async () => {
    const steps = ofKind((await read()).samples, 'steps');
    const days = new Map<string, number>();
    for (const s of steps) {
      const day = localDay(s.start, s.utcOffsetMin!);
      days.set(day, (days.get(day) ?? 0) + s.value);
      expect(localDay(s.end! - 1, s.utcOffsetMin!)).toBe(day); // no interval straddles midnight
    }
    expect(Object.fromEntries(days)).toEqual({ '2024-03-09': 480, '2024-03-10': 2500 });
  });

  it('moves heart rate to EDT at the jump: 01:58 EST, then 03:02 EDT', async () => {
    const hr = ofKind((await read()).samples, 'heart_rate');
    expect(hr.map((s) => [iso(s.start), s.value, s.utcOffsetMin, s.tz])).toEqual([
      ['06:58', 55, -300, undefined],
      ['07:02', 57, -240, undefined],
    ]);
  });

  it('skips the totals carried into the file and the unchanged ones, by name', async () => {
    const out = await read();
    expect([...out.skipped.values()]).toEqual([
      { type: 'monitoring.steps (carried total)', count: 2, reason: expect.stringContaining('earlier file') },
      { type: 'monitoring.steps', count: 2, reason: 'no steps since the total before it' },
    ]);
    expect(out.records).toBe(12 + 2 + 4);
    expect(unaccounted(out)).toBe(0);
  });
});
