import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/database';
import { userNo } from '../../src/db/user-number';
import { MERGED, RollupsRepository } from '../../src/modules/metrics/rollups.repository';
import { createTestDb, testDialects, type TestDb } from '../databases';
import { migrateTo, addRawUser } from './migration-steps';

/** The migration before 202612020200, which keys `daily_rollups` by the owner's number. */
const BEFORE = '202612020100-samples-owner-check';
const DAY = 20_000;

/**
 * Migration 202612020200 on a database that already has users and rollups keyed by id: every row stays
 * under the right owner with its values; the primary key, now on the number, still refuses a second row
 * of one (user, kind, day, source, device); a row of no user is refused (PostgreSQL: the per-statement
 * check, SQLite: the foreign key); deleting a user deletes their rollups; and down and up again loses
 * nothing.
 */
describe.each(testDialects)('daily_rollups keyed by user number: the migration on %s', (dialect) => {
  let db: TestDb;
  let raw: Kysely<unknown>;
  beforeEach(async () => {
    db = await createTestDb(dialect);
    raw = db.kysely as unknown as Kysely<unknown>;
  });
  afterEach(() => db.close());

  /** One (kind, day, source, device) of every owner and its values: [owner, kind, day, source, device, count, sum]. */
  type Row = [string, string, number, string, string, number, number];
  const ROWS: Row[] = [
    ['ada', 'steps', DAY, 'garmin', 'Forerunner 965', 2, 3000],
    ['ada', 'steps', DAY, 'apple_health', '', 1, 500],
    ['ada', 'steps', DAY, MERGED, '', 2, 3000],
    ['ada', 'weight', DAY + 1, 'withings', '', 1, 61.5],
    ['ada', 'weight', DAY + 1, MERGED, '', 1, 61.5],
    ['ben', 'steps', DAY, 'garmin', 'Forerunner 965', 4, 9000],
    ['ben', 'steps', DAY, MERGED, '', 4, 9000],
  ];

  const insertById = (rows: Row[]) =>
    sql`insert into daily_rollups (user_id, kind, local_day, source, device, "count", "sum", "min", "max", last_value, last_at)
      values ${sql.join(rows.map(([owner, kind, day, source, device, count, sum]) => sql`(${owner}, ${kind}, ${day}, ${source}, ${device}, ${count}, ${sum}, ${sum / count}, ${sum / count}, ${sum / count}, ${day * 86_400_000})`))}`.execute(
      raw,
    );

  const insertByNumber = (rows: Row[]) =>
    sql`insert into daily_rollups (user_no, kind, local_day, source, device, "count", "sum", "min", "max", last_value, last_at)
      values ${sql.join(rows.map(([owner, kind, day, source, device, count, sum]) => sql`(${userNo(owner)}, ${kind}, ${day}, ${source}, ${device}, ${count}, ${sum}, ${sum / count}, ${sum / count}, ${sum / count}, ${day * 86_400_000})`))}`.execute(
      raw,
    );

  const numberOf = async (id: string) =>
    (await db.kysely.selectFrom('users').select('user_no').where('id', '=', id).executeTakeFirstOrThrow())
      .user_no;

  /** Every rollup with its owner's id, as `Row`s in a stable order. */
  const byNumber = async (): Promise<Row[]> => {
    const rows = await db.kysely
      .selectFrom('daily_rollups')
      .innerJoin('users', 'users.user_no', 'daily_rollups.user_no')
      .select(['users.id as owner', 'kind', 'local_day', 'source', 'device', 'count', 'sum'])
      .execute();
    return sortRows(
      rows.map((r) => [r.owner, r.kind, r.local_day, r.source, r.device, Number(r.count), Number(r.sum)]),
    );
  };

  const byId = async (): Promise<Row[]> => {
    const rows = await sql<{
      user_id: string;
      kind: string;
      local_day: number;
      source: string;
      device: string;
      count: number;
      sum: number;
    }>`select user_id, kind, local_day, source, device, "count", "sum" from daily_rollups`.execute(raw);
    return sortRows(
      rows.rows.map((r) => [
        r.user_id,
        r.kind,
        Number(r.local_day),
        r.source,
        r.device,
        Number(r.count),
        Number(r.sum),
      ]),
    );
  };

  const refusal = async (write: Promise<unknown>) => {
    const error = (await write.then(
      () => undefined,
      (e: unknown) => e,
    )) as { code?: string; message?: string } | undefined;
    expect(error, 'the write was refused').toBeDefined();
    return dialect === 'postgres' ? error!.code : error!.message;
  };

  it('moves every rollup to its owner’s number, keeps the key unique, and cascades a user’s deletion', async () => {
    expect((await migrateTo(db, BEFORE)).error).toBeUndefined();
    for (const id of ['ada', 'ben']) await addRawUser(db, id);
    await insertById(ROWS);

    await migrateToLatest(db, db.pg);

    expect(await byNumber()).toEqual(sortRows(ROWS));
    // The app's reads find them by the owner's id.
    const merged = await new RollupsRepository(db.kysely, db.dialect).range('ada', 'steps', MERGED, DAY, DAY);
    expect(merged.map((d) => [d.local_day, d.count, d.sum])).toEqual([[DAY, 2, 3000]]);

    // The primary key is on the number: the same (user, kind, day, source, device) again is refused, and
    // an upsert on it adds nothing.
    const [ada, ben] = [await numberOf('ada'), await numberOf('ben')];
    const expectedDuplicate = dialect === 'postgres' ? '23505' : 'UNIQUE constraint failed';
    const duplicate = await refusal(insertByNumber([ROWS[0]!]));
    expect(dialect === 'postgres' ? duplicate : duplicate?.split(':')[0]).toBe(expectedDuplicate);
    const again =
      await sql`insert into daily_rollups (user_no, kind, local_day, source, device, "count", "sum")
      values (${ada}, 'steps', ${DAY}, 'garmin', 'Forerunner 965', 9, 9) on conflict (user_no, kind, local_day, source, device) do nothing`.execute(
        raw,
      );
    expect(Number(again.numAffectedRows)).toBe(0);
    // Another owner may hold the same (kind, day, source, device).
    await addRawUser(db, 'cy');
    await insertByNumber([['cy', 'steps', DAY, 'garmin', 'Forerunner 965', 1, 10]]);

    // A rollup of no user is refused, alone or among good ones, and so is moving one to no user.
    const noUser = dialect === 'postgres' ? '23503' : 'FOREIGN KEY constraint failed';
    const orphan = (owner: number, day: number) =>
      sql`(${owner}, 'steps', ${day}, 'manual', '', 1, 1, 1, 1, 1, 0)`;
    const write = (owners: [number, number][]) =>
      sql`insert into daily_rollups (user_no, kind, local_day, source, device, "count", "sum", "min", "max", last_value, last_at)
        values ${sql.join(owners.map(([owner, day]) => orphan(owner, day)))}`.execute(raw);
    expect(await refusal(write([[9999, DAY]]))).toBe(noUser);
    expect(
      await refusal(
        write([
          [ada, DAY + 5],
          [9999, DAY + 5],
          [ben, DAY + 5],
        ]),
      ),
    ).toBe(noUser);
    expect(
      await refusal(
        db.kysely.updateTable('daily_rollups').set({ user_no: 9999 }).where('user_no', '=', ben).execute(),
      ),
    ).toBe(noUser);
    expect(
      await db.kysely
        .selectFrom('daily_rollups')
        .select('local_day')
        .where('local_day', '=', DAY + 5)
        .execute(),
    ).toEqual([]);

    // Deleting a user deletes their rollups, and only theirs.
    await db.kysely.deleteFrom('users').where('id', '=', 'ben').execute();
    await db.kysely.deleteFrom('users').where('id', '=', 'cy').execute();
    expect(await byNumber()).toEqual(sortRows(ROWS.filter(([owner]) => owner === 'ada')));
  });

  it('goes back to ids and forward again without losing a rollup', async () => {
    await migrateToLatest(db, db.pg);
    for (const id of ['ada', 'ben']) await addRawUser(db, id);
    await insertByNumber(ROWS);

    expect((await migrateTo(db, BEFORE)).error).toBeUndefined();
    expect(await byId()).toEqual(sortRows(ROWS));
    // Keyed by id again: the key refuses a second row, and deleting a user takes theirs.
    await expect(insertById([ROWS[1]!])).rejects.toThrow();

    await migrateToLatest(db, db.pg);
    expect(await byNumber()).toEqual(sortRows(ROWS));
    await expect(insertByNumber([ROWS[1]!])).rejects.toThrow();
    await db.kysely.deleteFrom('users').where('id', '=', 'ada').execute();
    expect(await byNumber()).toEqual(sortRows(ROWS.filter(([owner]) => owner === 'ben')));
  });

  it.runIf(dialect === 'postgres')('has no per-row foreign key on daily_rollups', async () => {
    await migrateToLatest(db, db.pg);
    const keys = await sql<{ conname: string }>`select conname from pg_constraint
      where conrelid = 'daily_rollups'::regclass and contype = 'f'`.execute(db.kysely);
    expect(keys.rows).toEqual([]);
    const primary = await sql<{
      columns: string;
    }>`select pg_get_constraintdef(oid) as columns from pg_constraint
      where conrelid = 'daily_rollups'::regclass and contype = 'p'`.execute(db.kysely);
    expect(primary.rows.map((r) => r.columns)).toEqual([
      'PRIMARY KEY (user_no, kind, local_day, source, device)',
    ]);
  });

  it.runIf(dialect === 'sqlite')('keeps the table without rowid, keyed on the number', async () => {
    await migrateToLatest(db, db.pg);
    const table = await sql<{ sql: string }>`select sql from sqlite_master
      where type = 'table' and name = 'daily_rollups'`.execute(raw);
    expect(table.rows[0]!.sql).toMatch(/without rowid\s*$/i);
    const key = await sql<{
      name: string;
      pk: number;
    }>`select name, pk from pragma_table_info('daily_rollups')
      where pk > 0 order by pk`.execute(raw);
    expect(key.rows.map((r) => r.name)).toEqual(['user_no', 'kind', 'local_day', 'source', 'device']);
    const keys = await sql<{ table: string; to: string; on_delete: string }>`select "table", "to", on_delete
      from pragma_foreign_key_list('daily_rollups')`.execute(raw);
    expect(keys.rows).toEqual([{ table: 'users', to: 'user_no', on_delete: 'CASCADE' }]);
  });
});

function sortRows<T extends readonly unknown[]>(rows: T[]): T[] {
  return [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}
