// Over 300 lines: one class for the WebAuthn ceremonies, which share its challenge store and checks.
import { randomUUID } from 'node:crypto';
import { MFA_CHALLENGE_TTL_MS, type Passkey, type Session } from '@healthfolio/core';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { AppError, notFound } from '../http/errors';
import { sha256 } from './action-codes';
import type { Audit } from './audit';
import type { ClientInfo } from './client';
import { TOO_MANY_LOGINS } from './errors';
import { mfaErrors, type Mfa } from './mfa';
import type { MfaRepository, PasskeyRow } from './mfa.repository';
import { REQUEST_LIMITS, type Throttle } from './throttle';
import type { UsersRepository } from './users.repository';

/** @simplewebauthn/server, loaded with the first passkey ceremony (~25 MB resident otherwise carried by every server). */
const webauthn = () => import('@simplewebauthn/server');

const passkeyFailed = (message = 'This passkey could not be verified. Please try again.') =>
  new AppError('auth/passkey-failed', message);

/** Passkey sign-in requests (options) one address may ask for in 15 minutes; each stores a challenge. */
export const PASSKEY_OPTIONS_LIMIT = { max: 60, windowMs: 15 * 60_000 } as const;

export interface RelyingParty {
  rpID: string;
  origins: string[];
}

/**
 * The relying party from PUBLIC_URL: its host is the RP ID and its origin the expected one. Browsers
 * refuse IP addresses as RP IDs, so a loopback PUBLIC_URL (127.0.0.1, [::1]) uses `localhost` and
 * accepts the page at http://localhost:<port> as well.
 */
export function relyingParty(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  const loopback = ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname);
  if (!loopback) return { rpID: url.hostname, origins: [url.origin] };
  const port = url.port ? `:${url.port}` : '';
  return { rpID: 'localhost', origins: [...new Set([url.origin, `${url.protocol}//localhost${port}`])] };
}

export interface PasskeysDeps {
  repo: MfaRepository;
  users: UsersRepository;
  mfa: Mfa;
  throttle: Throttle;
  audit: Audit;
  publicUrl: string;
  now: () => number;
}

/** Passkeys (WebAuthn with @simplewebauthn/server): register several, name and remove them, sign in. */
export class Passkeys {
  private readonly rp: RelyingParty;

  constructor(private readonly deps: PasskeysDeps) {
    this.rp = relyingParty(deps.publicUrl);
  }

  async list(userId: string): Promise<Passkey[]> {
    return (await this.deps.repo.passkeys(userId)).map(toPasskey);
  }

  async registrationOptions(userId: string) {
    const user = await this.deps.users.findById(userId);
    if (!user) throw notFound('User');
    const existing = await this.deps.repo.passkeys(userId);
    const options = await (
      await webauthn()
    ).generateRegistrationOptions({
      rpName: 'Healthfolio',
      rpID: this.rp.rpID,
      userName: user.email,
      userDisplayName: user.name || user.email,
      userID: new TextEncoder().encode(user.id),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: transportsOf(p) })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    await this.storeCeremony(options.challenge, userId, 'webauthn-register', null);
    return options;
  }

  async register(
    userId: string,
    response: RegistrationResponseJSON,
    name: string | undefined,
    client: ClientInfo,
  ) {
    const challenge = challengeOf(response);
    const row = challenge
      ? await this.deps.repo.challenge(sha256(challenge), 'webauthn-register', this.deps.now())
      : undefined;
    if (!row || row.user_id !== userId || !(await this.deps.repo.consumeChallenge(row.id))) {
      throw passkeyFailed('This passkey request has expired. Please try again.');
    }
    let info;
    try {
      const verified = await (
        await webauthn()
      ).verifyRegistrationResponse({
        response,
        expectedChallenge: challenge!,
        expectedOrigin: this.rp.origins,
        expectedRPID: this.rp.rpID,
        requireUserVerification: false,
      });
      info = verified.verified ? verified.registrationInfo : undefined;
    } catch {
      info = undefined;
    }
    if (!info) throw passkeyFailed();
    if (await this.deps.repo.passkeyByCredentialId(info.credential.id)) {
      throw passkeyFailed('This passkey is already registered.');
    }
    const count = (await this.deps.repo.passkeys(userId)).length;
    const now = this.deps.now();
    const id = randomUUID();
    await this.deps.repo.insertPasskey({
      id,
      user_id: userId,
      credential_id: info.credential.id,
      public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: info.credential.transports ? JSON.stringify(info.credential.transports) : null,
      device_type: info.credentialDeviceType,
      backed_up: info.credentialBackedUp ? 1 : 0,
      name: name?.trim() || `Passkey ${count + 1}`,
      created_at: now,
      last_used_at: null,
    });
    await this.deps.audit.record(userId, 'passkey.added', client, { passkey: id });
    const stored = (await this.deps.repo.passkeys(userId)).find((p) => p.id === id);
    return toPasskey(stored!);
  }

