import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/database';
import { userNo } from '../../src/db/user-number';
import { rankFunction } from '../../src/modules/metrics/priority';
import { recomputeQueuedDays } from '../../src/modules/metrics/write/rollup-recompute';
import { MERGED, RollupsRepository } from '../../src/modules/metrics/rollups.repository';
import { SampleWriter } from '../../src/modules/metrics/write/sample-writer';
import type { NewSample } from '../../src/modules/metrics/sample-row';
import { createTestDb, ownTables, testDialects, type TestDb } from '../databases';
import { migrateTo, addRawUser } from './migration-steps';
import { withTodaysRollups } from './app-on-old-schema';

const HOUR = 3_600_000;
const DAY_MS = 24 * HOUR;
/** 20 November 2026, UTC midnight, and its local day number. */
const D = Date.parse('2026-11-20T00:00:00Z');
const DAY = D / DAY_MS;

const garmin: NewSample = {
  kind: 'steps',
  start: D + 10 * HOUR,
  end: D + 11 * HOUR,
  value: 11_800,
  source: 'garmin',
};
/** What a sandbox Oura synced before its samples were marked: no path. */
const legacySandbox: NewSample[] = [
  ...[8, 9, 10, 11].map((hour) => ({
    kind: 'steps',
    start: D + hour * HOUR,
    end: D + (hour + 1) * HOUR,
    value: 5_000,
    source: 'oura',
    originId: `oura-${hour}`,
  })),
  { kind: 'steps', start: D - DAY_MS + 8 * HOUR, end: D - DAY_MS + 9 * HOUR, value: 7_000, source: 'oura' },
];
/** Ada's ring by the Oura app's file: the same source, her data, with its path already. */
const fromFile: NewSample = {
  kind: 'steps',
  start: D + 14 * HOUR,
  end: D + 15 * HOUR,
  value: 3_333,
  source: 'oura',
  device: 'Oura Ring',
  path: 'oura',
};

/**
 * Migration 202611280100 on a database whose sandbox connection synced before sandbox samples were
 * marked: its samples get the sandbox path, their days are recomputed at start, and then the sandbox
 * data no longer counts. Another person's real connection of the same kind, and files, stay as they are.
 */
describe.each(testDialects)('sandbox samples marked: the migration on %s', (dialect) => {
  let db: TestDb;
  beforeEach(async () => {
    db = await createTestDb(dialect);
  });
  afterEach(() => db.close());

  const addConnection = (raw: Kysely<unknown>, user: string, sandbox: number) =>
    sql`insert into source_connections (id, user_id, kind, sandbox, status, sync_state, sync_pages,
        sync_samples, syncs_run, created_at, updated_at)
      values (${`${user}-oura`}, ${user}, 'oura', ${sandbox}, 'connected', 'idle', 0, 0, 0, 0, 0)`.execute(
      raw,
    );
  /** The merged days by day: `range` answers them in the order its scan meets them. */
  const merged = async (user: string) =>
    (await new RollupsRepository(db.kysely, db.dialect).range(user, 'steps', MERGED, DAY - 1, DAY))
      .map((r) => [r.local_day - DAY, r.sum])
      .sort((a, b) => a[0]! - b[0]!);
  const ouraDevices = async (user: string) =>
    (
      await db.kysely
        .selectFrom('samples')
        .select('device')
        .where('user_no', '=', userNo(user))
        .where('source', '=', 'oura')
        .orderBy('id')
        .execute()
    ).map((r) => r.device);

  it('marks the sandbox connection’s samples, recomputes their days, and leaves the rest', async () => {
    expect((await migrateTo(db, '202611270100-revisions')).error).toBeUndefined();
    const raw = db.kysely as unknown as Kysely<unknown>;
    await addRawUser(db, 'ada');
    await addRawUser(db, 'ben');
    await addConnection(raw, 'ada', 1);
    await addConnection(raw, 'ben', 0);
    await withTodaysRollups(db, async () => {
      const writer = new SampleWriter(db, db.bulk);
      await writer.writeOnce('ada', [garmin, ...legacySandbox, fromFile]);
      // Ben's Oura is real: its samples have no path either, and stay his.
      await writer.writeOnce('ben', [garmin, ...legacySandbox]);
      // Unmarked, the generated steps counted as Ada's: 11,800 + 15,000 + 3,333, and 7,000 the day before.
      expect(await merged('ada')).toEqual([
        [-1, 7_000],
        [0, 30_133],
      ]);
    });

    await migrateToLatest(db, db.pg);
    expect(await ouraDevices('ada')).toEqual([...Array(5).fill('\u001fsandbox'), 'Oura Ring\u001foura']);
    expect(await ouraDevices('ben')).toEqual(Array(5).fill(null));
    const queued = await db.kysely.selectFrom('rollup_recompute').selectAll().orderBy('local_day').execute();
    expect(queued.map((q) => [q.user_id, q.kind, q.local_day - DAY])).toEqual([
      ['ada', 'steps', -1],
      ['ada', 'steps', 0],
    ]);

    expect(await recomputeQueuedDays(db, db.bulk)).toEqual(['ada']);
    expect(await db.kysely.selectFrom('rollup_recompute').selectAll().execute()).toEqual([]);
    // Marked, the sandbox is left out: Ada's day is her Garmin and her ring's file; the sandbox day is gone.
    expect(await merged('ada')).toEqual([[0, 11_800 + 3_333]]);
    const streams = await new RollupsRepository(db.kysely, db.dialect).streams('ada', 'steps');
    expect(streams).toEqual([
      { source: 'garmin', device: '' },
      { source: 'oura', device: '\u001fsandbox' },
      { source: 'oura', device: 'Oura Ring\u001foura' },
    ]);
    expect(await merged('ben')).toEqual([
      [-1, 7_000],
      [0, 26_800],
    ]);
    // Nothing is left to do at the next start.
    expect(await recomputeQueuedDays(db, db.bulk)).toEqual([]);
    // The merge now knows the stream for what it is.
    expect(rankFunction('steps', [])('oura', '\u001fsandbox')).toBeGreaterThan(1_000_000);
  });

  it('rolls back to the schema without the queue', async () => {
    await migrateToLatest(db, db.pg);
    expect((await migrateTo(db, '202611270100-revisions')).error).toBeUndefined();
    const tables = await ownTables(db, db.pg);
    expect(tables.map((t) => t.name)).not.toContain('rollup_recompute');
  });
});
