import {
  createdWebhookSchema,
  dataEnvelope,
  idParamsSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookInputSchema,
  webhookListSchema,
} from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebhooksService } from './webhooks.service';

const security = [{ bearerAuth: [] }];
const tags = ['webhooks'];

/** Outgoing webhooks (DESIGN "Contracts added for issues 10–16"); another's id answers 404. */
export const webhooksRoutes =
  (webhooks: WebhooksService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.authenticate);

    app.post(
      '/webhooks',
      {
        schema: {
          tags,
          security,
          summary: 'Add a webhook; its signing secret (whsec_…) is answered this once',
          body: webhookInputSchema,
          response: { 201: dataEnvelope(createdWebhookSchema) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await webhooks.create(request.userId, request.body) }),
    );

    app.get(
      '/webhooks',
      {
        schema: {
          tags,
          security,
          summary: 'The webhooks, each with its last delivery',
          response: { 200: dataEnvelope(webhookListSchema) },
        },
      },
      async (request) => ({ data: await webhooks.list(request.userId) }),
    );

    app.get(
      '/webhooks/:id/deliveries',
      {
        schema: {
          tags,
          security,
          summary: "A webhook's delivery log, newest first",
          params: idParamsSchema,
          response: { 200: dataEnvelope(webhookDeliveryListSchema) },
        },
      },
      async (request) => ({ data: await webhooks.deliveries(request.userId, request.params.id) }),
    );

    app.post(
      '/webhooks/:id/test',
      {
        schema: {
          tags,
          security,
          summary: 'Send a test event (webhook.test)',
          params: idParamsSchema,
          response: { 202: dataEnvelope(webhookDeliverySchema) },
        },
      },
      async (request, reply) =>
        reply.status(202).send({ data: await webhooks.test(request.userId, request.params.id) }),
    );

    app.delete(
      '/webhooks/:id',
      {
        schema: { tags, security, summary: 'Delete a webhook and its delivery log', params: idParamsSchema },
      },
      async (request, reply) => {
        await webhooks.remove(request.userId, request.params.id);
        return reply.status(204).send();
      },
    );
  };
