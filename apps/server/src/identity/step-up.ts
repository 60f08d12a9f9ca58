import type { FastifyRequest } from 'fastify';
import type { Identity } from './identity';
import { mfaErrors, sessionKeyOfToken } from './mfa';

const BEARER = /^Bearer (\S+)$/;

/** The sign-in session of an authenticated request (see `sessionKeyOfToken`). */
export function sessionKeyOf(request: FastifyRequest): string | undefined {
  return sessionKeyOfToken(BEARER.exec(request.headers.authorization ?? '')?.[1]);
}

/**
 * preHandler for sensitive routes (export, account deletion, MFA changes, shares, API tokens): answers
 * 403 `auth/step-up-required` unless this session verified a factor in the last five minutes — by
 * signing in, or with `POST /api/identity/mfa/step-up`. Put it after `app.authenticate`:
 *
 * @example app.delete('/x', { onRequest: app.authenticate, preHandler: requireFreshFactor(identity) }, handler)
 *
 * A personal access token has no sign-in session: it reaches such a route only when the route declares a
 * scope the token holds (`export`), and the token itself was made after a fresh factor — it passes.
 * Routes without a scope (account deletion, MFA, tokens) refuse tokens before this runs.
 */
export const requireFreshFactor =
  (identity: Pick<Identity, 'mfa'>) =>
  async (request: FastifyRequest): Promise<void> => {
    if (request.apiToken) return;
    if (!(await identity.mfa.isFresh(request.userId, sessionKeyOf(request))))
      throw mfaErrors.stepUpRequired();
  };
