import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { createUser } from '../identity/helpers';

/**
 * Every endpoint a stranger can call (or that takes its credential in the URL) is rate-limited in the
 * database, so the limit holds across instances: each answers 429 with a Retry-After in seconds once its
 * limit is reached. `attempts` is the limit plus one.
 */
describe.each(testDialects)('security suite: rate limits on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { SIGNUP_ENABLED: 'true' });
  });
  afterEach(() => t.close());

  async function until429(attempts: number, call: (i: number) => Promise<LightMyRequestResponse>) {
    const statuses: number[] = [];
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < attempts; i++) {
      last = await call(i);
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, -1)).not.toContain(429);
    expect(last?.statusCode, last?.body).toBe(429);
    const retryAfter = Number(last?.headers['retry-after']);
    expect(Number.isInteger(retryAfter) && retryAfter > 0).toBe(true);
    expect(last?.json().error.code).toBe('auth/too-many-requests');
    return last!;
  }
  const post = (url: string, payload: unknown, ip = '198.51.100.7', headers = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip, headers });

  it('sign-in: 10 failures for one account from one address', async () => {
    await createUser(t);
    const res = await until429(11, () =>
      post('/api/identity/login', { email: 'ada@example.com', password: 'wrong one!' }),
    );
    expect(res.json().error.message).toBe('Too many failed attempts. Please try again later');
  });

  it('sign-up: 20 an hour from one address', async () => {
    await until429(21, (i) =>
      post('/api/identity/signup', {
        email: `new${i}@example.com`,
        password: 'a long password',
        name: 'New',
      }),
    );
  });

  it('password reset: 20 mails an hour from one address', async () => {
    await until429(21, (i) => post('/api/identity/password-reset', { email: `someone${i}@example.com` }));
  });

  it('verification and reset codes: 30 wrong codes from one address', async () => {
    await until429(31, (i) =>
      post(i % 2 ? '/api/identity/verification/confirm' : '/api/identity/password-reset/confirm', {
        code: `wrong-code-${i}`,
        newPassword: 'a new password',
      }),
    );
  });

  it('waitlist: 10 an hour from one address', async () => {
    await until429(11, (i) => post('/api/waitlist', { email: `visitor${i}@example.com` }));
    // Another address is not affected.
    expect((await post('/api/waitlist', { email: 'other@example.com' }, '198.51.100.8')).statusCode).toBe(
      201,
    );
  });

  it('ingest URLs: 30 wrong tokens from one address, refused before the token is looked up', async () => {
    const json = { 'content-type': 'application/json' };
    await until429(31, (i) =>
      post(`/api/ingest/${'x'.repeat(30)}${i}`, { data: { metrics: [] } }, '198.51.100.9', json),
    );
    await until429(1, () =>
      post('/api/ingest', { data: { metrics: [] } }, '198.51.100.9', {
        ...json,
        authorization: `Bearer ${'y'.repeat(32)}`,
      }),
    );
  });
});
