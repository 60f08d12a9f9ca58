import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, codeFromOutbox, createUser, FakeClock, readOutbox, signIn } from './helpers';

describe.each(testDialects)('email verification on %s', (dialect) => {
  let t: TestApp;
  let clock: FakeClock;
  let token: string;
  beforeEach(async () => {
    clock = new FakeClock();
    t = await createTestApp(dialect, {}, { now: clock.now });
    await createUser(t);
    token = (await signIn(t)).accessToken;
  });
  afterEach(() => t.close());

  const send = (accessToken?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/identity/verification/send',
      headers: accessToken ? bearer(accessToken) : {},
    });
  const confirm = (code: string) =>
    t.app.inject({ method: 'POST', url: '/api/identity/verification/confirm', payload: { code } });

  it('mails a link to the signed-in user and verifies the address with it', async () => {
    expect((await send()).statusCode).toBe(401);
    const res = await send(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { sent: true } });
    const code = await codeFromOutbox(t, 'verify-email');
    expect((await readOutbox(t, 'verify-email')).body).toContain(
      `${t.config.publicUrl}/verify-email?code=${code}`,
    );
    const ok = await confirm(code);
    expect(ok.json()).toEqual({ data: { email: 'ada@example.com', emailVerified: true } });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.json().data.emailVerified).toBe(true);
    expect((await confirm(code)).json().error.code).toBe('auth/invalid-action-code');

    const again = await send(token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: { code: 'auth/email-already-verified', message: 'Email is already verified' },
    });
  });

  it('expires links after 24 hours', async () => {
    await send(token);
    const code = await codeFromOutbox(t, 'verify-email');
    clock.advance(24 * 3600_000 + 1);
    expect((await confirm(code)).json().error.code).toBe('auth/expired-action-code');
  });

  it('sends at most 5 an hour', async () => {
    for (let i = 0; i < 5; i++) expect((await send(token)).statusCode).toBe(200);
    const limited = await send(token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({
      code: 'auth/too-many-requests',
      message: 'Too many requests. Please try again later',
    });
    clock.advance(3600_000 + 1);
    expect((await send((await signIn(t)).accessToken)).statusCode).toBe(200);
  });

  it('counts wrong codes per address', async () => {
    for (let i = 0; i < 30; i++) await confirm(`wrong-${i}`);
    expect((await confirm('wrong')).statusCode).toBe(429);
  });
});
