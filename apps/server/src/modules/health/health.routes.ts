import { dataEnvelope, healthResponseSchema } from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isReachable, type Db } from '../../db/database';

export const healthRoutes =
  (db: Db, version: string): FastifyPluginAsyncZod =>
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
  };
