// Over 300 lines: one class for the second factor; TOTP, recovery codes, challenges and step-up share it.
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import {
  MFA_CHALLENGE_TTL_MS,
  RECOVERY_CODE_COUNT,
  STEP_UP_TTL_MS,
  type LoginResult,
  type MfaMethod,
  type MfaStatus,
  type Session,
  type TotpEnrollment,
} from '@healthfolio/core';
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { AppError } from '../http/errors';
import type { TokenVault } from '../modules/sources';
import { sha256 } from './action-codes';
import type { Audit } from './audit';
import type { ClientInfo } from './client';
import { identityErrors, TOO_MANY_LOGINS } from './errors';
import type { MfaRepository } from './mfa.repository';
import type { Passwords } from './passwords';
import type { Sessions } from './sessions';
import { REQUEST_LIMITS, type Throttle } from './throttle';
import type { UserRow, UsersRepository } from './users.repository';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps; one step either side is accepted. */
export const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
const TOTP_WINDOW = 1;
const TOTP_PURPOSE = 'totp';
/** Wrong codes one sign-in challenge takes before it is void (the address and account limits apply too). */
export const CHALLENGE_MAX_ATTEMPTS = 5;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export const mfaErrors = {
  invalidCode: () =>
    new AppError(
      'auth/invalid-verification-code',
      'That code is not right. Check your authenticator app and try again.',
    ),
  challengeExpired: () =>
    new AppError('auth/mfa-session-expired', 'This sign-in has expired. Please sign in again.'),
  stepUpRequired: () =>
    new AppError(
      'auth/step-up-required',
      'Please confirm it’s you: enter a code from your authenticator app (or your password) to continue.',
    ),
  alreadyEnrolled: () =>
    new AppError(
      'auth/mfa-already-enrolled',
      'An authenticator app is already set up. Turn it off first to set up another.',
    ),
  notEnrolled: () =>
    new AppError(
      'auth/mfa-not-enrolled',
      'Start setting up the authenticator app again: no setup is waiting.',
    ),
  required: () =>
    new AppError(
      'auth/mfa-required',
      'This server requires a second factor on every account: add a passkey or an authenticator app before removing this one.',
    ),
};

export interface MfaDeps {
  repo: MfaRepository;
  vault: TokenVault;
  users: UsersRepository;
  passwords: Passwords;
  throttle: Throttle;
  sessions: Sessions;
  audit: Audit;
  requireMfa: boolean;
  now: () => number;
}

/**
 * The second factor: TOTP (enrolled with a QR code and a confirming code, its secret sealed with the
 * server key bound to the user), single-use recovery codes, the sign-in challenge between the password
 * and the second factor, and the step-up record that `requireFreshFactor` reads.
 */
export class Mfa {
  private lastPrune = 0;

  constructor(private readonly deps: MfaDeps) {}

  get required(): boolean {
    return this.deps.requireMfa;
  }

  async status(userId: string): Promise<MfaStatus> {
    const [totp, left, passkeys] = await Promise.all([
      this.deps.repo.totp(userId),
      this.deps.repo.recoveryCodesLeft(userId),
      this.deps.repo.passkeys(userId),
    ]);
    return {
      totp: totp?.confirmed_at != null,
      recoveryCodesLeft: totp?.confirmed_at != null ? left : 0,
      passkeys: passkeys.length,
      required: this.deps.requireMfa,
    };
  }

  /** The second factors this account can finish a sign-in with; empty when it has none. */
  async methods(userId: string): Promise<MfaMethod[]> {
    const status = await this.status(userId);
    const methods: MfaMethod[] = [];
    if (status.totp) methods.push('totp');
    if (status.passkeys > 0) methods.push('webauthn');
    if (status.totp && status.recoveryCodesLeft > 0) methods.push('recovery');
    return methods;
  }

  // Sign-in

