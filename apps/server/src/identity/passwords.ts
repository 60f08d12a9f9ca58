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

/** Hashes and checks passwords; `verifyUnknown` spends the same time for an email with no account. */
export class Passwords {
  private dummyHash: Promise<string> | undefined;

  hash(password: string): Promise<string> {
    return hash(password, ARGON2_PARAMS);
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }

  /** Runs a full verification against a throwaway hash, so an unknown email costs what a known one does. */
  async verifyUnknown(password: string): Promise<false> {
    this.dummyHash ??= hash('not the password of anyone', ARGON2_PARAMS);
    await this.verify(await this.dummyHash, password);
    return false;
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
