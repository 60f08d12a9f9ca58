import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CopyIn } from '../../src/db/postgres/pg-copy';
import { MERGED } from '../../src/modules/metrics/rollups.repository';
import { testDialects } from '../databases';
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
  beforeEach(async () => {
    f = await metricsFixture(dialect);
    copies = 0;
    const copyIn = f.t.bulk.copyIn;
    if (copyIn) {
      const counted: CopyIn = async (...args) => {
        const done = await copyIn(...args);
        if (done) copies++;
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
    // PostgreSQL: the first batch whole, and of the second the days nothing stored had.
    expect(copies).toBe(dialect === 'postgres' ? 2 : 0);
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
});
