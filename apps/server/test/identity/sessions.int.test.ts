import { createLocalJWKSet, decodeJwt, generateKeyPair, jwtVerify, SignJWT, UnsecuredJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, FakeClock, signIn } from './helpers';

describe.each(testDialects)('sessions and access tokens on %s', (dialect) => {
  let t: TestApp;
  let clock: FakeClock;
  let userId: string;
  beforeEach(async () => {
    clock = new FakeClock();
    t = await createTestApp(dialect, {}, { now: clock.now });
    userId = (await createUser(t)).id;
  });
  afterEach(() => t.close());

  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/identity/refresh', payload: { refreshToken } });

  it('issues ES256 tokens with iss, aud, sub, iat and exp that the JWKS verifies', async () => {
    const session = await signIn(t);
    const jwks = await t.app.inject({ method: 'GET', url: '/api/identity/jwks' });
    expect(jwks.statusCode).toBe(200);
    const keys = jwks.json().keys;
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(keys[0]).not.toHaveProperty('d');
    const { payload, protectedHeader } = await jwtVerify(
      session.accessToken,
      createLocalJWKSet(jwks.json()),
      {
        issuer: t.config.publicUrl,
        audience: 'healthfolio',
        currentDate: new Date(clock.now()),
      },
    );
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload.sub).toBe(userId);
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect((await me(session.accessToken)).statusCode).toBe(200);
  });

  it('refuses a missing, malformed, expired, foreign, alg-none, key-confused or mis-addressed token with 401', async () => {
    const session = await signIn(t);
    const claims = decodeJwt(session.accessToken);
    const iat = Math.floor(clock.now() / 1000);

    const missing = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ error: { code: 'unauthorized', message: 'Sign in to continue.' } });
    expect(missing.headers['www-authenticate']).toBe('Bearer');

    expect((await me('not.a.jwt')).json().error.code).toBe('unauthorized');

    const none = new UnsecuredJWT({ ...claims }).encode();
    expect((await me(none)).statusCode).toBe(401);

    const other = await generateKeyPair('ES256');
    const foreign = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'ES256', kid: decodeProtectedKid(session.accessToken), typ: 'JWT' })
      .sign(other.privateKey);
    const foreignRes = await me(foreign);
    expect(foreignRes.statusCode).toBe(401);
    expect(foreignRes.headers['www-authenticate']).toBe('Bearer error="invalid_token"');

    // HS256 "signed" with the public key's bytes: the classic algorithm-confusion attack.
    const jwk = (await t.app.inject({ method: 'GET', url: '/api/identity/jwks' })).json().keys[0];
    const confused = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', kid: jwk.kid, typ: 'JWT' })
      .sign(new TextEncoder().encode(JSON.stringify(jwk)));
    expect((await me(confused)).statusCode).toBe(401);

    const key = t.identity.tokens['signingKey'];
    expect(key).toBeDefined();
    const sign = (patch: { iss?: string; aud?: string; exp?: number }) =>
      new SignJWT({ sv: claims.sv, sid: claims.sid })
        .setProtectedHeader({ alg: 'ES256', kid: key!.kid, typ: 'JWT' })
        .setIssuer(patch.iss ?? t.config.publicUrl)
        .setAudience(patch.aud ?? 'healthfolio')
        .setSubject(userId)
        .setIssuedAt(iat)
        .setExpirationTime(patch.exp ?? iat + 60)
        .sign(key!.key);
    expect((await me(await sign({}))).statusCode).toBe(200);
    expect((await me(await sign({ iss: 'https://evil.example' }))).statusCode).toBe(401);
    expect((await me(await sign({ aud: 'someone-else' }))).statusCode).toBe(401);

    clock.advance(3600_000 + 1000);
    const expired = await me(session.accessToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({
      error: { code: 'unauthorized', message: 'Your session has expired. Please sign in again.' },
    });
  });

  it('refuses the token of a deleted user', async () => {
    const session = await signIn(t);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/auth/account',
          headers: bearer(session.accessToken),
        })
      ).statusCode,
    ).toBe(200);
    const res = await me(session.accessToken);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });

  it('rotates refresh tokens and revokes the family when a rotated one comes back', async () => {
    const first = await signIn(t);
    const second = (await refresh(first.refreshToken)).json().data;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await me(second.accessToken)).statusCode).toBe(200);

    clock.advance(11_000);
    const third = (await refresh(second.refreshToken)).json().data;
    clock.advance(11_000);
    // A thief replays the old token: refused, and the whole family ends, including the live token.
    const replay = await refresh(second.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({
      error: { code: 'unauthorized', message: 'Your session has expired. Please sign in again.' },
    });
    expect((await refresh(third.refreshToken)).statusCode).toBe(401);
    const events = await t.db.kysely.selectFrom('audit_log').select('event').execute();
    expect(events.map((e) => e.event)).toContain('refresh.reuse-detected');
  });

  it('gives two tabs refreshing at once the same successor within the grace window', async () => {
    const first = await signIn(t);
    const [a, b] = await Promise.all([refresh(first.refreshToken), refresh(first.refreshToken)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().data.refreshToken).toBe(b.json().data.refreshToken);

    clock.advance(5_000);
    const late = await refresh(first.refreshToken);
    expect(late.json().data.refreshToken).toBe(a.json().data.refreshToken);
    // The family did not fork and is still alive.
    const families = await t.db.kysely.selectFrom('refresh_tokens').select('family_id').distinct().execute();
    expect(families).toHaveLength(1);
    expect((await refresh(a.json().data.refreshToken)).statusCode).toBe(200);
    // The database alone holds no usable token.
    const rows = await t.db.kysely.selectFrom('refresh_tokens').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(a.json().data.refreshToken);
  });

  it('ends a sign-in after 30 days however often it refreshes', async () => {
    let token = (await signIn(t)).refreshToken;
    for (let day = 0; day < 29; day++) {
      clock.advance(24 * 3600_000);
      const res = await refresh(token);
      expect(res.statusCode).toBe(200);
      token = res.json().data.refreshToken;
    }
    clock.advance(24 * 3600_000);
    expect((await refresh(token)).statusCode).toBe(401);
  });

  it('signs out: the refresh token and its family are revoked; unknown tokens are fine', async () => {
    const session = await signIn(t);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/identity/logout',
      payload: { refreshToken: session.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ data: { signedOut: true } });
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/identity/logout',
      payload: { refreshToken: 'nope' },
    });
    expect(again.statusCode).toBe(200);
    const empty = await t.app.inject({ method: 'POST', url: '/api/identity/logout' });
    expect(empty.statusCode).toBe(200);
    const events = await t.db.kysely
      .selectFrom('audit_log')
      .select('event')
      .where('event', '=', 'logout')
      .execute();
    expect(events).toHaveLength(1);
  });

  it('validates refresh bodies', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/identity/refresh', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('validation');
    const unknown = await refresh('x'.repeat(43));
    expect(unknown.statusCode).toBe(401);
  });

  it('keeps the signing key across restarts (it lives in the database)', async () => {
    const session = await signIn(t);
    const keys = await t.db.kysely.selectFrom('signing_keys').selectAll().execute();
    expect(keys).toHaveLength(1);
    await t.identity.tokens.init();
    expect((await me(session.accessToken)).statusCode).toBe(200);
    expect(await t.db.kysely.selectFrom('signing_keys').selectAll().execute()).toHaveLength(1);
  });
});

function decodeProtectedKid(token: string): string {
  const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()) as {
    kid: string;
  };
  return header.kid;
}
