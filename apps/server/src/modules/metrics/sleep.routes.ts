import { dataEnvelope, sleepNightsRequestQuerySchema, sleepNightsSchema } from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database';
import { SleepService } from './sleep.service';
import { UserTimeZoneRepository } from './user-time-zone.repository';

const security = [{ bearerAuth: [] }];
const tags = ['metrics'];

/** Sleep night by night (issue 22): hypnograms and regularity. Registered by metricsRoutes. */
export const sleepRoutes =
  (db: Db, now: () => number): FastifyPluginAsyncZod =>
  async (app) => {
    const sleep = new SleepService(db, now);
    const zones = new UserTimeZoneRepository(db.kysely);

    app.get(
      '/sleep/nights',
      {
        config: { scope: 'metrics:read', caregiver: 'metrics' },
        schema: {
          tags,
          security,
          summary: "Each night's stretches asleep and stages, and how regular bedtime and wake time were",
          querystring: sleepNightsRequestQuerySchema,
          response: { 200: dataEnvelope(sleepNightsSchema) },
        },
      },
      async (request) => {
        const tz = request.query.tz ?? (await zones.get(request.userId)) ?? 'UTC';
        return { data: await sleep.nights(request.userId, request.query, tz) };
      },
    );
  };
