import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { codeFromOutbox, createUser, readOutbox } from './helpers';
import { createInvitation } from '../../src/identity/invitations';

describe.each(testDialects)('POST /api/identity/signup on %s', (dialect) => {
  let t: TestApp;
  afterEach(() => t.close());
  const signup = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/identity/signup', payload });

  it('is refused by default, with the waitlist hint', async () => {
    t = await createTestApp(dialect);
    const res = await signup({ email: 'ben@example.com', password: 'secret-enough' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: {
        code: 'auth/signup-disabled',
        message: 'Sign-up is disabled on this server. Join the waitlist instead.',
      },
    });
    expect(await t.db.kysely.selectFrom('users').selectAll().execute()).toHaveLength(0);
  });

  it('creates an unverified account and signs it in when SIGNUP_ENABLED=true', async () => {
    t = await createTestApp(dialect, { SIGNUP_ENABLED: 'true' });
    const res = await signup({ email: ' Ben@Example.com', password: 'secret-enough', name: 'Ben' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      expiresIn: 3600,
      user: { email: 'ben@example.com', name: 'Ben', emailVerified: false },
    });
    const row = await t.db.kysely.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(JSON.parse(row.settings).preferences).toEqual({
      language: 'en',
      theme: 'light',
      units: 'metric',
      includeSandboxData: false,
      unitsChosen: false,
      onboardingDismissed: false,
    });
  });

  it('answers the SPEC §8 sign-up errors', async () => {
    t = await createTestApp(dialect, { SIGNUP_ENABLED: 'true' });
    await createUser(t, 'ada@example.com');
    expect((await signup({ email: 'ada@example.com', password: 'secret-enough' })).json()).toEqual({
      error: { code: 'auth/email-already-in-use', message: 'Email is already registered' },
    });
    const weak = await signup({ email: 'ben@example.com', password: '12345' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({
      error: { code: 'auth/weak-password', message: 'Password should be at least 6 characters' },
    });
    const long = await signup({ email: 'ben@example.com', password: 'x'.repeat(1025) });
    expect(long.json().error.code).toBe('auth/weak-password');
    expect((await signup({ email: 'ben@', password: 'secret-enough' })).json()).toEqual({
      error: { code: 'auth/invalid-email', message: 'Invalid email address' },
    });
    const missing = await signup({ password: 'secret-enough' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('validation');
    expect((await signup({ email: 'ben@example.com', password: 'x'.repeat(1024) })).statusCode).toBe(201);
  });

  it('lets an invitation through while sign-up is disabled, once, for the invited address only', async () => {
    t = await createTestApp(dialect);
    await createInvitation(t.identity, 'chen@example.com');
    const code = await codeFromOutbox(t, 'invitation');
    const { body } = await readOutbox(t, 'invitation');
    expect(body).toContain(`${t.config.publicUrl}/signup?invitation=${code}`);

    const wrongAddress = await signup({
      email: 'eve@example.com',
      password: 'secret-enough',
      invitation: code,
    });
    expect(wrongAddress.json().error.code).toBe('auth/invalid-action-code');
    const bogus = await signup({ email: 'chen@example.com', password: 'secret-enough', invitation: 'bogus' });
    expect(bogus.json().error.code).toBe('auth/invalid-action-code');

    const ok = await signup({
      email: 'chen@example.com',
      password: 'secret-enough',
      invitation: code,
      name: 'Chen',
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.user).toMatchObject({ email: 'chen@example.com', emailVerified: true });

    const again = await signup({ email: 'chen@example.com', password: 'secret-enough', invitation: code });
    expect(again.json().error.code).toBe('auth/invalid-action-code');
    await expect(createInvitation(t.identity, 'chen@example.com')).rejects.toMatchObject({
      code: 'auth/email-already-in-use',
    });
  });
});
