import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiTokensService } from '../modules/api-tokens';
import type { CaregiversService } from '../modules/caregivers';
import { actForPerson, personOf } from './caregiver-auth';
import { AppError } from './errors';
import { authenticateApiToken, isApiToken } from './token-auth';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's id; set by `app.authenticate`, empty on routes without it. */
    userId: string;
    /** The sign-in session (refresh-token family) of the access token; empty on routes without auth. */
    sessionId: string;
  }
  interface FastifyInstance {
    /**
     * onRequest hook for routes that need a signed-in user: verifies the bearer access token and sets
     * `request.userId`, or answers 401 `unauthorized` in the envelope (the web client then goes to /login).
     * As an onRequest hook it runs before the body is read or validated, so strangers learn nothing.
     *
     * @example app.get('/settings', { onRequest: app.authenticate, schema }, (request) => service.get(request.userId))
     * @example app.addHook('onRequest', app.authenticate) // every route of a module
     */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** Anything that turns an access token into its user and session, or throws a 401 AppError (identity's AccessTokens). */
export interface AccessTokenVerifier {
  verify(token: string): Promise<{ userId: string; sessionId: string }>;
}

const BEARER = /^Bearer ([A-Za-z0-9_.~+/=-]+)$/;

/** Registers `app.authenticate` and `request.userId`; call before any route module that uses them. */
export function registerAuth(
  app: FastifyInstance,
  verifier: AccessTokenVerifier,
  /** Personal access tokens (`hf_pat_…`), accepted on routes that declare a scope. */
  apiTokens?: ApiTokensService,
  /** Caregivers: a request with `X-Person-Id` acts for that person within their grant (http/caregiver-auth.ts). */
  caregivers?: Pick<CaregiversService, 'actFor'>,
): void {
  app.decorateRequest('userId', '');
  app.decorateRequest('sessionId', '');
  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    const token = match?.[1];
    try {
      if (!token) throw new AppError('unauthorized', 'Sign in to continue.');
      if (apiTokens && isApiToken(token)) {
        await authenticateApiToken(apiTokens, request, token);
      } else {
        const verified = await verifier.verify(token);
        request.userId = verified.userId;
        request.sessionId = verified.sessionId;
      }
    } catch (error) {
      void reply.header('www-authenticate', token ? 'Bearer error="invalid_token"' : 'Bearer');
      throw error;
    }
    const person = personOf(request);
    if (person && caregivers) await actForPerson(caregivers, request, person);
  });
}
