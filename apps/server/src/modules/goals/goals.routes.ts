import { dataEnvelope, goalInputSchema, goalListSchema, goalSchema, idParamsSchema } from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { GoalsService } from './goals.service';

const security = [{ bearerAuth: [] }];
const tags = ['goals'];

/** Goals on any metric kind (issue "Insights and goals"); a changed goal re-runs the insights. */
export const goalsRoutes =
  (goals: GoalsService, onChange: (userId: string) => void): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.authenticate);

    app.get(
      '/goals',
      {
        config: { scope: 'insights:read' },
        schema: {
          tags,
          security,
          summary: 'The goals, each with progress, streaks and a prediction',
          response: { 200: dataEnvelope(goalListSchema) },
        },
      },
      async (request) => ({ data: { items: await goals.list(request.userId) } }),
    );

    app.post(
      '/goals',
      {
        schema: {
          tags,
          security,
          summary: 'Set a goal: a target on a metric, daily, weekly or by a date',
          body: goalInputSchema,
          response: { 201: dataEnvelope(goalSchema) },
        },
      },
      async (request, reply) => {
        const goal = await goals.create(request.userId, request.body);
        onChange(request.userId);
        return reply.status(201).send({ data: goal });
      },
    );

    app.put(
      '/goals/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Change a goal',
          params: idParamsSchema,
          body: goalInputSchema,
          response: { 200: dataEnvelope(goalSchema) },
        },
      },
      async (request) => {
        const goal = await goals.update(request.userId, request.params.id, request.body);
        onChange(request.userId);
        return { data: goal };
      },
    );

    app.delete(
      '/goals/:id',
      { schema: { tags, security, summary: 'Delete a goal', params: idParamsSchema } },
      async (request, reply) => {
        await goals.remove(request.userId, request.params.id);
        onChange(request.userId);
        return reply.status(204).send();
      },
    );
  };
