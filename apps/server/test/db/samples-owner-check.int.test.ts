import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/database';
import { createTestDb, testDialects, type TestDb } from '../databases';

/**
 * A sample always belongs to a user: on PostgreSQL by the per-statement check of migration 202612020100
 * (which replaced the per-row foreign key), on SQLite by the foreign key. Either way a sample of no user
 * is refused with the foreign key's error, a bulk write of many owners is checked whole, and deleting a
 * user takes their samples with them.
 */
describe.each(testDialects)('samples belong to a user, on %s', (dialect) => {
  let db: TestDb;
  let raw: Kysely<unknown>;
  beforeEach(async () => {
    db = await createTestDb(dialect);
    await migrateToLatest(db, db.pg);
    raw = db.kysely as unknown as Kysely<unknown>;
    for (const id of ['ada', 'ben']) {
      await sql`insert into users (id, email, name, password_hash, settings, created_at, updated_at)
        values (${id}, ${`${id}@example.com`}, ${id}, 'x', '{}', 0, 0)`.execute(raw);
    }
  });
  afterEach(() => db.close());

  const numberOf = async (id: string) =>
    (await db.kysely.selectFrom('users').select('user_no').where('id', '=', id).executeTakeFirstOrThrow())
      .user_no;

  const insert = (owners: number[]) =>
    sql`insert into samples (user_no, kind, start_at, end_at, utc_offset_min, local_day, value, unit, source, origin_id)
      values ${sql.join(owners.map((owner, i) => sql`(${owner}, 'weight', ${i}, ${i}, 0, 20000, ${60 + i}, 'kg', 'withings', '')`))}`.execute(
      raw,
    );

  const refusal = async (write: Promise<unknown>) => {
    const error = (await write.then(
      () => undefined,
      (e: unknown) => e,
    )) as { code?: string; message?: string } | undefined;
    expect(error, 'the write was refused').toBeDefined();
    return dialect === 'postgres' ? error!.code : error!.message;
  };

  it('refuses a sample of no user, and a bulk write with one such row among good ones', async () => {
    const ada = await numberOf('ada');
    const expected = dialect === 'postgres' ? '23503' : 'FOREIGN KEY constraint failed';
    expect(await refusal(insert([9999]))).toBe(expected);
    expect(await refusal(insert([ada, ada, 9999, ada]))).toBe(expected);
    const moved = db.kysely.updateTable('samples').set({ user_no: 9999 });
    await insert([ada]);
    expect(await refusal(moved.execute())).toBe(expected);
    const rows = await db.kysely.selectFrom('samples').select(['user_no', 'value']).execute();
    expect(rows).toEqual([{ user_no: ada, value: 60 }]);
  });

  it('keeps every owner’s rows of a bulk write of several owners, and deleting a user takes theirs', async () => {
    const [ada, ben] = [await numberOf('ada'), await numberOf('ben')];
    await insert([ada, ben, ada, ben, ben]);
    await db.kysely.deleteFrom('users').where('id', '=', 'ben').execute();
    const rows = await db.kysely
      .selectFrom('samples')
      .select(['user_no', 'value'])
      .orderBy('value')
      .execute();
    expect(rows).toEqual([
      { user_no: ada, value: 60 },
      { user_no: ada, value: 62 },
    ]);
  });

  it.runIf(dialect === 'postgres')('has no per-row foreign key on samples any more', async () => {
    const keys = await sql<{ conname: string }>`select conname from pg_constraint
      where conrelid = 'samples'::regclass and contype = 'f'`.execute(db.kysely);
    expect(keys.rows).toEqual([]);
  });
});
