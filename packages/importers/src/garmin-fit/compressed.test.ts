import { describe, expect, it } from 'vitest';
import { fileFromBuffer } from '../files/memory-file';
import { decodeFit } from '../shared/fit-decode';
import { timeMs } from '../shared/fit-values';
import { adaContext, collect, ofKind, unaccounted } from '../shared/test-support';
import {
  compressedActivityFit,
  rideHeartRate,
  ridePower,
  RIDE_SECONDS,
  RIDE_START,
} from './fixtures/activity-variants';
import { BASE, compressed, definition, encoded, fitFile, values } from './fixtures/fit-bytes';
import { garminFitImporter } from './index';

const read = () =>
  collect(garminFitImporter.read([fileFromBuffer('ride.fit', compressedActivityFit())], adaContext));
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

describe('garmin-fit compressed-timestamp records', () => {
  it('decodes every record, each at its exact second, across 32-second rollovers and a pause', () => {
    const { messages, damage } = decodeFit(compressedActivityFit());
    expect(damage).toBeUndefined();
    const records = messages.filter((m) => m.name === 'record').map((m) => m.mesg);
    const seconds = [...RIDE_SECONDS.full, ...RIDE_SECONDS.compressed].sort((a, b) => a - b);
    expect(records.map((r) => timeMs(r, 'timestamp'))).toEqual(seconds.map((s) => RIDE_START + s * 1000));
    expect(records.map((r) => r.heartRate)).toEqual(seconds.map(rideHeartRate));
    expect(records.map((r) => r.distance)).toEqual(seconds.map((s) => s * 7));
    // The power app's developer field rides in every compressed record.
    const compressed = records.filter((_, i) => !RIDE_SECONDS.full.includes(seconds[i]!));
    expect(compressed.map((r) => (r.developerFields as Record<number, number>)[0])).toEqual(
      RIDE_SECONDS.compressed.map(ridePower),
    );
    expect(messages.map((m) => m.name).slice(-2)).toEqual(['session', 'activity']);
  });

  it('averages the heart rate of each minute from the records at their decoded times', async () => {
    const hr = ofKind((await read()).samples, 'heart_rate');
    expect(hr.map((s) => [iso(s.start), s.value])).toEqual([
      ['2024-03-10T12:00:00.000Z', 121.9], // 12:00:13–12:00:59, 47 records
      ['2024-03-10T12:01:00.000Z', 126.9], // 54 records to 12:01:53
      ['2024-03-10T12:02:00.000Z', 132.3], // 12:02:00, :20, :51 (gaps of 7, 20 and 31 s)
      ['2024-03-10T12:04:00.000Z', 145.9], // the full record at 12:04:13, then every 2 s
      ['2024-03-10T12:05:00.000Z', 149],
    ]);
  });

  it('reads on past the compressed records: the session and its totals', async () => {
    const { samples, error } = await read();
    expect(error).toBeUndefined();
    expect(ofKind(samples, 'workout')).toMatchObject([
      {
        start: RIDE_START,
        end: RIDE_START + 300_000,
        value: 5,
        utcOffsetMin: -240,
        device: 'Edge 540',
        meta: { workout: { activity: 'cycling', distanceM: 2100, energyKcal: 62, avgHeartRate: 134 } },
      },
    ]);
  });

  it('reads a file whose app description the SDK throws on again without developer data, times intact', async () => {
    const { messages, damage } = decodeFit(compressedActivityFit({ brokenDescription: true }));
    expect(damage).toBeUndefined();
    expect(messages.some((m) => m.name === 'fieldDescription' || m.name === 'developerDataId')).toBe(false);
    const records = messages.filter((m) => m.name === 'record').map((m) => m.mesg);
    const seconds = [...RIDE_SECONDS.full, ...RIDE_SECONDS.compressed].sort((a, b) => a - b);
    expect(records.map((r) => timeMs(r, 'timestamp'))).toEqual(seconds.map((s) => RIDE_START + s * 1000));
    expect(records.every((r) => r.developerFields === undefined)).toBe(true);
    const out = await collect(
      garminFitImporter.read(
        [fileFromBuffer('ride.fit', compressedActivityFit({ brokenDescription: true }))],
        adaContext,
      ),
    );
    expect(out.error).toBeUndefined();
    expect(out.samples).toEqual((await read()).samples);
  });

  it('skips, by name, heart rates under compressed headers with no full timestamp before them', async () => {
    const bytes = fitFile(
      encoded((write) => write('FILE_ID', { type: 'activity', manufacturer: 'garmin', product: 3906 })),
      definition(0, 20, [[3, 1, BASE.uint8]]),
      ...[1, 2, 3].map((s) => compressed(0, s, values([130, 1]))),
    );
    const out = await collect(garminFitImporter.read([fileFromBuffer('untimed.fit', bytes)], adaContext));
    expect(out.error).toBeUndefined();
    expect(out.samples).toEqual([]);
    expect([...out.skipped.values()]).toEqual([
      { type: 'record.heart_rate', count: 3, reason: 'a heart rate the file gives no time for' },
    ]);
    expect(unaccounted(out)).toBe(0);
  });

  it('accounts for every reading: five minutes of heart rate and the session', async () => {
    const out = await read();
    expect(out.records).toBe(6);
    expect(unaccounted(out)).toBe(0);
  });
});
