import os from 'node:os';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@healthfolio/core';
import { AppError } from '../http/errors';

/**
 * argon2id with OWASP's minimum (m = 19 MiB, t = 2, p = 1). Changing these only affects new hashes:
 * each stored hash carries its own parameters, so old ones keep verifying.
 */
export const ARGON2_PARAMS = {
  algorithm: 2 as Algorithm, // Argon2id (a const enum, which isolatedModules cannot import)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const satisfies Options;

/**
 * How many argon2 runs may hold libuv's thread pool at once: one per core, and always at least one of the
 * pool's threads (4 unless UV_THREADPOOL_SIZE says otherwise) left for everything else that runs there.
 * Without the gate, 50 sign-ins at once queue 50 argon2 runs in the pool, and each sign-in's own next
 * step on that pool — signing its access token (WebCrypto), file reads — waits behind all 50: every
 * sign-in then answered when the last hash was done (p50 ≈ p95 ≈ the whole burst, 3 s on 2 cores).
 * With the gate, hashes wait in this queue in order instead, and each sign-in answers after its own.
 */
export const ARGON2_CONCURRENCY = Math.max(
  1,
  Math.min(os.availableParallelism(), Number(process.env.UV_THREADPOOL_SIZE ?? 4) - 1),
);

/** Hashes and checks passwords; `verifyUnknown` spends the same time for an email with no account. */
export class Passwords {
  private dummyHash: Promise<string> | undefined;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly concurrency = ARGON2_CONCURRENCY) {}

  hash(password: string): Promise<string> {
    return this.gated(() => hash(password, ARGON2_PARAMS));
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await this.gated(() => verify(passwordHash, password));
    } catch {
      return false;
    }
  }

  /** Runs a full verification against a throwaway hash, so an unknown email costs what a known one does. */
  async verifyUnknown(password: string): Promise<false> {
    this.dummyHash ??= this.hash('not the password of anyone');
    await this.verify(await this.dummyHash, password);
    return false;
  }

  /** Runs `work` when fewer than `concurrency` runs hold the pool, first come first served. */
  private async gated<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** SPEC §5 and §8: at least 6 characters; more than 1024 is refused before anything is hashed. */
export function assertAcceptablePassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new AppError('auth/weak-password', 'Password should be at least 6 characters');
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    throw new AppError('auth/weak-password', `Password should be at most ${PASSWORD_MAX_LENGTH} characters`);
  }
}