  /**
   * The password was right: a session, or — when the account has a second factor, or the server
   * requires one — a short-lived single-use challenge for `mfa/verify` (or the passkey, or enrolment).
   * The address's failures for the account are only forgiven once the whole sign-in succeeds.
   */
  async afterPassword(user: UserRow, client: ClientInfo): Promise<LoginResult> {
    const methods = await this.methods(user.id);
    if (methods.length > 0) {
      const challenge = await this.issueChallenge(user.id, 'login', MFA_CHALLENGE_TTL_MS);
      return { mfaRequired: true, challenge, methods };
    }
    if (this.deps.requireMfa) {
      const challenge = await this.issueChallenge(user.id, 'enroll', 15 * 60_000);
      return { mfaRequired: true, challenge, methods: [], enrollmentRequired: true };
    }
    await this.deps.throttle.recordLoginSuccess(user.email, client.ip);
    await this.deps.audit.record(user.id, 'login.success', client);
    return this.startSession(user, client);
  }

  /** The second step: a TOTP or recovery code against the challenge `login` answered. */
  async verify(challenge: string, code: string, client: ClientInfo): Promise<Session> {
    // Made-up or stale challenges and wrong codes from one address: 30 in 15 minutes, then 429.
    const addressBucket = `mfa:ip:${client.ip}`;
    await this.deps.throttle.check(addressBucket, REQUEST_LIMITS.codeFailuresPerAddress, TOO_MANY_LOGINS);
    const row = await this.deps.repo.challenge(sha256(challenge), 'login', this.deps.now());
    const user = row?.user_id ? await this.deps.users.findById(row.user_id) : undefined;
    if (!row || !user) {
      await this.deps.throttle.recordFailure(addressBucket);
      throw mfaErrors.challengeExpired();
    }
    await this.deps.throttle.checkLogin(user.email, client.ip);
    const method = await this.checkCode(user.id, code);
    if (!method) {
      await this.deps.throttle.recordFailure(addressBucket);
      const { lockedNow } = await this.deps.throttle.recordLoginFailure(user.email, client.ip);
      await this.deps.audit.record(user.id, 'mfa.failure', client);
      if (lockedNow) await this.deps.audit.record(user.id, 'login.locked', client);
      if ((await this.deps.repo.countAttempt(row.id)) >= CHALLENGE_MAX_ATTEMPTS) {
        await this.deps.repo.consumeChallenge(row.id);
      }
      throw mfaErrors.invalidCode();
    }
    if (!(await this.deps.repo.consumeChallenge(row.id))) throw mfaErrors.challengeExpired();
    return this.finishSignIn(user, client, method);
  }

  /** A sign-in whose second factor was verified (code or passkey). */
  async finishSignIn(user: UserRow, client: ClientInfo, method: MfaMethod): Promise<Session> {
    await this.deps.throttle.recordLoginSuccess(user.email, client.ip);
    if (method === 'recovery') await this.deps.audit.record(user.id, 'mfa.recovery-used', client);
    await this.deps.audit.record(user.id, method === 'webauthn' ? 'login.passkey' : 'login.success', client, {
      method,
    });
    return this.startSession(user, client);
  }

  /** A new session whose sign-in counts as a fresh factor for the next five minutes. */
  async startSession(user: UserRow, client: ClientInfo): Promise<Session> {
    const session = await this.deps.sessions.start(user, client);
    await this.markFresh(user.id, sessionKeyOfToken(session.accessToken));
    return session;
  }

  /** The user a live challenge of this kind belongs to. */
  async challengeUser(challenge: string, kind: 'login' | 'enroll'): Promise<UserRow> {
    const row = await this.deps.repo.challenge(sha256(challenge), kind, this.deps.now());
    const user = row?.user_id ? await this.deps.users.findById(row.user_id) : undefined;
    if (!user) throw mfaErrors.challengeExpired();
    return user;
  }

  async consumeChallenge(challenge: string): Promise<boolean> {
    return this.deps.repo.consumeChallenge(sha256(challenge));
  }

