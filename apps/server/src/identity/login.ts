import {
  dataEnvelope,
  loginRequestSchema,
  loginResultSchema,
  type LoginRequest,
  type LoginResult,
} from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientOf, type ClientInfo } from './client';
import { assertEmail, identityErrors } from './errors';
import type { Identity } from './identity';

/**
 * Signs in. Limits are checked before argon2 runs; an unknown email is verified against a dummy hash
 * so it costs the same, and (unless AUTH_DISTINCT_ERRORS) answers exactly like a wrong password. When a
 * second factor is due, the answer is an MFA challenge instead of a session (see mfa.ts).
 */
export async function login(
  identity: Identity,
  input: LoginRequest,
  client: ClientInfo,
): Promise<LoginResult> {
  const email = assertEmail(input.email);
  await identity.throttle.checkLogin(email, client.ip);
  const user = await identity.users.findByEmail(email);
  const valid = user
    ? await identity.passwords.verify(user.password_hash, input.password)
    : await identity.passwords.verifyUnknown(input.password);
  if (!user || !valid) {
    const { lockedNow } = await identity.throttle.recordLoginFailure(email, client.ip);
    if (user) {
      await identity.audit.record(user.id, 'login.failure', client);
      if (lockedNow) await identity.audit.record(user.id, 'login.locked', client);
    }
    if (!identity.config.authDistinctErrors) throw identityErrors.invalidCredential();
    throw user ? identityErrors.wrongPassword() : identityErrors.userNotFound();
  }
  return identity.mfa.afterPassword(user, client);
}

export const loginRoute =
  (identity: Identity): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/login',
      {
        schema: {
          tags: ['identity'],
          summary: 'Sign in with email and password (answers an MFA challenge when a second factor is due)',
          body: loginRequestSchema,
          response: { 200: dataEnvelope(loginResultSchema) },
        },
      },
      async (request) => ({ data: await login(identity, request.body, clientOf(request)) }),
    );
  };
