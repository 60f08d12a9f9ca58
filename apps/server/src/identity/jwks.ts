import { jwksSchema } from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Identity } from './identity';

/** The public signing keys as a plain JWKS (no envelope), so any JOSE library can verify our tokens. */
export const jwksRoute =
  (identity: Identity): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/jwks',
      {
        schema: {
          tags: ['identity'],
          summary: 'Public keys of the access tokens',
          response: { 200: jwksSchema },
        },
      },
      async (_request, reply) => {
        void reply.header('cache-control', 'public, max-age=300');
        return identity.tokens.jwks();
      },
    );
  };
