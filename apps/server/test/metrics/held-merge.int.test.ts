import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SampleWriter } from '../../src/modules/metrics/write/sample-writer';
import { MERGED } from '../../src/modules/metrics/rollups.repository';
import type { NewSample } from '../../src/modules/metrics/sample-row';
import { SamplesRepository } from '../../src/modules/metrics/samples.repository';
import { testDialects } from '../databases';
import { metricsFixture, type MetricsFixture } from './helpers';
import { userNo } from '../../src/db/user-number';

const HOUR = 3_600_000;
/** Midnight in New York, 1 September 2026. */
const FIRST_DAY = Date.parse('2026-09-01T00:00:00-04:00');
const NY = { utcOffsetMin: -240, tz: 'America/New_York', source: 'apple_healthkit' };

/** A stream's samples every hour (with a 20-minute shift per device) over `days` days. */
function stream(kind: string, device: string, days: number, value: (i: number) => number, shift = 0) {
  return Array.from({ length: days * 24 }, (_, i): NewSample => {
    const start = FIRST_DAY + i * HOUR + shift;
    return { ...NY, kind, device, start, end: start + 40 * 60_000, value: value(i) };
  });
}

/** Splits samples into batches as an import would, in file order. */
function batches(samples: NewSample[], size: number): NewSample[][] {
  const out: NewSample[][] = [];
  for (let i = 0; i < samples.length; i += size) out.push(samples.slice(i, i + size));
  return out;
}

