import {
  dataEnvelope,
  idParamsSchema,
  insightListSchema,
  insightSchema,
  insightsQuerySchema,
} from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { InsightsService } from './insights.service';

/**
 * The insight runs the routes ask for: jobs/insight-jobs.ts's InsightJobs, handed in by app.ts — the jobs
 * sit above the modules, so a module names what it needs instead of importing them.
 */
export interface InsightRuns {
  /** Runs the engine if it never ran for the person. */
  firstRun(userId: string): Promise<void>;
  /** Runs now and resolves when done. */
  runNow(userId: string): Promise<void>;
}

const security = [{ bearerAuth: [] }];
const tags = ['insights'];

/** DESIGN "Insights": computed on the server from the user's own data; dismissed ones stay dismissed. */
export const insightsRoutes =
  (insights: InsightsService, jobs: InsightRuns): FastifyPluginAsyncZod =>
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
          params: idParamsSchema,
          response: { 200: dataEnvelope(insightSchema) },
        },
      },
      async (request) => ({ data: await insights.dismiss(request.userId, request.params.id) }),
    );
  };
