import { dataEnvelope, onboardingStatusSchema } from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OnboardingService } from './onboarding.service';

/** `GET /api/onboarding`: the Dashboard's first-run checklist. Put away with `PUT /api/settings`. */
export const onboardingRoutes =
  (onboarding: OnboardingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.authenticate);
    app.get(
      '/onboarding',
      {
        schema: {
          tags: ['settings'],
          summary: 'The first-run checklist: which steps this account has done, and whether it was put away',
          security: [{ bearerAuth: [] }],
          response: { 200: dataEnvelope(onboardingStatusSchema) },
        },
      },
      async (request) => ({ data: await onboarding.status(request.userId) }),
    );
  };
