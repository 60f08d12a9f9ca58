import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, FakeClock, login, PASSWORD, signIn } from './helpers';

const IP = '203.0.113.7';

/** The code an authenticator app shows at the clock's time (or `offsetSteps` 30-second steps later). */
const codeAt = (secret: string, ms: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: ms,
  });

describe.each(testDialects)('multi-factor sign-in on %s', (dialect) => {
  let t: TestApp;
  let clock: FakeClock;

  async function setUp(env: Record<string, string> = {}) {
    clock = new FakeClock();
    t = await createTestApp(dialect, env, { now: clock.now });
    await createUser(t);
  }
  afterEach(() => t.close());

  const post = (url: string, payload: unknown, token?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      remoteAddress: IP,
      ...(token ? { headers: bearer(token) } : {}),
    });

  /** Enrols TOTP for the signed-in user; the secret and the ten recovery codes. */
  async function enrol(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
    const enroll = await post('/api/identity/mfa/totp/enroll', {}, token);
    expect(enroll.statusCode, enroll.body).toBe(200);
    const { secret, otpauthUrl, qrCode } = enroll.json().data;
    expect(otpauthUrl).toBe(
      `otpauth://totp/Healthfolio:ada%40example.com?issuer=Healthfolio&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const confirm = await post('/api/identity/mfa/totp/confirm', { code: codeAt(secret, clock.ms) }, token);
    expect(confirm.statusCode, confirm.body).toBe(200);
    const { recoveryCodes } = confirm.json().data;
    return { secret, recoveryCodes };
  }

  /** Password step of a sign-in that needs a second factor: the challenge. */
  async function challenge(): Promise<string> {
    const res = await login(t, 'ada@example.com');
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data).toEqual({ mfaRequired: true, challenge: expect.any(String), methods: ['totp', 'recovery'] });
    return data.challenge;
  }

  describe('with the defaults', () => {
    beforeEach(() => setUp());

    it('enrols TOTP with a confirming code, then asks for a code after the password', async () => {
      const { accessToken } = await signIn(t);
      const { secret, recoveryCodes } = await enrol(accessToken);
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

      // The secret is sealed in the database: not there in plain form.
      const row = await t.db.kysely.selectFrom('mfa_totp').selectAll().executeTakeFirstOrThrow();
      expect(row.secret_sealed).not.toContain(secret);
      expect(row.confirmed_at).toBe(clock.ms);
      const stored = await t.db.kysely.selectFrom('mfa_recovery_codes').select('code_hash').execute();
      expect(stored).toHaveLength(10);
      expect(stored.map((r) => r.code_hash)).not.toContain(recoveryCodes[0]);

      const status = await t.app.inject({
        method: 'GET',
        url: '/api/identity/mfa',
        headers: bearer(accessToken),
      });
      expect(status.json().data).toEqual({ totp: true, recoveryCodesLeft: 10, passkeys: 0, required: false });

      clock.advance(60_000);
      const pending = await challenge();
      const wrong = await post('/api/identity/mfa/verify', { challenge: pending, code: '000000' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.code).toBe('auth/invalid-verification-code');
      const ok = await post('/api/identity/mfa/verify', {
        challenge: pending,
        code: codeAt(secret, clock.ms),
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data.user.email).toBe('ada@example.com');
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: bearer(ok.json().data.accessToken),
      });
      expect(me.statusCode).toBe(200);

      // The challenge is single use.
      const again = await post('/api/identity/mfa/verify', {
        challenge: pending,
        code: codeAt(secret, clock.ms + 30_000),
      });
      expect(again.statusCode).toBe(401);
      expect(again.json().error.code).toBe('auth/mfa-session-expired');
    });

    it('refuses a code already used within its window, and takes the next one', async () => {
      const { accessToken } = await signIn(t);
      const { secret } = await enrol(accessToken);
      clock.advance(30_000);
      const code = codeAt(secret, clock.ms);
      const first = await post('/api/identity/mfa/verify', { challenge: await challenge(), code });
      expect(first.statusCode, first.body).toBe(200);
      // Same code, same 30-second step (and still within the ±1 step window 20 s later): refused.
      clock.advance(20_000);
      const replay = await post('/api/identity/mfa/verify', { challenge: await challenge(), code });
      expect(replay.statusCode).toBe(400);
      expect(replay.json().error.code).toBe('auth/invalid-verification-code');
      // A code of an earlier step than the last one used is refused too.
      const older = await post('/api/identity/mfa/verify', {
        challenge: await challenge(),
        code: codeAt(secret, clock.ms - 60_000),
      });
      expect(older.statusCode).toBe(400);
      clock.advance(30_000);
      const next = await post('/api/identity/mfa/verify', {
        challenge: await challenge(),
        code: codeAt(secret, clock.ms),
      });
      expect(next.statusCode, next.body).toBe(200);
    });

    it('takes each recovery code once', async () => {
      const { accessToken } = await signIn(t);
      const { recoveryCodes } = await enrol(accessToken);
      const code = recoveryCodes[3]!;
      const used = await post('/api/identity/mfa/verify', {
        challenge: await challenge(),
        code: code.toUpperCase(),
      });
      expect(used.statusCode, used.body).toBe(200);
      const again = await post('/api/identity/mfa/verify', { challenge: await challenge(), code });
      expect(again.statusCode).toBe(400);
      const status = await t.app.inject({
        method: 'GET',
        url: '/api/identity/mfa',
        headers: bearer(used.json().data.accessToken),
      });
      expect(status.json().data.recoveryCodesLeft).toBe(9);
      const events = await t.db.kysely.selectFrom('audit_log').select('event').orderBy('id').execute();
      expect(events.map((e) => e.event)).toContain('mfa.recovery-used');
    });

    it('lets a challenge expire after five minutes', async () => {
      const { accessToken } = await signIn(t);
      const { secret } = await enrol(accessToken);
      const pending = await challenge();
      clock.advance(5 * 60_000 + 1);
      const late = await post('/api/identity/mfa/verify', {
        challenge: pending,
        code: codeAt(secret, clock.ms),
      });
      expect(late.statusCode).toBe(401);
      expect(late.json()).toEqual({
        error: {
          code: 'auth/mfa-session-expired',
          message: 'This sign-in has expired. Please sign in again.',
        },
      });
    });

    it('locks the second step like the first: ten wrong codes, then 429 even with the right password', async () => {
      const { accessToken } = await signIn(t);
      const { secret } = await enrol(accessToken);
      for (let round = 0; round < 2; round++) {
        const pending = await challenge();
        for (let i = 0; i < 5; i++) {
          const res = await post('/api/identity/mfa/verify', { challenge: pending, code: '123456' });
          expect(res.statusCode).toBe(400);
        }
        // Five wrong codes void the challenge.
        const void_ = await post('/api/identity/mfa/verify', {
          challenge: pending,
          code: codeAt(secret, clock.ms),
        });
        expect(void_.statusCode).toBe(401);
      }
      const locked = await login(t, 'ada@example.com', PASSWORD);
      expect(locked.statusCode).toBe(429);
      expect(locked.json().error.code).toBe('auth/too-many-requests');
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('answers 429 after 30 made-up challenges from one address', async () => {
      for (let i = 0; i < 30; i++) {
        const res = await post('/api/identity/mfa/verify', { challenge: `made-up-${i}`, code: '123456' });
        expect(res.statusCode).toBe(401);
      }
      const limited = await post('/api/identity/mfa/verify', { challenge: 'made-up-31', code: '123456' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('auth/too-many-requests');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('asks for a fresh factor before export and deletion: 403, then step-up, then OK', async () => {
      const { accessToken } = await signIn(t);
      // Right after signing in, the sign-in itself is the fresh factor.
      const soon = await t.app.inject({
        method: 'GET',
        url: '/api/settings/export',
        headers: bearer(accessToken),
      });
      expect(soon.statusCode).toBe(200);
      clock.advance(5 * 60_000 + 1);
      const late = await t.app.inject({
        method: 'GET',
        url: '/api/settings/export',
        headers: bearer(accessToken),
      });
      expect(late.statusCode).toBe(403);
      expect(late.json().error.code).toBe('auth/step-up-required');
      const del = await t.app.inject({
        method: 'DELETE',
        url: '/api/settings/account',
        headers: bearer(accessToken),
      });
      expect(del.statusCode).toBe(403);

      // Without an authenticator app, the password confirms it's you.
      const wrong = await post('/api/identity/mfa/step-up', { password: 'not it' }, accessToken);
      expect(wrong.statusCode).toBe(400);
      const up = await post('/api/identity/mfa/step-up', { password: PASSWORD }, accessToken);
      expect(up.statusCode, up.body).toBe(200);
      expect(up.json().data.freshUntil).toBe(new Date(clock.ms + 5 * 60_000).toISOString());
      const now = await t.app.inject({
        method: 'GET',
        url: '/api/settings/export',
        headers: bearer(accessToken),
      });
      expect(now.statusCode).toBe(200);

      // With one, a code is needed (the password is not enough), and MFA changes ask for it too.
      const { secret } = await enrol(accessToken);
      clock.advance(5 * 60_000 + 1);
      const off = await t.app.inject({
        method: 'DELETE',
        url: '/api/identity/mfa/totp',
        headers: bearer(accessToken),
      });
      expect(off.statusCode).toBe(403);
      const byPassword = await post('/api/identity/mfa/step-up', { password: PASSWORD }, accessToken);
      expect(byPassword.statusCode).toBe(400);
      const byCode = await post('/api/identity/mfa/step-up', { code: codeAt(secret, clock.ms) }, accessToken);
      expect(byCode.statusCode, byCode.body).toBe(200);
      const offNow = await t.app.inject({
        method: 'DELETE',
        url: '/api/identity/mfa/totp',
        headers: bearer(accessToken),
      });
      expect(offNow.statusCode, offNow.body).toBe(200);
      expect(offNow.json().data).toEqual({ totp: false, recoveryCodesLeft: 0, passkeys: 0, required: false });
      expect(await t.db.kysely.selectFrom('mfa_recovery_codes').selectAll().execute()).toEqual([]);
      // Without a second factor, the password alone signs in again.
      const plain = await login(t, 'ada@example.com');
      expect(plain.json().data.accessToken).toEqual(expect.any(String));
    });

    it('answers another user’s passkey id with the 404 of an unknown one', async () => {
      const ada = await signIn(t);
      await createUser(t, 'ben@example.com');
      const ben = await signIn(t, 'ben@example.com');
      await t.db.kysely
        .insertInto('webauthn_credentials')
        .values({
          id: 'pk-ada',
          user_id: ada.user.id,
          credential_id: 'cred-ada',
          public_key: 'AAAA',
          counter: 0,
          transports: null,
          device_type: 'singleDevice',
          backed_up: 0,
          name: 'Ada’s key',
          created_at: clock.ms,
          last_used_at: null,
        })
        .execute();
      for (const method of ['PATCH', 'DELETE'] as const) {
        const foreign = await t.app.inject({
          method,
          url: '/api/identity/webauthn/credentials/pk-ada',
          headers: bearer(ben.accessToken),
          ...(method === 'PATCH' ? { payload: { name: 'mine' } } : {}),
        });
        const unknown = await t.app.inject({
          method,
          url: '/api/identity/webauthn/credentials/pk-nobody',
          headers: bearer(ben.accessToken),
          ...(method === 'PATCH' ? { payload: { name: 'mine' } } : {}),
        });
        expect(foreign.statusCode).toBe(404);
        expect(foreign.body).toBe(unknown.body);
      }
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/identity/webauthn/credentials',
        headers: bearer(ada.accessToken),
      });
      expect(list.json().data).toEqual([
        {
          id: 'pk-ada',
          name: 'Ada’s key',
          createdAt: new Date(clock.ms).toISOString(),
          lastUsedAt: null,
          deviceType: 'singleDevice',
          backedUp: false,
        },
      ]);
      // Ada has a passkey now: her password alone no longer signs in.
      const res = await login(t, 'ada@example.com');
      expect(res.json().data).toEqual({
        mfaRequired: true,
        challenge: expect.any(String),
        methods: ['webauthn'],
      });
    });
  });

  describe('with REQUIRE_MFA=true', () => {
    beforeEach(() => setUp({ REQUIRE_MFA: 'true' }));

    it('leads an account without a factor through enrolment at sign-in, then asks for the code', async () => {
      const res = await login(t, 'ada@example.com');
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data).toEqual({
        mfaRequired: true,
        challenge: expect.any(String),
        methods: [],
        enrollmentRequired: true,
      });
      // The enrolment challenge is no session: the API stays closed.
      expect(data.accessToken).toBeUndefined();
      const enroll = await post('/api/identity/mfa/totp/enroll', { challenge: data.challenge });
      expect(enroll.statusCode, enroll.body).toBe(200);
      const { secret } = enroll.json().data;
      const confirm = await post('/api/identity/mfa/totp/confirm', {
        challenge: data.challenge,
        code: codeAt(secret, clock.ms),
      });
      expect(confirm.statusCode, confirm.body).toBe(200);
      const { recoveryCodes, session } = confirm.json().data;
      expect(recoveryCodes).toHaveLength(10);
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: bearer(session.accessToken),
      });
      expect(me.statusCode).toBe(200);
      // Turning the only factor off is refused while the server requires one.
      const off = await t.app.inject({
        method: 'DELETE',
        url: '/api/identity/mfa/totp',
        headers: bearer(session.accessToken),
      });
      expect(off.statusCode).toBe(409);
      expect(off.json().error.code).toBe('auth/mfa-required');
      clock.advance(30_000);
      const next = await login(t, 'ada@example.com');
      expect(next.json().data.methods).toEqual(['totp', 'recovery']);
    });

    it('refuses enrolment without a sign-in or with a made-up challenge', async () => {
      const none = await post('/api/identity/mfa/totp/enroll', {});
      expect(none.statusCode).toBe(401);
      const forged = await post('/api/identity/mfa/totp/enroll', { challenge: 'made-up' });
      expect(forged.statusCode).toBe(401);
      expect(forged.json().error.code).toBe('auth/mfa-session-expired');
    });
  });
});
