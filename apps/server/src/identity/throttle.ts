import { createHash } from 'node:crypto';
import { identityErrors, TOO_MANY_LOGINS, TOO_MANY_REQUESTS } from './errors';
import type { AuthAttemptsRepository } from './auth-attempts.repository';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Login limits. An account is limited per client address, so an attacker elsewhere cannot lock the owner
 * out; the per-account ceiling across addresses only stops addresses that have themselves failed for
 * that account; and one address is capped across all accounts (credential stuffing).
 */
export const LOGIN_LIMITS = {
  perAccountAndAddress: { max: 10, windowMs: 15 * MINUTE },
  perAccount: { max: 100, windowMs: HOUR },
  perAddress: { max: 100, windowMs: HOUR },
} as const;

/** Limits on requests that send mail or try codes: every request counts, not only failures. */
export const REQUEST_LIMITS = {
  resetMailPerAccount: { max: 5, windowMs: HOUR },
  resetMailPerAddress: { max: 20, windowMs: HOUR },
  verifyMailPerUser: { max: 5, windowMs: HOUR },
  signupPerAddress: { max: 20, windowMs: HOUR },
  codeFailuresPerAddress: { max: 30, windowMs: 15 * MINUTE },
  passwordChangeFailuresPerUser: { max: 10, windowMs: 15 * MINUTE },
  waitlistPerAddress: { max: 10, windowMs: HOUR },
  /** Wrong or revoked ingest tokens from one address: guessing a 256-bit token is hopeless, flooding is not. */
  ingestFailuresPerAddress: { max: 30, windowMs: 15 * MINUTE },
  /** Posts from one address: Health Auto Export sends a batch every few minutes, a backfill a few a second. */
  ingestPostsPerAddress: { max: 300, windowMs: MINUTE },
} as const;

export interface Limit {
  max: number;
  windowMs: number;
}

/** Emails are kept out of the attempts table: buckets name a hash of the address. */
export const emailKey = (email: string) => createHash('sha256').update(email).digest('hex').slice(0, 32);

/** Locks remembered in memory at most (a flood from many addresses cannot grow the map without bound). */
const MAX_REMEMBERED_LOCKS = 10_000;
/**
 * How long a lock is answered from memory before the database is asked again: a lock lifted on another
 * instance (a passkey sign-in there clears the pair) holds here at most this much longer.
 */
const REMEMBER_LOCK_MS = 2_000;

export class Throttle {
  private lastPrune = 0;
  /**
   * Buckets the database found at their limit, with the instant each frees again. A refusal within that
   * time is answered from here without a query: a locked-out address flooding sign-ins costs no database
   * round trip (and no query objects to collect) per attempt. The database stays the shared truth — a
   * bucket is remembered only after it said so, for REMEMBER_LOCK_MS at most, and forgotten at once when
   * cleared here — so limits still hold across instances; another instance learns a lock from the database.
   */
  private readonly locked = new Map<string, { askAgainAt: number; freeAt: number }>();

  constructor(
    private readonly attempts: AuthAttemptsRepository,
    private readonly now: () => number,
  ) {}

  /** Refuses a login before the password is hashed; the right password does not get through either. */
  async checkLogin(email: string, ip: string): Promise<void> {
    const { pair, account, address } = loginBuckets(email, ip);
    const { perAccountAndAddress, perAccount, perAddress } = LOGIN_LIMITS;
    await this.refuseAtLimit(pair, perAccountAndAddress, TOO_MANY_LOGINS);
    await this.refuseAtLimit(address, perAddress, TOO_MANY_LOGINS);
    const since = this.now() - perAccount.windowMs;
    if ((await this.attempts.count(pair, since)) > 0) {
      await this.refuseAtLimit(account, perAccount, TOO_MANY_LOGINS);
    }
  }

  /** Records a failed login; true when this failure is the one that locks the account for this address. */
  async recordLoginFailure(email: string, ip: string): Promise<{ lockedNow: boolean }> {
    const { pair, account, address } = loginBuckets(email, ip);
    const now = this.now();
    await this.attempts.record([pair, account, address], now);
    await this.prune(now);
    const { max, windowMs } = LOGIN_LIMITS.perAccountAndAddress;
    return { lockedNow: (await this.attempts.count(pair, now - windowMs)) === max };
  }

  /** A success forgives this address's failures for this account. */
  async recordLoginSuccess(email: string, ip: string): Promise<void> {
    const { pair } = loginBuckets(email, ip);
    this.locked.delete(pair);
    await this.attempts.clear(pair);
  }

  /** Counts one request against a limit, refusing it (429) when the limit is already reached. */
  async take(bucket: string, limit: Limit, message = TOO_MANY_REQUESTS): Promise<void> {
    await this.refuseAtLimit(bucket, limit, message);
    await this.attempts.record([bucket], this.now());
  }

  /** Refuses when earlier failures in `bucket` reached the limit, without counting this request. */
  async check(bucket: string, limit: Limit, message = TOO_MANY_REQUESTS): Promise<void> {
    await this.refuseAtLimit(bucket, limit, message);
  }

  async recordFailure(bucket: string): Promise<void> {
    await this.attempts.record([bucket], this.now());
  }

  /** Forgets every counter naming this account (on deletion). */
  async forgetAccount(email: string, userId: string): Promise<void> {
    for (const bucket of this.locked.keys()) {
      if (bucket.includes(emailKey(email)) || bucket.includes(userId)) this.locked.delete(bucket);
    }
    await this.attempts.clearMatching(emailKey(email));
    await this.attempts.clearMatching(userId);
  }

  private async refuseAtLimit(bucket: string, limit: Limit, message: string): Promise<void> {
    const now = this.now();
    const remembered = this.locked.get(bucket);
    if (remembered) {
      if (remembered.askAgainAt > now) {
        throw identityErrors.tooMany(message, retryAfterSeconds(remembered.freeAt, now));
      }
      this.locked.delete(bucket);
    }
    const since = now - limit.windowMs;
    const oldestCounted = await this.attempts.nthNewest(bucket, limit.max, since);
    if (oldestCounted === undefined) return;
    // Free again once the max-th newest event leaves the window.
    const freeAt = oldestCounted + limit.windowMs;
    this.remember(bucket, freeAt, now);
    throw identityErrors.tooMany(message, retryAfterSeconds(freeAt, now));
  }

  private remember(bucket: string, freeAt: number, now: number): void {
    if (this.locked.size >= MAX_REMEMBERED_LOCKS) {
      for (const [key, lock] of this.locked) if (lock.askAgainAt <= now) this.locked.delete(key);
      // Still full of live locks: the oldest entry goes (it is asked of the database again, as before).
      if (this.locked.size >= MAX_REMEMBERED_LOCKS) this.locked.delete(this.locked.keys().next().value!);
    }
    this.locked.set(bucket, { askAgainAt: Math.min(freeAt, now + REMEMBER_LOCK_MS), freeAt });
  }

  private async prune(now: number): Promise<void> {
    if (now - this.lastPrune < 10 * MINUTE) return;
    this.lastPrune = now;
    await this.attempts.deleteOlderThan(now - 2 * HOUR);
  }
}

const retryAfterSeconds = (freeAt: number, now: number) => Math.max(1, Math.ceil((freeAt - now) / 1000));

function loginBuckets(email: string, ip: string) {
  const key = emailKey(email);
  return { pair: `login:pair:${key}|${ip}`, account: `login:acct:${key}`, address: `login:ip:${ip}` };
}
