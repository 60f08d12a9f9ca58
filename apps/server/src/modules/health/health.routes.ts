import { dataEnvelope, healthResponseSchema, readyResponseSchema } from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isReachable, type Db } from '../../db/database';
import type { JobQueue } from '../../jobs';
import type { Lifecycle } from '../../startup/shutdown';

export const healthRoutes =
  (db: Db, version: string, lifecycle: Lifecycle, jobs: JobQueue): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['system'],
          response: { 200: dataEnvelope(healthResponseSchema), 503: dataEnvelope(healthResponseSchema) },
        },
      },
      async (_request, reply) => {
        const reachable = await isReachable(db);
        const data = {
          status: reachable ? ('ok' as const) : ('degraded' as const),
          database: { dialect: db.dialect, reachable },
          version,
          uptimeSeconds: Math.round(process.uptime()),
        };
        return reply.status(reachable ? 200 : 503).send({ data });
      },
    );

    // Readiness, for a load balancer or an orchestrator: liveness stays /health.
    app.get(
      '/ready',
      {
        schema: {
          tags: ['system'],
          response: { 200: dataEnvelope(readyResponseSchema), 503: dataEnvelope(readyResponseSchema) },
        },
      },
      async (_request, reply) => {
        const [reachable, queueReachable] = await Promise.all([isReachable(db), jobs.reachable()]);
        const ready = reachable && queueReachable && !lifecycle.draining;
        const data = {
          status: ready ? ('ready' as const) : ('not-ready' as const),
          database: { reachable },
          queue: { reachable: queueReachable },
          migrations: 'done' as const,
          draining: lifecycle.draining,
        };
        return reply.status(ready ? 200 : 503).send({ data });
      },
    );
  };
