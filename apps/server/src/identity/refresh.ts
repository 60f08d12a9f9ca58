import { dataEnvelope, refreshRequestSchema, sessionSchema } from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientOf } from './client';
import type { Identity } from './identity';

/** Trades a refresh token for a new pair; see Sessions for rotation, reuse detection and the grace window. */
export const refreshRoute =
  (identity: Identity): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/refresh',
      {
        schema: {
          tags: ['identity'],
          summary: 'Rotate the refresh token and get a new access token',
          body: refreshRequestSchema,
          response: { 200: dataEnvelope(sessionSchema) },
        },
      },
      async (request) => ({
        data: await identity.sessions.refresh(request.body.refreshToken, clientOf(request)),
      }),
    );
  };
