import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { userNumberedTables, userOwnedTables } from '../../src/db/user-owned-tables';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, login, PASSWORD, signIn } from '../identity/helpers';

describe.each(testDialects)('account deletion on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  it('lists every table with a user_id column for deletion', async () => {
    // On PostgreSQL, only this suite's schema: suites running beside it have tables of their own.
    const tables = (await t.db.kysely.introspection.getTables()).filter(
      (tb) => !t.db.schema || tb.schema === t.db.schema,
    );
    const withUserId = tables
      .filter((tb) => tb.columns.some((c) => c.name === 'user_id'))
      .map((tb) => tb.name);
    expect([...withUserId].sort()).toEqual([...userOwnedTables].sort());
    const withUserNo = tables
      .filter((tb) => tb.name !== 'users' && tb.columns.some((c) => c.name === 'user_no'))
      .map((tb) => tb.name);
    expect([...withUserNo].sort()).toEqual([...userNumberedTables].sort());
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