describe.each(testDialects)(
  'an import merging its days with several streams from memory, on %s',
  (dialect) => {
    let f: MetricsFixture;
    beforeEach(async () => {
      f = await metricsFixture(dialect);
    });
    afterEach(() => f.t.close());

    let imports = 0;
    /** An import's write session, holding its samples or not (then its deferred days are read back). */
    const begin = (userId: string, hold: boolean) =>
      new SampleWriter(f.t.db, f.t.bulk, { holdSamples: hold }).begin(userId, {
        kind: 'import',
        id: `i${++imports}`,
      });

    /** Writes the batches as the import runner does: merges deferred, then run at the end. */
    async function runImport(userId: string, parts: NewSample[][], hold: boolean): Promise<void> {
      const session = begin(userId, hold);
      for (const part of parts) await session.write(part);
      await session.finish();
    }

    const rollups = async (userId: string) =>
      (
        await f.t.db.kysely
          .selectFrom('daily_rollups')
          .select([
            'kind',
            'local_day',
            'source',
            'device',
            'count',
            'sum',
            'min',
            'max',
            'last_value',
            'last_at',
          ])
          .where('user_no', '=', userNo(userId))
          .orderBy('kind')
          .orderBy('local_day')
          .orderBy('source')
          .orderBy('device')
          .execute()
      ).map((r) => ({ ...r, sum: Math.round(Number(r.sum) * 1e6) / 1e6 }));

    /** Ada's import holds its samples, Ben's reads its days back: both must end with the same rollups. */
    async function expectSameAsReadBack(parts: NewSample[][]) {
      const reads = vi.spyOn(SamplesRepository.prototype, 'forDays');
      await runImport(f.ada.id, parts, true);
      const adaReads = reads.mock.calls.length;
      reads.mockClear();
      await runImport(f.ben.id, parts, false);
      const benReads = reads.mock.calls.length;
      reads.mockRestore();
      const ada = await rollups(f.ada.id);
      expect(ada.filter((r) => r.source === MERGED).length).toBeGreaterThan(0);
      expect(ada).toEqual(await rollups(f.ben.id));
      return { adaReads, benReads };
    }

    it('gives the merged days of a watch and a phone without reading them back', async () => {
      // Apple's order: a type's records source by source; the phone's steps overlap the watch's.
      const samples = [
        ...stream('heart_rate', 'iPhone', 40, (i) => 60 + (i % 30)),
        ...stream('heart_rate', 'Apple Watch', 40, (i) => 62 + (i % 25), 20 * 60_000),
        ...stream('steps', 'iPhone', 40, (i) => 300 + (i % 7) * 11),
        ...stream('steps', 'Apple Watch', 40, (i) => 280 + (i % 5) * 13, 20 * 60_000),
      ];
      const { adaReads, benReads } = await expectSameAsReadBack(batches(samples, 700));
      expect(adaReads).toBe(0);
      expect(benReads).toBeGreaterThan(0);

      // The watch outranks the phone: a day's merged steps are not the two streams added up.
      const merged = (await rollups(f.ada.id)).filter((r) => r.kind === 'steps' && r.source === MERGED);
      const streams = (await rollups(f.ada.id)).filter((r) => r.kind === 'steps' && r.source !== MERGED);
      expect(merged).toHaveLength(40);
      const day = merged[10]!;
      const both = streams.filter((r) => r.local_day === day.local_day).reduce((a, r) => a + r.sum, 0);
      expect(day.sum).toBeLessThan(both);
    });

    it('reads back the days that already had samples of another source, and only those', async () => {
      for (const userId of [f.ada.id, f.ben.id]) {
        const ring = stream('heart_rate', 'Oura Ring', 3, (i) => 55 + (i % 9), 10 * 60_000).map((s) => ({
          ...s,
          source: 'oura',
          start: s.start + 9 * 24 * HOUR,
          end: s.end! + 9 * 24 * HOUR,
        }));
        await f.writer.writeOnce(userId, ring);
      }
      const samples = [
        ...stream('heart_rate', 'iPhone', 40, (i) => 60 + (i % 30)),
        ...stream('heart_rate', 'Apple Watch', 40, (i) => 62 + (i % 25), 20 * 60_000),
      ];
      const { adaReads } = await expectSameAsReadBack(batches(samples, 500));
      // Only the ring's three days (and their neighbours in the same month) are read, in one query.
      expect(adaReads).toBe(1);
      const ringDays = (await rollups(f.ada.id)).filter((r) => r.source === 'oura').map((r) => r.local_day);
      expect(ringDays).toHaveLength(3);
    });

    it('stays exact when a kind comes back after its run, and when the same file is imported again', async () => {
      const samples = [
        ...stream('heart_rate', 'iPhone', 35, (i) => 60 + (i % 30)),
        ...stream('steps', 'iPhone', 35, (i) => 300 + (i % 7) * 11),
        ...stream('heart_rate', 'Apple Watch', 35, (i) => 62 + (i % 25), 20 * 60_000),
        ...stream('steps', 'Apple Watch', 35, (i) => 280 + (i % 5) * 13, 20 * 60_000),
      ];
      await expectSameAsReadBack(batches(samples, 600));
      const before = await rollups(f.ada.id);
      // Again, in other batches: every sample is a duplicate and nothing changes.
      await runImport(f.ada.id, batches(samples, 450), true);
      expect(await rollups(f.ada.id)).toEqual(before);
    });

    it('reads back the days another write changed while the import held them', async () => {
      const phone = stream('steps', 'iPhone', 35, (i) => 300 + (i % 7) * 11);
      const watch = stream('steps', 'Apple Watch', 35, (i) => 280 + (i % 5) * 13, 20 * 60_000);
      for (const userId of [f.ada.id, f.ben.id]) {
        const session = begin(userId, userId === f.ada.id);
        for (const part of batches([...phone, ...watch], 800)) await session.write(part);
        // A manual entry lands on day 5 before the import's merges run.
        await f.writer.writeOnce(userId, [
          { ...NY, kind: 'steps', source: 'manual', start: FIRST_DAY + (5 * 24 + 12) * HOUR, value: 1234 },
        ]);
        await session.finish();
      }
      expect(await rollups(f.ada.id)).toEqual(await rollups(f.ben.id));
    });
  },
);
