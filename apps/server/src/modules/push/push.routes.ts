import {
  dataEnvelope,
  pushStatusSchema,
  pushSubscribedSchema,
  pushSubscriptionInputSchema,
  pushTestResultSchema,
  pushUnsubscribeSchema,
} from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pushMessages, type PushService } from './push.service';

const security = [{ bearerAuth: [] }];
const tags = ['notifications'];

/** Web Push: the server's key, a browser's subscription, a test message (issue 22). */
export const pushRoutes =
  (push: PushService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.authenticate);

    app.get(
      '/push',
      {
        schema: {
          tags,
          security,
          summary:
            'The VAPID public key to subscribe with, and the endpoints of this person’s subscribed browsers',
          response: { 200: dataEnvelope(pushStatusSchema) },
        },
      },
      async (request) => ({ data: await push.status(request.userId) }),
    );

    app.post(
      '/push/subscriptions',
      {
        schema: {
          tags,
          security,
          summary: 'Subscribe this browser (the PushSubscription’s JSON)',
          body: pushSubscriptionInputSchema,
          response: { 201: dataEnvelope(pushSubscribedSchema) },
        },
      },
      async (request, reply) => {
        await push.subscribe(request.userId, request.body);
        return reply.status(201).send({ data: { subscribed: true } });
      },
    );

    app.delete(
      '/push/subscriptions',
      {
        schema: {
          tags,
          security,
          summary: 'Unsubscribe a browser by its endpoint',
          body: pushUnsubscribeSchema,
        },
      },
      async (request, reply) => {
        await push.unsubscribe(request.userId, request.body.endpoint);
        return reply.status(204).send();
      },
    );

    app.post(
      '/push/test',
      {
        schema: {
          tags,
          security,
          summary: 'Send a test notification to every subscribed browser of this person',
          response: {
            200: dataEnvelope(pushTestResultSchema),
          },
        },
      },
      async (request) => ({ data: await push.send(request.userId, pushMessages.test()) }),
    );
  };
