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
 * A personal access token (no sign-in session) never passes: those routes need a person at a browser.
 */
export const requireFreshFactor =
  (identity: Pick<Identity, 'mfa'>) =>
  async (request: FastifyRequest): Promise<void> => {
    if (!(await identity.mfa.isFresh(request.userId, sessionKeyOf(request))))
      throw mfaErrors.stepUpRequired();
  };
