import { analyticsConfigSchema, dataEnvelope } from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * `GET /api/analytics` (public): SPEC §9's analytics measurement id and where page views go, or
 * `{"enabled": false}` when the operator set no ANALYTICS_MEASUREMENT_ID. The web app asks for consent
 * only when enabled, and sends page views only after it.
 */
export const analyticsRoutes =
  (analytics: { measurementId: string; collectUrl: string } | undefined): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/analytics',
      {
        schema: {
          tags: ['health'],
          summary: 'Whether page-view analytics are configured (the web app asks for consent only then)',
          response: { 200: dataEnvelope(analyticsConfigSchema) },
        },
      },
      async () => ({
        data: analytics ? { enabled: true as const, ...analytics } : { enabled: false as const },
      }),
    );
  };
