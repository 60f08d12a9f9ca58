import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/database';
import { createTestDb, type TestDb } from './databases';

/** SQLite's array reads: the fast path for reading a large import's days back. */
describe('SQLite array reads', () => {
  let db: TestDb;

  beforeAll(async () => {
    db = await createTestDb('sqlite');
    await migrateToLatest(db, db.pg);
  });

  afterAll(() => db.close());

  it('reads rows as arrays only inside a transaction, and sees that transaction’s writes', async () => {
    expect(db.bulk.arrays(db.kysely)).toBeUndefined();
    await db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto('waitlist')
        .values({ id: 'dan', email: 'dan@example.com', created_at: 1 })
        .execute();
      const read = db.bulk.arrays(trx);
      expect(read).toBeDefined();
      const { sql: text, parameters } = trx
        .selectFrom('waitlist')
        .select(['email', 'created_at'])
        .where('created_at', '=', 1)
        .compile();
      expect(read!(text, parameters)).toEqual([['dan@example.com', 1]]);
    });
  });
});
