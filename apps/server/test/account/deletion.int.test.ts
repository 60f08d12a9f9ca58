import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userNumberedTables, userOwnedTables } from '../../src/db/user-owned-tables';
import { createTestApp, type TestApp } from '../app';
import { ownTables, testDialects } from '../databases';
import { bearer, createUser, login, PASSWORD, signIn } from '../identity/helpers';
import { routeInventory } from '../security/route-inventory';
import { OWNED_KINDS } from '../security/owned-kinds';

/**
 * Every column of the schema that names a user, read from the database itself (so a table added later
 * is covered without touching this test): foreign keys to `users.id` whatever they are called
 * (`caregiver_grants.caregiver_id`), every `user_id`, and `user_no` (samples are keyed by the number).
 */
async function userColumns(t: TestApp): Promise<{ table: string; column: string; by: 'id' | 'no' }[]> {
  const found = new Map<string, { table: string; column: string; by: 'id' | 'no' }>();
  const add = (table: string, column: string) =>
    found.set(`${table}.${column}`, { table, column, by: column === 'user_no' ? 'no' : 'id' });
  const tables = await ownTables(t.db, t.pg);
  for (const tb of tables) {
    if (tb.name === 'users') continue;
    for (const c of tb.columns) if (c.name === 'user_id' || c.name === 'user_no') add(tb.name, c.name);
  }
  const foreignKeys =
    t.db.dialect === 'sqlite'
      ? await sql<{ table: string; column: string }>`
          select m.name as "table", f."from" as "column"
          from sqlite_master m, pragma_foreign_key_list(m.name) f
          where m.type = 'table' and f."table" = 'users'`.execute(t.db.kysely)
      : await sql<{ table: string; column: string }>`
          select k.table_name as "table", k.column_name as "column"
          from information_schema.table_constraints c
          join information_schema.key_column_usage k
            on k.constraint_name = c.constraint_name and k.table_schema = c.table_schema
          join information_schema.constraint_column_usage u
            on u.constraint_name = c.constraint_name and u.table_schema = c.table_schema
          where c.constraint_type = 'FOREIGN KEY' and u.table_name = 'users'
            and c.table_schema = ${t.pg?.schema ?? 'public'}`.execute(t.db.kysely);
  for (const fk of foreignKeys.rows) add(fk.table, fk.column);
  return [...found.values()].sort((a, b) => `${a.table}.${a.column}`.localeCompare(`${b.table}.${b.column}`));
}

