import type { Session } from '@healthfolio/core';
import { replacePassword } from './accounts';
import type { ClientInfo } from './client';
import { identityErrors } from './errors';
import type { Identity } from './identity';
import { assertAcceptablePassword } from './passwords';
import { REQUEST_LIMITS } from './throttle';

/**
 * Changes the password of a signed-in user after checking the current one. Every session ends —
 * other devices are signed out — and the caller gets a fresh session in the answer.
 * A wrong current password is a 400, not a 401: the client must not take it for an ended session.
 */
export async function changePassword(
  identity: Identity,
  userId: string,
  input: { currentPassword: string; newPassword: string },
  client: ClientInfo,
): Promise<Session> {
  const user = await identity.users.findById(userId);
  if (!user) throw identityErrors.sessionExpired();
  const bucket = `pwchange:user:${user.id}`;
  await identity.throttle.check(bucket, REQUEST_LIMITS.passwordChangeFailuresPerUser);
  assertAcceptablePassword(input.newPassword);
  if (!(await identity.passwords.verify(user.password_hash, input.currentPassword))) {
    await identity.throttle.recordFailure(bucket);
    throw identityErrors.wrongPassword(400);
  }
  const updated = await replacePassword(identity, user, input.newPassword);
  await identity.audit.record(user.id, 'password.changed', client);
  return identity.sessions.start(updated, client);
}