  async rename(userId: string, id: string, name: string): Promise<Passkey> {
    if (!(await this.deps.repo.renamePasskey(userId, id, name))) throw notFound('Passkey');
    const row = (await this.deps.repo.passkeys(userId)).find((p) => p.id === id);
    if (!row) throw notFound('Passkey');
    return toPasskey(row);
  }

  async remove(userId: string, id: string, client: ClientInfo): Promise<void> {
    const mine = await this.deps.repo.passkeys(userId);
    if (!mine.some((p) => p.id === id)) throw notFound('Passkey');
    if (this.deps.mfa.required && mine.length === 1 && !(await this.deps.mfa.status(userId)).totp) {
      throw mfaErrors.required();
    }
    if (!(await this.deps.repo.deletePasskey(userId, id))) throw notFound('Passkey');
    await this.deps.audit.record(userId, 'passkey.removed', client, { passkey: id });
  }

  /**
   * Options for a passkey sign-in: with the `challenge` of a password sign-in, the second factor
   * (that account's passkeys); without, a passkey alone (discoverable credentials, no account named).
   */
  async loginOptions(loginChallenge: string | undefined, client: ClientInfo) {
    await this.deps.throttle.take(`passkey:options:${client.ip}`, PASSKEY_OPTIONS_LIMIT);
    let userId: string | null = null;
    let allow: PasskeyRow[] = [];
    if (loginChallenge) {
      const user = await this.deps.mfa.challengeUser(loginChallenge, 'login');
      allow = await this.deps.repo.passkeys(user.id);
      if (allow.length === 0) throw passkeyFailed('This account has no passkey.');
      userId = user.id;
    }
    const options = await (
      await webauthn()
    ).generateAuthenticationOptions({
      rpID: this.rp.rpID,
      allowCredentials: allow.map((p) => ({ id: p.credential_id, transports: transportsOf(p) })),
      userVerification: loginChallenge ? 'preferred' : 'required',
    });
    await this.storeCeremony(
      options.challenge,
      userId,
      'webauthn-login',
      loginChallenge ? sha256(loginChallenge) : null,
    );
    return options;
  }

  /** Finishes a passkey sign-in (alone or as the second factor): the usual token pair. */
  async login(response: AuthenticationResponseJSON, client: ClientInfo): Promise<Session> {
    const addressBucket = `passkey:ip:${client.ip}`;
    await this.deps.throttle.check(addressBucket, REQUEST_LIMITS.codeFailuresPerAddress, TOO_MANY_LOGINS);
    const challenge = challengeOf(response);
    const row = challenge
      ? await this.deps.repo.challenge(sha256(challenge), 'webauthn-login', this.deps.now())
      : undefined;
    // Single use: taken before verifying, so a replayed assertion finds nothing.
    if (!row || !(await this.deps.repo.consumeChallenge(row.id))) throw mfaErrors.challengeExpired();
    const passkey = await this.deps.repo.passkeyByCredentialId(response.id);
    const user = passkey ? await this.deps.users.findById(passkey.user_id) : undefined;
    const secondFactor = row.user_id !== null;
    if (secondFactor) {
      const owner = await this.deps.users.findById(row.user_id!);
      if (owner) await this.deps.throttle.checkLogin(owner.email, client.ip);
    }
    const newCounter =
      passkey && user && (!secondFactor || passkey.user_id === row.user_id)
        ? await this.verifyAssertion(passkey, response, challenge!, !secondFactor)
        : undefined;
    if (newCounter === undefined || !passkey || !user) {
      await this.deps.throttle.recordFailure(addressBucket);
      if (secondFactor) {
        const owner = await this.deps.users.findById(row.user_id!);
        if (owner) {
          await this.deps.throttle.recordLoginFailure(owner.email, client.ip);
          await this.deps.audit.record(owner.id, 'mfa.failure', client, { method: 'webauthn' });
        }
      }
      throw passkeyFailed();
    }
    // As the second factor, the password's challenge is spent too.
    if (secondFactor && (!row.data || !(await this.deps.repo.consumeChallenge(row.data)))) {
      throw mfaErrors.challengeExpired();
    }
    await this.deps.repo.passkeyUsed(passkey.id, newCounter, this.deps.now());
    return this.deps.mfa.finishSignIn(user, client, 'webauthn');
  }

