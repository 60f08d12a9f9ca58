import {
  accountDeletedSchema,
  completeRegistrationSchema,
  dataEnvelope,
  profileUpdateSchema,
  userProfileSchema,
} from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Identity } from '../../identity/identity';
import { requireFreshFactor } from '../../identity/step-up';
import type { AccountService } from './account.service';

const security = [{ bearerAuth: [] }];

/** SPEC §7 "Auth": the signed-in user's profile and account. */
export const accountRoutes =
  (service: AccountService, identity: Pick<Identity, 'mfa'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.authenticate);

    app.post(
      '/auth/complete-registration',
      {
        schema: {
          tags: ['account'],
          summary: 'Set the display name after sign-up',
          security,
          body: completeRegistrationSchema,
          response: { 200: dataEnvelope(userProfileSchema) },
        },
      },
      async (request) => ({ data: await service.updateProfile(request.userId, { name: request.body.name }) }),
    );

    app.get(
      '/auth/me',
      {
        schema: {
          tags: ['account'],
          summary: 'The signed-in user’s profile',
          security,
          response: { 200: dataEnvelope(userProfileSchema) },
        },
      },
      async (request) => ({ data: await service.profile(request.userId) }),
    );

    for (const url of ['/auth/profile', '/user/profile']) {
      app.put(
        url,
        {
          schema: {
            tags: ['account'],
            summary: 'Update the name and/or settings',
            security,
            body: profileUpdateSchema,
            response: { 200: dataEnvelope(userProfileSchema) },
          },
        },
        async (request) => ({ data: await service.updateProfile(request.userId, request.body) }),
      );
    }

    for (const url of ['/auth/account', '/settings/account']) {
      app.delete(
        url,
        {
          // Deleting everything asks for a fresh factor (issue 24 step-up).
          preHandler: requireFreshFactor(identity),
          schema: {
            tags: ['account'],
            summary: 'Delete the account and everything in it',
            security,
            response: { 200: dataEnvelope(accountDeletedSchema) },
          },
        },
        async (request) => {
          await service.deleteAccount(request.userId);
          // The audit log went with the account; the operator's log keeps that it happened.
          request.log.info({ userId: request.userId }, 'account deleted');
          return { data: { deleted: true as const } };
        },
      );
    }
  };
