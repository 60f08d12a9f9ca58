import { randomBytes, randomUUID } from 'node:crypto';
import { defaultSettings } from '@healthfolio/core';
import { identityErrors } from './errors';
import type { Identity } from './identity';
import { assertAcceptablePassword } from './passwords';
import type { UserRow } from './users.repository';

export interface NewAccount {
  email: string;
  password: string;
  name: string;
  emailVerified: boolean;
}

/**
 * Creates a user: the one path for sign-up, invitations, `npm run user:create` and the demo seed.
 * The email must already be normalised (trimmed, lower case) and valid.
 */
export async function createAccount(identity: Identity, account: NewAccount): Promise<UserRow> {
  assertAcceptablePassword(account.password);
  if (await identity.users.findByEmail(account.email)) throw identityErrors.emailInUse();
  const now = identity.now();
  const passwordHash = await identity.passwords.hash(account.password);
  const id = randomUUID();
  try {
    await identity.users.insert({
      id,
      email: account.email,
      name: account.name,
      password_hash: passwordHash,
      email_verified: account.emailVerified ? 1 : 0,
      settings: JSON.stringify(defaultSettings()),
      created_at: now,
      updated_at: now,
      tokens_valid_after: now,
    });
  } catch (error) {
    // Lost a race with another sign-up for the same address (unique index).
    if (await identity.users.findByEmail(account.email)) throw identityErrors.emailInUse();
    throw error;
  }
  const user = await identity.users.findById(id);
  if (!user) throw new Error('user vanished after insert');
  return user;
}

/** A password to print once, for accounts made by the operator: 18 random bytes, 24 characters. */
export const generatePassword = () => randomBytes(18).toString('base64url');

/**
 * Sets a new password and ends every session: the session version moves on (voiding access tokens)
 * and every refresh token is revoked.
 */
export async function replacePassword(
  identity: Identity,
  user: UserRow,
  newPassword: string,
): Promise<UserRow> {
  assertAcceptablePassword(newPassword);
  const passwordHash = await identity.passwords.hash(newPassword);
  const now = identity.now();
  const version = Math.max(now, user.tokens_valid_after + 1);
  await identity.users.setPassword(user.id, passwordHash, version, now);
  await identity.sessions.endAll(user.id);
  return { ...user, password_hash: passwordHash, tokens_valid_after: version, updated_at: now };
}