  /** Options to confirm it's you with one of this account's passkeys (step-up, see step-up.ts). */
  async stepUpOptions(userId: string, client: ClientInfo) {
    await this.deps.throttle.take(`passkey:options:${client.ip}`, PASSKEY_OPTIONS_LIMIT);
    const allow = await this.deps.repo.passkeys(userId);
    if (allow.length === 0) throw passkeyFailed('This account has no passkey.');
    const options = await (
      await webauthn()
    ).generateAuthenticationOptions({
      rpID: this.rp.rpID,
      allowCredentials: allow.map((p) => ({ id: p.credential_id, transports: transportsOf(p) })),
      userVerification: 'preferred',
    });
    await this.storeCeremony(options.challenge, userId, 'webauthn-step-up', null);
    return options;
  }

  /**
   * A passkey as the fresh factor: the answer to `stepUpOptions`, from one of this account's passkeys,
   * marks this session fresh for five minutes, as a code does. Failures count with the code's and the
   * password's step-up failures (one limit per account).
   */
  async stepUp(
    userId: string,
    sessionKey: string | undefined,
    response: AuthenticationResponseJSON,
    client: ClientInfo,
  ): Promise<number> {
    if (!sessionKey) throw mfaErrors.stepUpRequired();
    const bucket = `stepup:${userId}`;
    await this.deps.throttle.check(bucket, REQUEST_LIMITS.passwordChangeFailuresPerUser, TOO_MANY_LOGINS);
    const challenge = challengeOf(response);
    const row = challenge
      ? await this.deps.repo.challenge(sha256(challenge), 'webauthn-step-up', this.deps.now())
      : undefined;
    // Single use, and only for the account it was made for.
    if (!row || row.user_id !== userId || !(await this.deps.repo.consumeChallenge(row.id))) {
      throw passkeyFailed('This passkey request has expired. Please try again.');
    }
    const passkey = await this.deps.repo.passkeyByCredentialId(response.id);
    const newCounter =
      passkey?.user_id === userId
        ? await this.verifyAssertion(passkey, response, challenge!, false)
        : undefined;
    if (newCounter === undefined || !passkey) {
      await this.deps.throttle.recordFailure(bucket);
      await this.deps.audit.record(userId, 'mfa.failure', client, { step: 'step-up', method: 'webauthn' });
      throw passkeyFailed();
    }
    await this.deps.repo.passkeyUsed(passkey.id, newCounter, this.deps.now());
    await this.deps.audit.record(userId, 'mfa.step-up', client, { method: 'webauthn' });
    return this.deps.mfa.markFresh(userId, sessionKey);
  }

  /** The authenticator's new signature counter when the assertion verifies, else undefined. */
  private async verifyAssertion(
    passkey: PasskeyRow,
    response: AuthenticationResponseJSON,
    challenge: string,
    requireUserVerification: boolean,
  ): Promise<number | undefined> {
    try {
      const verified = await (
        await webauthn()
      ).verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: this.rp.origins,
        expectedRPID: this.rp.rpID,
        credential: {
          id: passkey.credential_id,
          publicKey: Buffer.from(passkey.public_key, 'base64url'),
          counter: passkey.counter,
          transports: transportsOf(passkey),
        },
        requireUserVerification,
      });
      return verified.verified ? verified.authenticationInfo.newCounter : undefined;
    } catch {
      return undefined;
    }
  }

  private async storeCeremony(challenge: string, userId: string | null, kind: string, data: string | null) {
    const now = this.deps.now();
    await this.deps.repo.insertChallenge({
      id: sha256(challenge),
      user_id: userId,
      kind,
      data,
      expires_at: now + MFA_CHALLENGE_TTL_MS,
      created_at: now,
    });
  }
}

/** The challenge the browser signed, read from clientDataJSON (the library checks it again). */
function challengeOf(response: { response: { clientDataJSON?: unknown } }): string | undefined {
  try {
    const raw = response.response.clientDataJSON;
    if (typeof raw !== 'string') return undefined;
    const data = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}

function transportsOf(row: PasskeyRow): AuthenticatorTransportFuture[] | undefined {
  return row.transports ? (JSON.parse(row.transports) as AuthenticatorTransportFuture[]) : undefined;
}

type AuthenticatorTransportFuture = 'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb';

function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
    deviceType: row.device_type,
    backedUp: row.backed_up === 1,
  };
}
