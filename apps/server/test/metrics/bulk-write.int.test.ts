import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CopyIn } from '../../src/db/postgres/pg-copy';
import { findUserNo } from '../../src/db/user-number';
import { MERGED } from '../../src/modules/metrics/rollups.repository';
import { copyNewRollups } from '../../src/modules/metrics/write/rollup-copy';
import { SAMPLE_CONTENT_COLUMNS, testDialects } from '../databases';
import type { NewSample } from '../../src/modules/metrics/sample-row';
import { metricsFixture, MINUTE, perMinute, type MetricsFixture } from './helpers';

/** 08:00 in New York on Friday 20 November 2026. */
const MORNING = Date.parse('2026-11-20T08:00:00-05:00');
const NY = { utcOffsetMin: -300, tz: 'America/New_York' };
const garmin = { ...NY, kind: 'heart_rate', source: 'garmin', device: 'Forerunner 965' };
const oura = { ...NY, kind: 'heart_rate', source: 'oura', device: 'Oura Ring' };
const beat = (i: number) => 60 + (i % 40);

/**
 * Large batches are written by COPY on PostgreSQL (sample-insert.ts, `copyNewRows`) and by the statements
 * on SQLite: the counts and the rollups must be the same on both, whatever the batch meets.
 */
describe.each(testDialects)('bulk sample writes on %s', (dialect) => {
  let f: MetricsFixture;
  /** Batches written by COPY (PostgreSQL): the path the test means to take is the one taken. */
  let copies: number;
  /** Their new stream rows of `daily_rollups`, written by COPY too. */
  let rollupCopies: number;
  beforeEach(async () => {
    f = await metricsFixture(dialect);
    copies = 0;
    rollupCopies = 0;
    const copyIn = f.t.bulk.copyIn;
    if (copyIn) {
      const counted: CopyIn = async (trx, statement, data) => {
        const done = await copyIn(trx, statement, data);
        if (done && statement.startsWith('copy samples ')) copies++;
        if (done && statement.startsWith('copy daily_rollups ')) rollupCopies++;
        return done;
      };
      f.t.bulk.copyIn = counted;
    }
  });
  afterEach(() => f.t.close());

  /** Every stream row as the samples make it up, and every stored one: equal when the rollups are true. */
  async function streamRows() {
    const stored = await f.t.db.kysely
      .selectFrom('daily_rollups')
      .select(['kind', 'local_day', 'source', 'device', 'count', 'sum', 'min', 'max'])
      .where('source', '<>', MERGED)
      .orderBy(['kind', 'local_day', 'source', 'device'])
      .execute();
    const fromSamples = await sql<{
      kind: string;
      local_day: number;
      source: string;
      device: string;
      count: number;
      sum: number;
      min: number;
      max: number;
    }>`select kind, local_day, source, coalesce(device, '') as device, count(*) as count, sum(value) as sum,
         min(value) as min, max(value) as max
       from samples group by kind, local_day, source, coalesce(device, '')
       order by kind, local_day, source, device`.execute(f.t.db.kysely);
    const plain = (rows: readonly Record<string, unknown>[]) =>
      rows.map((r) => ({ ...r, local_day: Number(r.local_day), count: Number(r.count), sum: Number(r.sum) }));
    return { stored: plain(stored), fromSamples: plain(fromSamples.rows) };
  }

  const dayTotals = async () => {
    const res = await f.t.app.inject({
      method: 'GET',
      url: '/api/metrics?type=heart_rate&bucket=day&from=2026-11-20&to=2026-11-24&tz=America/New_York',
      headers: f.ada.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.items as { start: string; count: number }[]).map((d) => [d.start, d.count]);
  };

  it('stores every field of a batch written by COPY exactly as the statements store it', async () => {
    // Values a binary or text encoding could bend: doubles without a short decimal form, instants before
    // 1970 and past 2^32 seconds' worth of milliseconds, offsets west and east, texts with escapes, non-ASCII
    // letters, emoji, tabs and newlines, and nulls.
    const tricky = [0.1 + 0.2, 72.00000000000001, Math.PI * 20, 1 / 3, 99.99999999999999, 41];
    const batch = (n: number): NewSample[] =>
      Array.from({ length: n }, (_, i) => {
        const west = i % 2 === 0;
        return {
          kind: 'heart_rate',
          // Half from 31 December 1969 on (negative milliseconds), half from 2026 on.
          start: (i < n / 2 ? -86_400_000 : MORNING) + i * MINUTE,
          value: tricky[i % tricky.length]! + 40 + (i % 40),
          source: 'garmin',
          device: i % 5 === 0 ? null : 'Forerunner 965 — Åsa’s 🏃\twatch',
          tz: i % 3 === 0 ? null : west ? 'America/New_York' : 'Asia/Kolkata',
          utcOffsetMin: west ? -300 : 330,
          originId: i % 4 === 0 ? `activity\\${i}\n"x"` : `${i}`,
          flag: i % 7 === 0 ? 'manual' : null,
          meta: i % 6 === 0 ? { notes: `line one\nline\ttwo \\ «${i}» 🫀`, valueText: '<0.5' } : null,
        };
      });
    const rows = batch(2000);
    const contents = async (userId: string) => {
      const stored = await f.t.db.kysely
        .selectFrom('samples')
        .innerJoin('users', 'users.user_no', 'samples.user_no')
        .select(SAMPLE_CONTENT_COLUMNS.map((c) => `samples.${c}` as const))
        .where('users.id', '=', userId)
        .orderBy(['samples.start_at', 'samples.origin_id'])
        .execute();
      return stored.map((r) => ({
        ...r,
        start_at: Number(r.start_at),
        end_at: Number(r.end_at),
        value: Number(r.value),
      }));
    };
    // Ada's batch by COPY (on PostgreSQL), Ben's by the statements.
    expect(await f.writer.writeOnce(f.ada.id, rows)).toMatchObject({ inserted: 2000, rejected: [] });
    expect(copies).toBe(dialect === 'postgres' ? 1 : 0);
    const copyIn = f.t.bulk.copyIn;
    f.t.bulk.copyIn = undefined;
    expect(await f.writer.writeOnce(f.ben.id, rows)).toMatchObject({ inserted: 2000, rejected: [] });
    f.t.bulk.copyIn = copyIn;
    expect(copies).toBe(dialect === 'postgres' ? 1 : 0);
    const ada = await contents(f.ada.id);
    expect(ada).toHaveLength(2000);
    expect(ada).toEqual(await contents(f.ben.id));
    // And as given: the first row starts on 31 December 1969, its value 0.1 + 0.2 + 40 to the last bit.
    expect(ada[0]).toMatchObject({ start_at: -86_400_000, value: 0.1 + 0.2 + 40, tz: null, device: null });
    expect(ada.find((r) => r.meta !== null)?.meta).toContain('line one\\nline\\ttwo');
  });

  it('writes a fresh batch, then one continuing its last day, with the counts and rollups of row-by-row writes', async () => {
    // Three days of a watch's minutes: a batch of 3 000, then 3 000 more from minute 2 000 on.
    const first = perMinute(garmin, MORNING, 3000, beat, false);
    expect(await f.writer.writeOnce(f.ada.id, first)).toEqual({
      inserted: 3000,
      updated: 0,
      duplicates: 0,
      rejected: [],
    });
    const next = perMinute(garmin, MORNING + 2000 * MINUTE, 3000, (i) => beat(i + 2000), false);
    expect(await f.writer.writeOnce(f.ada.id, next)).toEqual({
      inserted: 2000,
      updated: 0,
      duplicates: 1000,
      rejected: [],
    });
    // PostgreSQL: the first batch whole, and of the second the days nothing stored had; each with its
    // new stream rows.
    expect(copies).toBe(dialect === 'postgres' ? 2 : 0);
    expect(rollupCopies).toBe(dialect === 'postgres' ? 2 : 0);
    const count = await f.t.db.kysely
      .selectFrom('samples')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(5000);
    const { stored, fromSamples } = await streamRows();
    expect(stored).toEqual(fromSamples);
    // 08:00 on the 20th + 5 000 minutes: 960 minutes that day, then 1 440 a day, 1 160 on the 23rd.
    expect(await dayTotals()).toEqual([
      ['2026-11-20T00:00:00.000-05:00', 960],
      ['2026-11-21T00:00:00.000-05:00', 1440],
      ['2026-11-22T00:00:00.000-05:00', 1440],
      ['2026-11-23T00:00:00.000-05:00', 1160],
    ]);
  });

  it('takes readings stored before by another path as revisions, and a reading given twice as one', async () => {
    await f.writer.writeOnce(f.ada.id, perMinute(garmin, MORNING, 1500, beat, false));
    // The same minutes brought again by Health Auto Export, one beat higher: a stream of its own (its path),
    // but the same identity, so COPY would meet them — the batch is written as revisions instead.
    const again = perMinute(
      { ...garmin, path: 'health-auto-export' },
      MORNING,
      1500,
      (i) => beat(i) + 1,
      false,
    );
    expect(await f.writer.writeOnce(f.ada.id, again)).toEqual({
      inserted: 0,
      updated: 1500,
      duplicates: 0,
      rejected: [],
    });
    // A ring's 1 200 minutes the next days, one of them twice: the second value is the one kept.
    const ring = perMinute(oura, MORNING + 1500 * MINUTE, 1200, beat, false);
    ring.splice(601, 0, { ...ring[600]!, value: 99 });
    expect(await f.writer.writeOnce(f.ada.id, ring)).toEqual({
      inserted: 1200,
      updated: 1,
      duplicates: 0,
      rejected: [],
    });
    expect(copies).toBe(dialect === 'postgres' ? 1 : 0);
    const stored = await f.t.db.kysely
      .selectFrom('samples')
      .select(['value'])
      .where('source', '=', 'oura')
      .where('start_at', '=', MORNING + 2100 * MINUTE)
      .execute();
    expect(stored).toEqual([{ value: 99 }]);
    const rows = await streamRows();
    expect(rows.stored).toEqual(rows.fromSamples);
    // The revised readings again change nothing.
    expect(await f.writer.writeOnce(f.ada.id, again)).toEqual({
      inserted: 0,
      updated: 0,
      duplicates: 1500,
      rejected: [],
    });
  });

  it.runIf(dialect === 'postgres')(
    'leaves new stream rows to the upsert when one of them meets a stored key, having written none',
    async () => {
      await f.writer.writeOnce(f.ada.id, perMinute(garmin, MORNING, 10, beat, false));
      const owner = await findUserNo(f.t.db.kysely, f.ada.id);
      const day = (
        await f.t.db.kysely.selectFrom('daily_rollups').select('local_day').executeTakeFirstOrThrow()
      ).local_day;
      const row = (local_day: number, count: number) => ({
        kind: 'heart_rate',
        local_day,
        source: 'garmin',
        device: 'Forerunner 965',
        count,
        sum: 70 * count,
        min: 70,
        max: 70,
        last_value: null,
        last_at: null,
      });
      await f.t.db.kysely.transaction().execute(async (trx) => {
        // The next day is new, the stored day is not: COPY writes neither.
        expect(await copyNewRollups(trx, f.t.bulk.copyIn!, owner, [row(day + 1, 5), row(day, 5)])).toBe(
          false,
        );
        // The transaction goes on: the savepoint took the failed COPY back.
        expect(await copyNewRollups(trx, f.t.bulk.copyIn!, owner, [row(day + 1, 5)])).toBe(true);
      });
      const stored = await f.t.db.kysely
        .selectFrom('daily_rollups')
        .select(['local_day', 'count', 'last_value'])
        .where('source', '=', 'garmin')
        .orderBy('local_day')
        .execute();
      expect(stored).toEqual([
        { local_day: day, count: 10, last_value: 60 + 9 },
        { local_day: day + 1, count: 5, last_value: null },
      ]);
    },
  );
});
