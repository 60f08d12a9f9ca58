import { dataEnvelope, waitlistRequestSchema, waitlistResponseSchema } from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WaitlistService } from './waitlist.service';

export const waitlistRoutes =
  (service: WaitlistService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/waitlist',
      {
        schema: {
          tags: ['waitlist'],
          summary: 'Join the waitlist (stored once per email)',
          body: waitlistRequestSchema,
          response: { 201: dataEnvelope(waitlistResponseSchema) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.join(request.body, request.ip) }),
    );
  };