describe.each(testDialects)('account deletion on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  it('lists every table with a user_id column for deletion', async () => {
    const tables = await ownTables(t.db, t.pg);
    const withUserId = tables
      .filter((tb) => tb.columns.some((c) => c.name === 'user_id'))
      .map((tb) => tb.name);
    expect([...withUserId].sort()).toEqual([...userOwnedTables].sort());
    const withUserNo = tables
      .filter((tb) => tb.name !== 'users' && tb.columns.some((c) => c.name === 'user_no'))
      .map((tb) => tb.name);
    expect([...withUserNo].sort()).toEqual([...userNumberedTables].sort());
  });

  it('leaves zero rows of the user in every table the schema holds, after owning one of every kind', async () => {
    // As the ownership matrix runs: its webhook goes to a loopback address, and no insight run interferes.
    await t.close();
    t = await createTestApp(dialect, { WEBHOOKS_ALLOW_PRIVATE: 'true' }, { insightDebounceMs: 60_000 });
    const ada = await createUser(t, 'ada@example.com', PASSWORD, true);
    const ben = await createUser(t, 'ben@example.com', PASSWORD, true);
    const auth = bearer((await signIn(t, 'ada@example.com')).accessToken);
    const benAuth = bearer((await signIn(t, 'ben@example.com')).accessToken);
    const { user_no: adaNo } = await t.db.kysely
      .selectFrom('users')
      .select('user_no')
      .where('id', '=', ada.id)
      .executeTakeFirstOrThrow();
    // One object of every kind the security suite knows a person owns (test/security/owned-kinds.ts) …
    await t.app.ready();
    const inventory = new Set(routeInventory(t.app).map((r) => `${r.method} ${r.url}`));
    for (const kind of OWNED_KINDS) {
      if (kind.needs && !inventory.has(kind.needs)) continue;
      await kind.create(t, auth);
    }
    // … and Ada as Ben's caregiver: a row of Ben's that names her.
    const grant = await t.app.inject({
      method: 'POST',
      url: '/api/caregivers',
      headers: benAuth,
      payload: { email: 'ada@example.com', permissions: ['metrics'] },
    });
    expect(grant.statusCode, grant.body).toBe(201);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/caregivers/${grant.json().data.id as string}/accept`,
      headers: auth,
      payload: {},
    });
    expect(accepted.statusCode, accepted.body).toBe(200);

    const columns = await userColumns(t);
    expect(columns).toEqual(
      expect.arrayContaining([
        { table: 'samples', column: 'user_no', by: 'no' },
        { table: 'caregiver_grants', column: 'caregiver_id', by: 'id' },
        { table: 'webauthn_credentials', column: 'user_id', by: 'id' },
        { table: 'insights', column: 'user_id', by: 'id' },
      ]),
    );
    const count = async (table: string, column: string, value: string | number) =>
      Number(
        (
          await sql<{
            n: number;
          }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${value}`.execute(
            t.db.kysely,
          )
        ).rows[0]?.n,
      );
    const before = new Map<string, number>();
    for (const { table, column, by } of columns) {
      before.set(`${table}.${column}`, await count(table, column, by === 'no' ? adaNo : ada.id));
    }
    // The seed reached the tables that matter, so zero afterwards means deleted, not never written.
    for (const key of ['samples.user_no', 'imports.user_id', 'goals.user_id', 'insights.user_id']) {
      expect(before.get(key), key).toBeGreaterThan(0);
    }
    for (const key of [
      'webauthn_credentials.user_id',
      'caregiver_grants.caregiver_id',
      'refresh_tokens.user_id',
    ]) {
      expect(before.get(key), key).toBeGreaterThan(0);
    }

    const res = await t.app.inject({ method: 'DELETE', url: '/api/auth/account', headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    for (const { table, column, by } of columns) {
      expect(await count(table, column, by === 'no' ? adaNo : ada.id), `${table}.${column}`).toBe(0);
    }
    expect(await count('users', 'id', ada.id)).toBe(0);
    expect(await count('users', 'id', ben.id)).toBe(1);
  });

  for (const url of ['/api/auth/account', '/api/settings/account']) {
    it(`DELETE ${url} removes every row and file of the user, and only theirs`, async () => {
      const ada = await createUser(t, 'ada@example.com');
      const ben = await createUser(t, 'ben@example.com');
      await t.app.inject({ method: 'POST', url: '/api/waitlist', payload: { email: 'ada@example.com' } });
      const session = await signIn(t, 'ada@example.com');
      await login(t, 'ada@example.com', 'wrong');
      const auth = bearer(session.accessToken);
      const benSession = await signIn(t, 'ben@example.com');
      for (const [who, value] of [
        [auth, 61],
        [bearer(benSession.accessToken), 82],
      ] as const) {
        const entry = await t.app.inject({
          method: 'POST',
          url: '/api/metrics',
          headers: who,
          payload: { type: 'body_weight', value, unit: 'kg', start: '2026-11-20T07:30:00+01:00' },
        });
        expect(entry.statusCode, entry.body).toBe(201);
      }
      // Samples are keyed by the user's number, not their id: taken before the account is gone.
      const numbers = await t.db.kysely
        .selectFrom('users')
        .select(['id', 'user_no'])
        .where('id', 'in', [ada.id, ben.id])
        .execute();
      const numberOf = (id: string) => numbers.find((n) => n.id === id)!.user_no;
      expect(numberOf(ada.id)).not.toBe(numberOf(ben.id));
      await t.app.inject({
        method: 'POST',
        url: '/api/user/data-sources',
        headers: auth,
        payload: { dataSources: ['oura'] },
      });
      await t.app.inject({
        method: 'POST',
        url: '/api/identity/password-reset',
        payload: { email: 'ada@example.com' },
      });
      await t.identity.background.idle();
      expect(await t.db.kysely.selectFrom('action_codes').selectAll().execute()).toHaveLength(1);
      // A connection each: its sync state (keyed by the connection, not the user) goes with Ada's.
      for (const who of [auth, bearer(benSession.accessToken)]) {
        const connected = await t.app.inject({
          method: 'POST',
          url: '/api/integrations/myfitnesspal/connect',
          headers: who,
          payload: {},
        });
        expect(connected.statusCode, connected.body).toBe(200);
      }
      expect(await t.db.kysely.selectFrom('sync_state').selectAll().execute()).toHaveLength(2);
      const uploads = path.join(t.config.dataDir, 'uploads', ada.id);
      fs.mkdirSync(uploads, { recursive: true });
      fs.writeFileSync(path.join(uploads, 'dexa.pdf'), 'pdf');

      const res = await t.app.inject({ method: 'DELETE', url, headers: auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { deleted: true } });

      for (const table of [...userOwnedTables, 'users'] as const) {
        const column = table === 'users' ? 'id' : 'user_id';
        const rows = await sql<{
          n: number;
        }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${ada.id}`.execute(
          t.db.kysely,
        );
        expect(Number(rows.rows[0]?.n), table).toBe(0);
      }
      for (const table of userNumberedTables) {
        const rows = await sql<{
          n: number;
        }>`select count(*) as n from ${sql.table(table)} where user_no = ${numberOf(ada.id)}`.execute(
          t.db.kysely,
        );
        expect(Number(rows.rows[0]?.n), table).toBe(0);
      }
      const syncStates = await t.db.kysely
        .selectFrom('sync_state')
        .innerJoin('source_connections', 'source_connections.id', 'sync_state.connection_id')
        .select('user_id')
        .execute();
      expect(syncStates, 'sync_state').toEqual([{ user_id: ben.id }]);
      expect(await t.db.kysely.selectFrom('sync_state').selectAll().execute()).toHaveLength(1);
      expect(
        await t.db.kysely.selectFrom('waitlist').selectAll().where('email', '=', 'ada@example.com').execute(),
      ).toHaveLength(0);
      const attempts = await t.db.kysely.selectFrom('auth_attempts').select('bucket').execute();
      expect(
        attempts.filter((a) => a.bucket.startsWith('login:pair') || a.bucket.startsWith('reset:acct')),
      ).toHaveLength(0);
      expect(fs.existsSync(uploads)).toBe(false);

      expect((await login(t, 'ada@example.com', PASSWORD)).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth })).statusCode).toBe(
        401,
      );
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/identity/refresh',
        payload: { refreshToken: session.refreshToken },
      });
      expect(refresh.statusCode).toBe(401);
      for (const table of ['users', 'refresh_tokens', 'audit_log'] as const) {
        const column = table === 'users' ? 'id' : 'user_id';
        const bens = await sql<{
          n: number;
        }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${ben.id}`.execute(
          t.db.kysely,
        );
        expect(Number(bens.rows[0]?.n), `ben in ${table}`).toBeGreaterThan(0);
      }
      const bensSamples = await sql<{
        n: number;
      }>`select count(*) as n from samples where user_no = ${numberOf(ben.id)}`.execute(t.db.kysely);
      expect(Number(bensSamples.rows[0]?.n), 'ben in samples').toBe(1);
      // Ben still signs in.
      expect((await login(t, 'ben@example.com', PASSWORD)).statusCode).toBe(200);
    });
  }
});
