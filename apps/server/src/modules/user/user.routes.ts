import { dataEnvelope, userDataSourcesSchema } from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { UserDataSourcesRepository } from './user-data-sources.repository';

const security = [{ bearerAuth: [] }];

/** SPEC §7 "User": the source kinds a user picked (`PUT /user/profile` lives with the account routes). */
export const userRoutes =
  (repo: UserDataSourcesRepository, now: () => number): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.authenticate);

    app.get(
      '/user/data-sources',
      {
        schema: {
          tags: ['user'],
          summary: 'The source kinds the user chose',
          security,
          response: { 200: dataEnvelope(userDataSourcesSchema) },
        },
      },
      async (request) => ({ data: { dataSources: await repo.list(request.userId) } }),
    );

    app.post(
      '/user/data-sources',
      {
        schema: {
          tags: ['user'],
          summary: 'Replace the source kinds the user chose',
          security,
          body: userDataSourcesSchema,
          response: { 200: dataEnvelope(userDataSourcesSchema) },
        },
      },
      async (request) => {
        const kinds = [...new Set(request.body.dataSources)];
        await repo.replace(request.userId, kinds, now());
        return { data: { dataSources: await repo.list(request.userId) } };
      },
    );
  };