  async issueChallenge(userId: string | null, kind: string, ttlMs: number, data: string | null = null) {
    const now = this.deps.now();
    await this.prune(now);
    const challenge = randomBytes(32).toString('base64url');
    await this.deps.repo.insertChallenge({
      id: sha256(challenge),
      user_id: userId,
      kind,
      data,
      expires_at: now + ttlMs,
      created_at: now,
    });
    return challenge;
  }

  // TOTP

  async enrollTotp(user: UserRow): Promise<TotpEnrollment> {
    const secret = new Secret({ size: 20 });
    const sealed = this.deps.vault.sealFor(secret.base32, user.id, TOTP_PURPOSE);
    if (!(await this.deps.repo.putPendingTotp(user.id, sealed, this.deps.now())))
      throw mfaErrors.alreadyEnrolled();
    const otpauthUrl = new TOTP({
      issuer: 'Healthfolio',
      label: user.email,
      secret,
      ...TOTP_SETTINGS,
    }).toString();
    const svg = await (
      await import('qrcode')
    ).default.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return {
      secret: secret.base32,
      otpauthUrl,
      qrCode: `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`,
    };
  }

  /** The first code from the app confirms it; the answer holds the recovery codes, shown this once. */
  async confirmTotp(userId: string, code: string, client: ClientInfo): Promise<string[]> {
    const bucket = `mfa:confirm:${userId}`;
    await this.deps.throttle.check(bucket, REQUEST_LIMITS.codeFailuresPerAddress, TOO_MANY_LOGINS);
    const row = await this.deps.repo.totp(userId);
    if (!row || row.confirmed_at !== null) throw row ? mfaErrors.alreadyEnrolled() : mfaErrors.notEnrolled();
    const step = this.matchStep(userId, row.secret_sealed, code);
    if (step === undefined) {
      await this.deps.throttle.recordFailure(bucket);
      throw mfaErrors.invalidCode();
    }
    const codes = newRecoveryCodes();
    const stored = await this.deps.repo.confirmTotp(
      userId,
      step,
      codes.map((c) => sha256(normalizeRecovery(c))),
      codes.map(() => randomUUID()),
      this.deps.now(),
    );
    if (!stored) throw mfaErrors.alreadyEnrolled();
    await this.deps.audit.record(userId, 'mfa.totp-enabled', client);
    return codes;
  }

  async disableTotp(userId: string, client: ClientInfo): Promise<void> {
    const status = await this.status(userId);
    if (!status.totp && !(await this.deps.repo.totp(userId))) throw mfaErrors.notEnrolled();
    if (this.deps.requireMfa && status.totp && status.passkeys === 0) throw mfaErrors.required();
    await this.deps.repo.deleteTotp(userId);
    if (status.totp) await this.deps.audit.record(userId, 'mfa.totp-disabled', client);
  }

  /** New recovery codes in place of the old ones (all of which stop working). */
  async regenerateRecoveryCodes(userId: string, client: ClientInfo): Promise<string[]> {
    if (!(await this.status(userId)).totp) throw mfaErrors.notEnrolled();
    const codes = newRecoveryCodes();
    await this.deps.repo.replaceRecoveryCodes(
      userId,
      codes.map((c) => sha256(normalizeRecovery(c))),
      codes.map(() => randomUUID()),
      this.deps.now(),
    );
    await this.deps.audit.record(userId, 'mfa.recovery-regenerated', client);
    return codes;
  }

  /**
   * A TOTP code (6 digits: its time step is taken, so it never works twice) or a recovery code (spent).
   * Undefined when neither.
   */
  async checkCode(userId: string, code: string): Promise<'totp' | 'recovery' | undefined> {
    const compact = code.replace(/[\s-]/g, '');
    if (/^\d{6}$/.test(compact)) {
      const row = await this.deps.repo.totp(userId);
      if (!row || row.confirmed_at === null) return undefined;
      const step = this.matchStep(userId, row.secret_sealed, compact);
      return step !== undefined && (await this.deps.repo.claimStep(userId, step)) ? 'totp' : undefined;
    }
    if (!/^[a-z0-9]{10}$/i.test(compact)) return undefined;
    const used = await this.deps.repo.useRecoveryCode(
      userId,
      sha256(normalizeRecovery(compact)),
      this.deps.now(),
    );
    return used ? 'recovery' : undefined;
  }

