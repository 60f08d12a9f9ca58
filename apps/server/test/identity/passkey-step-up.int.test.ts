import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, FakeClock, signIn } from './helpers';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer) => data.toString('base64url');

/**
 * A platform authenticator in software (WebAuthn Level 2, ES256): what a phone's passkey answers to a
 * `navigator.credentials.get()` — authenticator data (RP ID hash, user present and verified, counter)
 * and an ECDSA P-256 signature over it and the client data's hash.
 */
class SoftAuthenticator {
  readonly credentialId = b64url(randomBytes(16));
  private readonly privateKey: KeyObject;
  /** The credential public key as a COSE_Key (EC2, P-256, ES256), as registration stores it. */
  readonly coseKey: string;
  private counter = 0;

  constructor(
    private readonly rpId: string,
    private readonly origin: string,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    const x = Buffer.from(jwk.x!, 'base64url');
    const y = Buffer.from(jwk.y!, 'base64url');
    // {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y} in CBOR.
    this.coseKey = b64url(
      Buffer.concat([
        Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20]),
        x,
        Buffer.from([0x22, 0x58, 0x20]),
        y,
      ]),
    );
  }

  assert(challenge: string, origin = this.origin) {
    this.counter += 1;
    const clientData = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge, origin, crossOrigin: false }),
    );
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const authData = Buffer.concat([sha256(this.rpId), Buffer.from([0x05]), count]);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.privateKey);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
    };
  }
}

describe.each(testDialects)('a passkey as the step-up factor on %s', (dialect) => {
  let t: TestApp;
  let clock: FakeClock;
  let phone: SoftAuthenticator;
  let ada: { id: string; token: string };
  beforeEach(async () => {
    clock = new FakeClock();
    t = await createTestApp(dialect, { PUBLIC_URL: 'http://localhost:8080' }, { now: clock.now });
    const user = await createUser(t);
    ada = { id: user.id, token: (await signIn(t)).accessToken };
    phone = new SoftAuthenticator('localhost', 'http://localhost:8080');
    // Registered as the ceremony stores one (the ceremony itself: e2e/mfa.spec.ts, Chromium's authenticator).
    await t.db.kysely
      .insertInto('webauthn_credentials')
      .values({
        id: 'pk-phone',
        user_id: ada.id,
        credential_id: phone.credentialId,
        public_key: phone.coseKey,
        counter: 0,
        transports: '["internal"]',
        device_type: 'multiDevice',
        backed_up: 1,
        name: 'Ada’s phone',
        created_at: clock.ms,
        last_used_at: null,
      })
      .execute();
  });
  afterEach(() => t.close());

  const post = (url: string, token: string, payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const exportData = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/settings/export', headers: bearer(token) });

  it('confirms it is Ada with her passkey: the export opens for five minutes, then asks again', async () => {
    clock.advance(6 * 60_000);
    const asked = await exportData(ada.token);
    expect(asked.statusCode).toBe(403);
    expect(asked.json().error.code).toBe('auth/step-up-required');

    const options = await post('/api/identity/mfa/step-up/webauthn/options', ada.token);
    expect(options.statusCode, options.body).toBe(200);
    const { challenge, rpId, allowCredentials } = options.json().data;
    expect(rpId).toBe('localhost');
    expect(allowCredentials).toEqual([
      { id: phone.credentialId, type: 'public-key', transports: ['internal'] },
    ]);

    const answer = phone.assert(challenge);
    const verify = await post('/api/identity/mfa/step-up/webauthn/verify', ada.token, { response: answer });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json().data).toEqual({ freshUntil: new Date(clock.ms + 5 * 60_000).toISOString() });
    expect((await exportData(ada.token)).statusCode).toBe(200);

    // The same answer again is refused: its challenge was single use.
    const replay = await post('/api/identity/mfa/step-up/webauthn/verify', ada.token, { response: answer });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toBe('This passkey request has expired. Please try again.');

    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['event', 'details'])
      .where('user_id', '=', ada.id)
      .where('event', '=', 'mfa.step-up')
      .execute();
    expect(audit.map((a) => JSON.parse(a.details ?? '{}'))).toEqual([{ method: 'webauthn' }]);
    const [used] = await t.db.kysely
      .selectFrom('webauthn_credentials')
      .select(['counter', 'last_used_at'])
      .where('id', '=', 'pk-phone')
      .execute();
    expect(used).toEqual({ counter: 1, last_used_at: clock.ms });

    clock.advance(5 * 60_000 + 1);
    expect((await exportData(ada.token)).statusCode).toBe(403);
  });

  it('refuses a forged signature, an answer for another origin, and another person’s passkey', async () => {
    clock.advance(6 * 60_000);
    const challengeOf = async (token: string) =>
      (await post('/api/identity/mfa/step-up/webauthn/options', token)).json().data.challenge as string;

    const forged = phone.assert(await challengeOf(ada.token));
    forged.response.signature = b64url(randomBytes(70));
    const bad = await post('/api/identity/mfa/step-up/webauthn/verify', ada.token, { response: forged });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'auth/passkey-failed',
      message: 'This passkey could not be verified. Please try again.',
    });
    const phishing = phone.assert(await challengeOf(ada.token), 'https://healthfolio.example.net');
    expect(
      (await post('/api/identity/mfa/step-up/webauthn/verify', ada.token, { response: phishing })).statusCode,
    ).toBe(400);
    expect((await exportData(ada.token)).statusCode).toBe(403);

    // Ben has no passkey; Ada's passkey answering Ben's session (or a challenge made for Ada) does nothing.
    await createUser(t, 'ben@example.com');
    const ben = (await signIn(t, 'ben@example.com')).accessToken;
    clock.advance(6 * 60_000);
    const none = await post('/api/identity/mfa/step-up/webauthn/options', ben);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('This account has no passkey.');
    const adas = phone.assert(await challengeOf(ada.token));
    const stolen = await post('/api/identity/mfa/step-up/webauthn/verify', ben, { response: adas });
    expect(stolen.statusCode).toBe(400);
    expect((await exportData(ben)).statusCode).toBe(403);
    const failures = await t.db.kysely
      .selectFrom('audit_log')
      .select('event')
      .where('user_id', '=', ada.id)
      .where('event', '=', 'mfa.failure')
      .execute();
    expect(failures).toHaveLength(2);
  });
});
