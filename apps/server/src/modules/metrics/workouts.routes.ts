import {
  dataEnvelope,
  sampleIdParamsSchema,
  workoutDetailSchema,
  workoutListSchema,
  workoutsQuerySchema,
} from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database';
import { WorkoutsService } from './workouts.service';

const security = [{ bearerAuth: [] }];
const tags = ['metrics'];

/** Workouts (issue 22): the list by date, and one with its heart-rate zones and track. Registered by metricsRoutes. */
export const workoutsRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const workouts = new WorkoutsService(db);

    app.get(
      '/workouts',
      {
        config: { scope: 'metrics:read', caregiver: 'metrics' },
        schema: {
          tags,
          security,
          summary: 'Workouts, newest first, with distance, energy and heart rate',
          querystring: workoutsQuerySchema,
          response: { 200: dataEnvelope(workoutListSchema) },
        },
      },
      async (request) => ({ data: await workouts.list(request.userId, request.query) }),
    );

    app.get(
      '/workouts/:id',
      {
        config: { scope: 'metrics:read', caregiver: 'metrics' },
        schema: {
          tags,
          security,
          summary:
            'One workout: heart-rate zones, and its track (route, pace, elevation) when a file gave one',
          params: sampleIdParamsSchema,
          response: { 200: dataEnvelope(workoutDetailSchema) },
        },
      },
      async (request) => ({ data: await workouts.detail(request.userId, request.params.id) }),
    );
  };
