import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { createUser, FakeClock, login, PASSWORD } from './helpers';

describe.each(testDialects)('POST /api/identity/login on %s', (dialect) => {
  let t: TestApp;
  let clock: FakeClock;
  beforeEach(async () => {
    clock = new FakeClock();
    t = await createTestApp(dialect, {}, { now: clock.now });
    await createUser(t);
  });
  afterEach(() => t.close());

  it('signs in and answers the session shape of DESIGN.md', async () => {
    const res = await login(t, 'Ada@Example.com ');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      expiresIn: 3600,
      user: { email: 'ada@example.com', name: 'ada', emailVerified: false },
    });
    expect(data.accessToken.split('.')).toHaveLength(3);
    expect(Buffer.from(data.refreshToken, 'base64url')).toHaveLength(32);
    const events = await t.db.kysely.selectFrom('audit_log').select('event').execute();
    expect(events.map((e) => e.event)).toEqual(['login.success']);
  });

  it('answers a wrong password and an unknown email identically by default', async () => {
    const wrong = await login(t, 'ada@example.com', 'not it');
    const unknown = await login(t, 'nobody@example.com', 'not it');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({
      error: { code: 'auth/invalid-credential', message: 'Incorrect email or password' },
    });
    expect(Object.keys(wrong.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
  });

  it('spends about the same time on an unknown email as on a wrong password', async () => {
    // Deterministic part: an unknown email runs a full argon2 verification too.
    const unknownVerify = vi.spyOn(t.identity.passwords, 'verifyUnknown');
    const verify = vi.spyOn(t.identity.passwords, 'verify');
    await login(t, 'nobody@example.com', 'not it', '198.51.100.200');
    expect(unknownVerify).toHaveBeenCalledTimes(1);
    expect(verify).toHaveBeenCalledTimes(1);

    // Measured part, interleaved so machine load hits both alike; bounds are loose on purpose.
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++) {
      for (const [email, times] of [
        ['ada@example.com', known],
        ['nobody@example.com', unknown],
      ] as const) {
        const start = performance.now();
        await login(t, email, 'not it', `198.51.100.${i}`);
        times.push(performance.now() - start);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[3] ?? 0;
    expect(median(unknown) / median(known)).toBeGreaterThan(1 / 3);
    expect(median(unknown) / median(known)).toBeLessThan(3);
  });

  it('refuses invalid emails and malformed bodies in the envelope', async () => {
    const invalid = await login(t, 'not-an-email');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      error: { code: 'auth/invalid-email', message: 'Invalid email address' },
    });

    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/identity/login',
      payload: { email: 'ada@example.com' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('validation');

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/identity/login',
      payload: { email: 42, password: true },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.code).toBe('validation');

    const long = await login(t, 'ada@example.com', 'x'.repeat(5000));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.code).toBe('validation');

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/identity/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'ada@example.com', password: 'x'.repeat(2_000_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('payload_too_large');

    const text = await t.app.inject({
      method: 'POST',
      url: '/api/identity/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<email>ada</email>',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.code).toBe('unsupported_media_type');
  });

  it('locks an account for one address after 10 failures, even for the right password, without hashing', async () => {
    for (let i = 0; i < 10; i++) expect((await login(t, 'ada@example.com', 'guess')).statusCode).toBe(401);
    const verify = vi.spyOn(t.identity.passwords, 'verify');
    const locked = await login(t, 'ada@example.com', PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      error: { code: 'auth/too-many-requests', message: 'Too many failed attempts. Please try again later' },
    });
    expect(Number(locked.headers['retry-after'])).toBe(15 * 60);
    expect(verify).not.toHaveBeenCalled();

    // The owner elsewhere is not locked out by an attacker.
    expect((await login(t, 'ada@example.com', PASSWORD, '192.0.2.50')).statusCode).toBe(200);

    // A window later the address may try again.
    clock.advance(15 * 60_000 + 1);
    expect((await login(t, 'ada@example.com', PASSWORD)).statusCode).toBe(200);

    const events = await t.db.kysely.selectFrom('audit_log').select('event').orderBy('id').execute();
    expect(events.filter((e) => e.event === 'login.locked')).toHaveLength(1);
    expect(events.filter((e) => e.event === 'login.failure')).toHaveLength(10);
  });

  it('throttles unknown emails exactly like known ones', async () => {
    for (let i = 0; i < 10; i++) await login(t, 'nobody@example.com', 'guess');
    const locked = await login(t, 'nobody@example.com', 'guess');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe(String(15 * 60));
  });

  it('caps one account across addresses, but only for addresses that failed for it', async () => {
    // 100 failures from 20 addresses, 5 each: under the per-address lockout, at the account ceiling.
    for (let i = 0; i < 100; i++)
      await t.identity.throttle.recordLoginFailure('ada@example.com', `198.51.100.${i % 20}`);
    const attacker = await login(t, 'ada@example.com', PASSWORD, '198.51.100.3');
    expect(attacker.statusCode).toBe(429);
    const owner = await login(t, 'ada@example.com', PASSWORD, '192.0.2.80');
    expect(owner.statusCode).toBe(200);
  });

  it('caps one address across accounts', async () => {
    for (let i = 0; i < 100; i++)
      await t.identity.throttle.recordLoginFailure(`user${i}@example.com`, '198.51.100.9');
    const res = await login(t, 'ada@example.com', PASSWORD, '198.51.100.9');
    expect(res.statusCode).toBe(429);
  });

  it('keeps counters in the database, so a restart does not reset them', async () => {
    for (let i = 0; i < 10; i++) await login(t, 'ada@example.com', 'guess');
    const count = await t.db.kysely
      .selectFrom('auth_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(30);
    // The stored buckets never name the address itself.
    const buckets = await t.db.kysely.selectFrom('auth_attempts').select('bucket').execute();
    expect(buckets.some((b) => b.bucket.includes('ada@'))).toBe(false);
  });
});

describe.each(testDialects)('login with AUTH_DISTINCT_ERRORS=true on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { AUTH_DISTINCT_ERRORS: 'true' });
    await createUser(t);
  });
  afterEach(() => t.close());

  it('answers the SPEC §8 codes and messages', async () => {
    const wrong = await login(t, 'ada@example.com', 'not it');
    expect(wrong.json()).toEqual({ error: { code: 'auth/wrong-password', message: 'Incorrect password' } });
    const unknown = await login(t, 'nobody@example.com', 'not it');
    expect(unknown.json()).toEqual({
      error: { code: 'auth/user-not-found', message: 'No account found with this email' },
    });
  });

  it('still counts unknown-email probes against the same limits', async () => {
    for (let i = 0; i < 10; i++) await login(t, 'nobody@example.com', 'x');
    expect((await login(t, 'nobody@example.com', 'x')).statusCode).toBe(429);
  });
});
