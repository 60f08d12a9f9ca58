import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/database';
import { createTestDb, ownTables, testDialects, type TestDb } from '../databases';
import { migrateTo, addRawUser } from './migration-steps';

/** The migration before 202612021100, which moves a connection's sync state to `sync_state`. */
const BEFORE = '202612020200-rollups-owner-number';
const MOVED = [
  'cursor',
  'sync_state',
  'sync_from',
  'sync_to',
  'sync_started_at',
  'sync_finished_at',
  'sync_pages',
  'sync_samples',
  'last_sync_at',
  'last_error',
  'syncs_run',
  'next_sync_at',
] as const;

/** Ada's Oura connection mid-sync and Ben's idle Garmin one, as `source_connections` held them. */
const CONNECTIONS = [
  ['ada-oura', 'ada', 'oura', 'cursor-7', 'running', 1_000, 2_000, 1_500, null, 7, 412, 900, null, 3, 5_000],
  [
    'ben-garmin',
    'ben',
    'garmin',
    null,
    'idle',
    null,
    null,
    100,
    200,
    0,
    0,
    800,
    'Too many requests',
    9,
    6_000,
  ],
] as const;

/**
 * Migration 202612021100 on a database with connections: each connection's sync state arrives in
 * `sync_state` as it was, `source_connections` keeps only what is about the connection, a deleted
 * connection takes its sync state with it, and down and up again loses nothing.
 */
describe.each(testDialects)('sync_state: the migration on %s', (dialect) => {
  let db: TestDb;
  let raw: Kysely<unknown>;
  beforeEach(async () => {
    db = await createTestDb(dialect);
    raw = db.kysely as unknown as Kysely<unknown>;
  });
  afterEach(() => db.close());

  const columnsOf = async (table: string) => {
    const found = (await ownTables(db, db.pg)).find((t) => t.name === table);
    return found?.columns.map((c) => c.name) ?? [];
  };

  const syncStates = async () =>
    (
      await sql<Record<string, unknown>>`select connection_id, ${sql.join(MOVED.map((c) => sql.ref(c)))}
        from sync_state order by connection_id`.execute(raw)
    ).rows.map((row) => [row.connection_id, ...MOVED.map((c) => row[c])]);

  const expected = CONNECTIONS.map(([id, , , ...state]) => [id, ...state]);
  /** PostgreSQL answers bigint columns as strings. */
  const normalize = (rows: unknown[][]) =>
    rows.map((row) => row.map((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v)));

  it('moves every connection’s sync state, drops the columns, cascades, and goes down and up', async () => {
    expect((await migrateTo(db, BEFORE)).error).toBeUndefined();
    for (const user of ['ada', 'ben']) await addRawUser(db, user);
    for (const [id, user, kind, ...state] of CONNECTIONS) {
      await sql`insert into source_connections (id, user_id, kind, sandbox, status, tokens, settings,
          provider_user_id, created_at, updated_at, ${sql.join(MOVED.map((c) => sql.ref(c)))})
        values (${id}, ${user}, ${kind}, 0, 'connected', 'sealed', null, null, 1, 2,
          ${sql.join(state.map((v) => sql`${v}`))})`.execute(raw);
    }

    await migrateToLatest(db, db.pg);
    expect(normalize(await syncStates())).toEqual(expected);
    const kept = await columnsOf('source_connections');
    for (const column of MOVED) expect(kept).not.toContain(column);
    expect(kept).toEqual(expect.arrayContaining(['id', 'user_id', 'kind', 'status', 'tokens', 'settings']));

    // Down and up again: the columns come back with their values, and go over again.
    expect((await migrateTo(db, BEFORE)).error).toBeUndefined();
    const back = await sql<Record<string, unknown>>`select id, ${sql.join(MOVED.map((c) => sql.ref(c)))}
      from source_connections order by id`.execute(raw);
    expect(normalize(back.rows.map((row) => [row.id, ...MOVED.map((c) => row[c])]))).toEqual(expected);
    await migrateToLatest(db, db.pg);
    expect(normalize(await syncStates())).toEqual(expected);

    // A connection deleted (with its user) takes its sync state along.
    await sql`delete from users where id = ${'ben'}`.execute(raw);
    expect((await syncStates()).map((row) => row[0])).toEqual(['ada-oura']);
  });
});
