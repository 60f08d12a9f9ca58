import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Identity } from './identity';
import { jwksRoute } from './jwks';
import { loginRoute } from './login';
import { logoutRoute } from './logout';
import { mfaRoutes } from './mfa.routes';
import { passwordResetRoutes } from './password-reset';
import { refreshRoute } from './refresh';
import { sessionListRoutes } from './session-list';
import { signupRoute } from './signup';
import { verificationRoutes } from './verification';

/** The embedded identity service, under /api/identity (DESIGN.md "Identity"). */
export const identityRoutes =
  (identity: Identity): FastifyPluginAsyncZod =>
  async (app) => {
    for (const route of [
      signupRoute,
      loginRoute,
      logoutRoute,
      refreshRoute,
      passwordResetRoutes,
      verificationRoutes,
      jwksRoute,
      mfaRoutes,
      sessionListRoutes,
    ]) {
      await app.register(route(identity));
    }
  };
