import { describe, expect, it } from 'vitest';
import { fileFromBuffer } from '../files/memory-file';
import { monitoringFit } from './fixtures/build-fit';
import { adaContext, collect, ofKind, unaccounted } from '../shared/test-support';
import { garminFitImporter } from './index';

const read = () =>
  collect(garminFitImporter.read([fileFromBuffer('monitor.fit', monitoringFit())], adaContext));
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

describe('garmin-fit monitoring files', () => {
  it('turns running step totals into per-interval deltas, per activity type', async () => {
    const steps = ofKind((await read()).samples, 'steps');
    expect(steps.map((s) => [iso(s.start), iso(s.end), s.value, s.unit])).toEqual([
      // walking: 100 since the file began, +150, +0 (left out), then a reset to 40
      ['2024-03-10T05:00:00.000Z', '2024-03-10T05:15:00.000Z', 100, '{count}'],
      ['2024-03-10T05:15:00.000Z', '2024-03-10T05:45:00.000Z', 150, '{count}'],
      // running, known only through current_activity_type_intensity
      ['2024-03-10T05:00:00.000Z', '2024-03-10T06:15:00.000Z', 300, '{count}'],
      ['2024-03-10T06:00:00.000Z', '2024-03-10T06:30:00.000Z', 40, '{count}'],
    ]);
  });

  it('reads 16-bit timestamps against the last full one for heart rate', async () => {
    const hr = ofKind((await read()).samples, 'heart_rate');
    expect(hr.map((s) => [iso(s.start), s.end, s.value])).toEqual([
      ['2024-03-10T05:30:00.000Z', undefined, 61],
      ['2024-03-10T06:00:00.000Z', undefined, 64],
    ]);
  });

  it("takes today's resting heart rate", async () => {
    const [rhr, ...more] = ofKind((await read()).samples, 'resting_heart_rate');
    expect(more).toHaveLength(0);
    expect(rhr).toMatchObject({ start: Date.parse('2024-03-10T06:45:00Z'), value: 48, unit: '/min' });
  });

  it('uses the offset from monitoring_info (EST) for every sample', async () => {
    const { samples } = await read();
    expect(samples.length).toBe(7);
    expect(samples.every((s) => s.utcOffsetMin === -300 && s.device === 'fenix 7')).toBe(true);
  });

  it('skips the unchanged total and accounts for every reading', async () => {
    const out = await read();
    expect([...out.skipped.values()]).toEqual([
      { type: 'monitoring.steps', count: 1, reason: 'no steps since the total before it' },
    ]);
    expect(out.records).toBe(8);
    expect(unaccounted(out)).toBe(0);
  });

  it('keeps originIds stable and distinct', async () => {
    const ids = (await read()).samples.map((s) => s.originId);
    expect((await read()).samples.map((s) => s.originId)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