  private matchStep(userId: string, sealed: string, code: string): number | undefined {
    const base32 = this.deps.vault.unsealFor(sealed, userId, TOTP_PURPOSE);
    if (!base32) return undefined;
    const totp = new TOTP({ secret: Secret.fromBase32(base32), ...TOTP_SETTINGS });
    const timestamp = this.deps.now();
    const delta = totp.validate({ token: code.replace(/\s/g, ''), timestamp, window: TOTP_WINDOW });
    if (delta === null) return undefined;
    return TOTP.counter({ period: TOTP_SETTINGS.period, timestamp }) + delta;
  }

  // Step-up

  /**
   * Verifies a factor for the current session: a code (TOTP or recovery) when the account has an
   * authenticator app, otherwise the password. Fresh for STEP_UP_TTL_MS afterwards.
   */
  async stepUp(
    userId: string,
    sessionKey: string | undefined,
    input: { code?: string | undefined; password?: string | undefined },
    client: ClientInfo,
  ): Promise<number> {
    const user = await this.deps.users.findById(userId);
    if (!user || !sessionKey) throw mfaErrors.stepUpRequired();
    const bucket = `stepup:${userId}`;
    await this.deps.throttle.check(bucket, REQUEST_LIMITS.passwordChangeFailuresPerUser, TOO_MANY_LOGINS);
    const status = await this.status(userId);
    let ok: boolean;
    let method: string;
    if (status.totp) {
      method = 'code';
      ok = input.code !== undefined && (await this.checkCode(userId, input.code)) !== undefined;
    } else {
      method = 'password';
      ok =
        input.password !== undefined &&
        (await this.deps.passwords.verify(user.password_hash, input.password));
    }
    if (!ok) {
      await this.deps.throttle.recordFailure(bucket);
      await this.deps.audit.record(userId, 'mfa.failure', client, { step: 'step-up' });
      throw method === 'code' ? mfaErrors.invalidCode() : identityErrors.wrongPassword(400);
    }
    await this.deps.audit.record(userId, 'mfa.step-up', client, { method });
    return this.markFresh(userId, sessionKey);
  }

  /** Records that this session verified a factor now; the instant it stops counting. */
  async markFresh(userId: string, sessionKey: string | undefined): Promise<number> {
    const now = this.deps.now();
    if (!sessionKey) return now;
    await this.deps.repo.putChallenge({
      id: sha256(`step-up:${sessionKey}`),
      user_id: userId,
      kind: 'step-up',
      data: null,
      expires_at: now + STEP_UP_TTL_MS,
      created_at: now,
    });
    return now + STEP_UP_TTL_MS;
  }

  async isFresh(userId: string, sessionKey: string | undefined): Promise<boolean> {
    if (!sessionKey) return false;
    const row = await this.deps.repo.challenge(sha256(`step-up:${sessionKey}`), 'step-up', this.deps.now());
    return row?.user_id === userId;
  }

  private async prune(now: number): Promise<void> {
    if (now - this.lastPrune < 10 * 60_000) return;
    this.lastPrune = now;
    await this.deps.repo.deleteExpiredChallenges(now);
  }
}

/**
 * The sign-in session an access token belongs to: its `sid` (the refresh-token family) when it has one,
 * else the token's own `jti`. Only called on tokens `app.authenticate` (or `Sessions.start`) vouched for.
 */
export function sessionKeyOfToken(token: string | undefined): string | undefined {
  if (!token) return undefined;
  try {
    const { sid, jti } = decodeJwt(token);
    if (typeof sid === 'string') return `sid:${sid}`;
    return typeof jti === 'string' ? `jti:${jti}` : undefined;
  } catch {
    return undefined;
  }
}

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(
      { length: 10 },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

const normalizeRecovery = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
