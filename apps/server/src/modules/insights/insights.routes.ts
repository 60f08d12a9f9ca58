import { dataEnvelope, insightListSchema, insightSchema, insightsQuerySchema } from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { InsightJobs } from '../../jobs/insight-jobs';
import type { InsightsService } from './insights.service';

const security = [{ bearerAuth: [] }];
const tags = ['insights'];
const idParams = z.object({ id: z.string().min(1).max(64) });

/** DESIGN "Insights": computed on the server from the user's own data; dismissed ones stay dismissed. */
export const insightsRoutes =
  (insights: InsightsService, jobs: InsightJobs): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.authenticate);

    app.get(
      '/insights',
      {
        config: { scope: 'insights:read' },
        schema: {
          tags,
          security,
          summary: 'Standing insights, newest first; `all` (the default) means no filter',
          querystring: insightsQuerySchema,
          response: { 200: dataEnvelope(insightListSchema) },
        },
      },
      async (request) => {
        await jobs.firstRun(request.userId);
        const items = await insights.list(request.userId, request.query);
        // An empty list says how much data there is against what the first insights need.
        if (items.length > 0) return { data: { items } };
        return { data: { items, coverage: await insights.coverage(request.userId) } };
      },
    );

    app.post(
      '/insights/refresh',
      {
        schema: {
          tags,
          security,
          summary: 'Run the insight engine over your data now, and answer the standing insights',
          response: { 200: dataEnvelope(insightListSchema) },
        },
      },
      async (request) => {
        await jobs.runNow(request.userId);
        const items = await insights.list(request.userId, { type: 'all', severity: 'all' });
        if (items.length > 0) return { data: { items } };
        return { data: { items, coverage: await insights.coverage(request.userId) } };
      },
    );

    app.post(
      '/insights/:id/dismiss',
      {
        schema: {
          tags,
          security,
          summary: 'Dismiss an insight; it stays dismissed when the same finding comes back',
          params: idParams,
          response: { 200: dataEnvelope(insightSchema) },
        },
      },
      async (request) => ({ data: await insights.dismiss(request.userId, request.params.id) }),
    );
  };
