import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/database';
import { userNo } from '../../src/db/user-number';
import { createTestDb, testDialects, type TestDb } from '../databases';
import { migrateTo, addRawUser } from './migration-steps';

/**
 * Migration 202611260100 on a database that already has users and samples keyed by id: every sample
 * stays, with its id, under the right owner; the identity index still refuses duplicates; new users get
 * numbers of their own; a deleted sample's id is not given again.
 */
describe.each(testDialects)('samples keyed by user number: the migration on %s', (dialect) => {
  let db: TestDb;
  beforeEach(async () => {
    db = await createTestDb(dialect);
  });
  afterEach(() => db.close());

  const addSample = (raw: Kysely<unknown>, owner: string, start: number, value: number) =>
    sql`insert into samples (user_id, kind, start_at, end_at, utc_offset_min, local_day, value, unit, source, origin_id)
      values (${owner}, 'weight', ${start}, ${start}, 60, 20000, ${value}, 'kg', 'withings', '')`.execute(
      raw,
    );

  /** A new weighing of `owner`, by id, through the query builder as the app writes. */
  const weighing = (owner: string, value: number) => ({
    user_no: userNo(owner),
    kind: 'weight',
    start_at: 0,
    end_at: 0,
    utc_offset_min: 0,
    tz: null,
    local_day: 0,
    value,
    unit: 'kg',
    source: 'withings',
    device: null,
    origin_id: '',
    flag: null,
    meta: null,
  });

  it('moves every sample to its owner’s number, keeping ids, and numbers new users', async () => {
    const before = await migrateTo(db, '202611240100-clinical-ingest');
    expect(before.error).toBeUndefined();
    const raw = db.kysely as unknown as Kysely<unknown>;
    await addRawUser(db, 'ada');
    await addRawUser(db, 'ben');
    for (let i = 0; i < 5; i++) await addSample(raw, i % 2 ? 'ben' : 'ada', 1000 * i, 60 + i);
    // The newest sample is deleted before the migration: its id must not come back after it.
    const ids = await sql<{ id: number }>`select id from samples order by id`.execute(raw);
    const last = Number(ids.rows.at(-1)!.id);
    await sql`delete from samples where id = ${last}`.execute(raw);

    await migrateToLatest(db, db.pg);

    const users = await db.kysely.selectFrom('users').select(['id', 'user_no']).orderBy('id').execute();
    expect(users.map((u) => u.id)).toEqual(['ada', 'ben']);
    expect(new Set(users.map((u) => u.user_no)).size).toBe(2);
    const rows = await db.kysely
      .selectFrom('samples')
      .innerJoin('users', 'users.user_no', 'samples.user_no')
      .select(['samples.id', 'users.id as owner', 'value'])
      .orderBy('samples.id')
      .execute();
    expect(rows.map((r) => [Number(r.id), r.owner, r.value])).toEqual([
      [Number(ids.rows[0]!.id), 'ada', 60],
      [Number(ids.rows[1]!.id), 'ben', 61],
      [Number(ids.rows[2]!.id), 'ada', 62],
      [Number(ids.rows[3]!.id), 'ben', 63],
    ]);

    // The identity index is back, on the number: the same sample again adds nothing.
    const ada = users[0]!.user_no;
    const again =
      await sql`insert into samples (user_no, kind, start_at, end_at, utc_offset_min, local_day, value, unit, source, origin_id)
      values (${ada}, 'weight', 0, 0, 60, 20000, 60, 'kg', 'withings', '') on conflict do nothing`.execute(
        db.kysely,
      );
    expect(Number(again.numAffectedRows)).toBe(0);

    // A new user gets a number no one has; their first sample a new id.
    await addRawUser(db, 'cy');
    const cy = await db.kysely
      .selectFrom('users')
      .select('user_no')
      .where('id', '=', 'cy')
      .executeTakeFirstOrThrow();
    expect(users.map((u) => u.user_no)).not.toContain(cy.user_no);
    const added = await db.kysely
      .insertInto('samples')
      .values(weighing('cy', 70))
      .returning(['id', 'user_no'])
      .executeTakeFirstOrThrow();
    expect(Number(added.id)).toBeGreaterThan(last);
    expect(added.user_no).toBe(cy.user_no);

    // Deleting a user still takes their samples with them (the foreign key on the number cascades).
    await db.kysely.deleteFrom('users').where('id', '=', 'ben').execute();
    const left = await db.kysely.selectFrom('samples').select('value').orderBy('id').execute();
    expect(left.map((r) => r.value)).toEqual([60, 62, 70]);
  });

  it('goes back to ids and forward again without losing a sample', async () => {
    await migrateToLatest(db, db.pg);
    const raw = db.kysely as unknown as Kysely<unknown>;
    await addRawUser(db, 'ada');
    await addRawUser(db, 'ben');
    for (const [owner, value] of [
      ['ada', 60],
      ['ben', 81],
    ] as const) {
      await sql`insert into samples (user_no, kind, start_at, end_at, utc_offset_min, local_day, value, unit, source, origin_id)
        values (${userNo(owner)}, 'weight', 0, 0, 60, 20000, ${value}, 'kg', 'withings', '')`.execute(raw);
    }
    const down = await migrateTo(db, '202611240100-clinical-ingest');
    expect(down.error).toBeUndefined();
    const byId = await sql<{
      user_id: string;
      value: number;
    }>`select user_id, value from samples order by user_id`.execute(raw);
    expect(byId.rows.map((r) => [r.user_id, r.value])).toEqual([
      ['ada', 60],
      ['ben', 81],
    ]);
    await migrateToLatest(db, db.pg);
    const back = await db.kysely
      .selectFrom('samples')
      .innerJoin('users', 'users.user_no', 'samples.user_no')
      .select(['users.id as owner', 'value'])
      .orderBy('users.id')
      .execute();
    expect(back.map((r) => [r.owner, r.value])).toEqual([
      ['ada', 60],
      ['ben', 81],
    ]);
  });

  it('refuses a sample whose owner does not exist', async () => {
    await migrateToLatest(db, db.pg);
    await expect(db.kysely.insertInto('samples').values(weighing('nobody', 70)).execute()).rejects.toThrow();
  });
});
