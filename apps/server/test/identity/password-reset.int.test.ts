import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import {
  bearer,
  codeFromOutbox,
  createUser,
  FakeClock,
  login,
  PASSWORD,
  readOutbox,
  signIn,
} from './helpers';

describe.each(testDialects)('password reset on %s', (dialect) => {
  let t: TestApp;
  let clock: FakeClock;
  beforeEach(async () => {
    clock = new FakeClock();
    t = await createTestApp(dialect, {}, { now: clock.now });
    await createUser(t);
  });
  afterEach(() => t.close());

  const request = (email: string, ip = '203.0.113.7') =>
    t.app.inject({
      method: 'POST',
      url: '/api/identity/password-reset',
      payload: { email },
      remoteAddress: ip,
    });
  const confirm = (code: string, newPassword: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/identity/password-reset/confirm',
      payload: { code, newPassword },
    });

  it('mails a link, sets the new password with it, ends every session and works once', async () => {
    const before = await signIn(t);
    const res = await request('ada@example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { sent: true } });
    const mail = await readOutbox(t, 'password-reset');
    expect(mail.to).toBe('ada@example.com');
    const code = await codeFromOutbox(t, 'password-reset');
    expect(mail.body).toContain(`${t.config.publicUrl}/reset-password?code=${code}`);
    // Only the hash is stored.
    expect(JSON.stringify(await t.db.kysely.selectFrom('action_codes').selectAll().execute())).not.toContain(
      code,
    );

    expect((await confirm(code, '123')).json().error.code).toBe('auth/weak-password');
    const done = await confirm(code, 'a brand new passphrase');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ data: { email: 'ada@example.com', emailVerified: true } });

    expect((await login(t, 'ada@example.com', PASSWORD)).statusCode).toBe(401);
    expect((await login(t, 'ada@example.com', 'a brand new passphrase')).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(before.accessToken) }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/identity/refresh',
          payload: { refreshToken: before.refreshToken },
        })
      ).statusCode,
    ).toBe(401);

    const reused = await confirm(code, 'yet another passphrase');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('auth/invalid-action-code');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const known = await request('ada@example.com');
    const unknown = await request('nobody@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect((await readOutbox(t, 'password-reset')).files).toHaveLength(1);
    expect((await request('nope')).json()).toEqual({
      error: { code: 'auth/invalid-email', message: 'Invalid email address' },
    });
  });

  it('expires codes after an hour and refuses made-up ones', async () => {
    await request('ada@example.com');
    const code = await codeFromOutbox(t, 'password-reset');
    clock.advance(3600_000 + 1);
    const expired = await confirm(code, 'a brand new passphrase');
    expect(expired.json().error.code).toBe('auth/expired-action-code');
    expect((await confirm('made-up', 'a brand new passphrase')).json().error.code).toBe(
      'auth/invalid-action-code',
    );
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/identity/password-reset/confirm',
      payload: { code },
    });
    expect(missing.json().error.code).toBe('validation');
  });

  it('only the latest link works', async () => {
    await request('ada@example.com');
    const first = await codeFromOutbox(t, 'password-reset');
    clock.advance(1000);
    await request('ada@example.com');
    const second = await codeFromOutbox(t, 'password-reset');
    expect(second).not.toBe(first);
    expect((await confirm(first, 'a brand new passphrase')).json().error.code).toBe(
      'auth/invalid-action-code',
    );
    expect((await confirm(second, 'a brand new passphrase')).statusCode).toBe(200);
  });

  it('sends at most 5 mails an hour per account, for unknown addresses too', async () => {
    for (const email of ['ada@example.com', 'nobody@example.com']) {
      for (let i = 0; i < 5; i++) expect((await request(email, `198.51.100.${i}`)).statusCode).toBe(200);
      const limited = await request(email, '198.51.100.99');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        error: { code: 'auth/too-many-requests', message: 'Too many requests. Please try again later' },
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    await t.identity.background.idle();
    expect(fs.readdirSync(path.join(t.config.dataDir, 'outbox'))).toHaveLength(5);
  });
});

describe.each(testDialects)('password reset with AUTH_DISTINCT_ERRORS=true on %s', (dialect) => {
  it('says when no account has the address', async () => {
    const t = await createTestApp(dialect, { AUTH_DISTINCT_ERRORS: 'true' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identity/password-reset',
      payload: { email: 'nobody@example.com' },
    });
    expect(res.json()).toEqual({
      error: { code: 'auth/user-not-found', message: 'No account found with this email' },
    });
    await t.close();
  });
});
