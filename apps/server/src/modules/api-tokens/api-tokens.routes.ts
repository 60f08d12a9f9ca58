import {
  apiTokenCreatedSchema,
  apiTokenCreateSchema,
  apiTokenIdParamsSchema,
  apiTokenListSchema,
  apiTokenRevokedSchema,
  dataEnvelope,
} from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientOf } from '../../identity/client';
import type { Identity } from '../../identity/identity';
import { requireFreshFactor } from '../../identity/step-up';
import type { ApiTokensService } from './api-tokens.service';

const security = [{ bearerAuth: [] }];
const tags = ['api tokens'];

/**
 * Personal access tokens (DESIGN "Contracts added for issues 10–16"). These routes declare no scope:
 * a token can neither list nor make nor revoke tokens, only a browser session can.
 */
export const apiTokensRoutes =
  (tokens: ApiTokensService, identity: Pick<Identity, 'mfa'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.authenticate);

    app.get(
      '/tokens',
      {
        schema: {
          tags,
          security,
          summary: 'The live personal access tokens (never the tokens themselves)',
          response: { 200: dataEnvelope(apiTokenListSchema) },
        },
      },
      async (request) => ({ data: await tokens.list(request.userId) }),
    );

    app.post(
      '/tokens',
      {
        // A token outlives the session: making one asks for a factor verified in the last minutes.
        preHandler: requireFreshFactor(identity),
        schema: {
          tags,
          security,
          summary: 'Create a personal access token; the token is in this answer only',
          body: apiTokenCreateSchema,
          response: { 201: dataEnvelope(apiTokenCreatedSchema) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ data: await tokens.create(request.userId, request.body, clientOf(request)) }),
    );

    app.delete(
      '/tokens/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Revoke a personal access token: it answers 401 from now on',
          params: apiTokenIdParamsSchema,
          response: { 200: dataEnvelope(apiTokenRevokedSchema) },
        },
      },
      async (request) => {
        await tokens.revoke(request.userId, request.params.id, clientOf(request));
        return { data: { id: request.params.id, revoked: true as const } };
      },
    );
  };
