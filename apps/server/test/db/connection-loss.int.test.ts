import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/db/database';
import { startTcpProxy, type TcpProxy } from '../tcp-proxy';

/**
 * A PostgreSQL connection cut while Kysely holds it (a transaction between two statements) must fail that
 * transaction, not the process: pg's client emits 'error', and the pool listens only to idle clients. Seen
 * as an instance that died when its database went away (two-instances.int.test.ts, "not-ready"); an
 * unhandled 'error' here fails the run.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL connection lost while in use', () => {
  let proxy: TcpProxy | undefined;
  let db: Db | undefined;
  afterEach(async () => {
    proxy?.close();
    await db?.close();
  });

  it('fails the transaction that held it, and says so in one short log line', async () => {
    proxy = await startTcpProxy(process.env.TEST_DATABASE_URL!);
    const warnings: { details: object; message: string }[] = [];
    ({ db } = openDatabase(
      { dialect: 'postgres', url: proxy.url },
      { warn: (details, message) => warnings.push({ details, message }) },
    ));
    const cut = proxy;
    const transaction = db.kysely.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      cut.close();
      // The cut reaches the client as its socket's end, while the transaction still holds it.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await sql`select 1`.execute(trx);
    });
    await expect(transaction).rejects.toThrow();
    expect(warnings).toContainEqual({
      details: { err: { message: 'Connection terminated unexpectedly' } },
      message: 'a PostgreSQL connection was lost',
    });
  });
});
