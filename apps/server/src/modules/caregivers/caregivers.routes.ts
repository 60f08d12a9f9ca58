import {
  caregiverIdParamsSchema,
  caregiverInviteSchema,
  caregiverGivenSchema,
  caregiverListSchema,
  caregiverReceivedSchema,
  dataEnvelope,
} from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientOf } from '../../identity/client';
import type { Identity } from '../../identity/identity';
import { requireFreshFactor } from '../../identity/step-up';
import type { CaregiversService } from './caregivers.service';

const security = [{ bearerAuth: [] }];
const tags = ['caregivers'];

/**
 * Caregivers (DESIGN "Caregivers"). These routes declare no caregiver permission: they are the
 * account's own, never reachable with `X-Person-Id`, nor with an API token (no scope).
 */
export const caregiversRoutes =
  (caregivers: CaregiversService, identity: Pick<Identity, 'mfa'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.authenticate);

    app.post(
      '/caregivers',
      {
        // Opening one's data to another account asks for a factor verified in the last minutes, as shares do.
        preHandler: requireFreshFactor(identity),
        schema: {
          tags,
          security,
          summary: 'Invite another account, by email, as a caregiver with chosen permissions',
          body: caregiverInviteSchema,
          response: { 201: dataEnvelope(caregiverGivenSchema) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ data: await caregivers.invite(request.userId, request.body, clientOf(request)) }),
    );

    app.get(
      '/caregivers',
      {
        schema: {
          tags,
          security,
          summary: 'The grants you gave and the ones you received (invitations to your verified address)',
          response: { 200: dataEnvelope(caregiverListSchema) },
        },
      },
      async (request) => ({ data: await caregivers.list(request.userId) }),
    );

    app.post(
      '/caregivers/:id/accept',
      {
        schema: {
          tags,
          security,
          summary: 'Accept an invitation made to your address',
          params: caregiverIdParamsSchema,
          response: { 200: dataEnvelope(caregiverReceivedSchema) },
        },
      },
      async (request) => ({
        data: await caregivers.accept(request.userId, request.params.id, clientOf(request)),
      }),
    );

    app.delete(
      '/caregivers/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Revoke a grant, from either side (declining an invitation too); it stops at once',
          params: caregiverIdParamsSchema,
        },
      },
      async (request, reply) => {
        await caregivers.revoke(request.userId, request.params.id, clientOf(request));
        return reply.status(204).send();
      },
    );
  };
