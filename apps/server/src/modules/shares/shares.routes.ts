import {
  dataEnvelope,
  idParamsSchema,
  shareCreatedSchema,
  shareInputSchema,
  shareListSchema,
  shlCreatedSchema,
  shlInputSchema,
} from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Identity } from '../../identity/identity';
import { requireFreshFactor } from '../../identity/step-up';
import type { SharesService } from './shares.service';
import type { ShlService } from './shl.service';

const security = [{ bearerAuth: [] }];
const tags = ['shares'];

/** The owner's side of shares with a clinician (DESIGN "Shares"). */
export const sharesRoutes =
  (shares: SharesService, shl: ShlService, identity: Pick<Identity, 'mfa'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.authenticate);
    // Handing data to someone else asks for a second factor verified in the last minutes (issue 24 step-up).
    const fresh = requireFreshFactor(identity);

    app.post(
      '/shares',
      {
        preHandler: fresh,
        schema: {
          tags,
          security,
          summary: 'Share chosen sections and a period with a named recipient, by a link that expires',
          body: shareInputSchema,
          response: { 201: dataEnvelope(shareCreatedSchema) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await shares.create(request.userId, request.body) }),
    );

    app.get(
      '/shares',
      {
        schema: {
          tags,
          security,
          summary: 'Every share, newest first, with each time it was opened',
          response: { 200: dataEnvelope(shareListSchema) },
        },
      },
      async (request) => ({ data: { items: await shares.list(request.userId) } }),
    );

    app.delete(
      '/shares/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Revoke a share: its link stops working at once',
          params: idParamsSchema,
        },
      },
      async (request, reply) => {
        await shares.revoke(request.userId, request.params.id);
        return reply.status(204).send();
      },
    );

    app.post(
      '/shares/:id/shl',
      {
        preHandler: fresh,
        schema: {
          tags,
          security,
          summary: 'Hand a share over as a SMART Health Link (shlink:/ URI and QR code)',
          params: idParamsSchema,
          body: shlInputSchema.optional(),
          response: { 201: dataEnvelope(shlCreatedSchema) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ data: await shl.create(request.userId, request.params.id, request.body?.passcode) }),
    );
  };
