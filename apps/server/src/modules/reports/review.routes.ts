import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dataEnvelope, idParamsSchema, importJobSchema, reportConfirmSchema } from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caregiversMay } from '../../http/caregiver-auth';
import type { ReviewService } from './review.service';

const security = [{ bearerAuth: [] }];
const tags = ['imports'];

/** The review of a lab or DEXA report import (DESIGN "Sources"): confirm, discard, the original PDF. */
export const reviewRoutes =
  (review: ReviewService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.authenticate);
    // Imports are part of managing sources: a caregiver with that permission may use them.
    caregiversMay(app, 'sources');

    app.post(
      '/imports/:id/confirm',
      {
        schema: {
          tags,
          security,
          summary: 'Write a report’s results, as read or corrected; only from needs_review (409 otherwise)',
          params: idParamsSchema,
          body: reportConfirmSchema,
          response: { 200: dataEnvelope(importJobSchema) },
        },
      },
      async (request) => ({ data: await review.confirm(request.userId, request.params.id, request.body) }),
    );

    app.delete(
      '/imports/:id',
      {
        schema: {
          tags,
          security,
          summary:
            'Discard an import waiting for review (or one that failed) and its file; nothing is written',
          params: idParamsSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await review.discard(request.userId, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/imports/:id/document',
      {
        schema: {
          tags,
          security,
          summary: 'The original PDF of a lab or DEXA report import',
          params: idParamsSchema,
          produces: ['application/pdf'],
        },
      },
      async (request, reply) => {
        const { path, fileName } = await review.document(request.userId, request.params.id);
        const { size } = await stat(path);
        const name = fileName.replace(/[^\w.\- ]/g, '_');
        return reply
          .header('content-type', 'application/pdf')
          .header('content-length', size)
          .header('content-disposition', `inline; filename="${name}"`)
          .header('cache-control', 'private, no-store')
          .send(createReadStream(path));
      },
    );
  };
