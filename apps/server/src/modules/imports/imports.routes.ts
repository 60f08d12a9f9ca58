import multipart from '@fastify/multipart';
import {
  dataEnvelope,
  idParamsSchema,
  importFormatsSchema,
  importJobSchema,
  importListSchema,
  importUploadQuerySchema,
} from '@healthfolio/core';
import { supportedFormats } from '@healthfolio/importers';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caregiversMay } from '../../http/caregiver-auth';
import type { ImportsService } from './imports.service';
import { receiveUpload } from './receive-upload';

const security = [{ bearerAuth: [] }];
const tags = ['imports'];

/** DESIGN "Sources": uploads go to disk as they arrive, then the import runs in the background. */
export const importsRoutes =
  (imports: ImportsService, maxBytes: number): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 4, parts: 5 } });
    app.addHook('onRequest', app.authenticate);
    // Imports are part of managing sources: a caregiver with that permission may use them.
    caregiversMay(app, 'sources');

    app.post(
      '/imports',
      {
        schema: {
          tags,
          security,
          summary:
            'Upload an export file (multipart field `file`, optional `kind`); answers 202 with the import',
          consumes: ['multipart/form-data'],
          querystring: importUploadQuerySchema,
          response: { 202: dataEnvelope(importJobSchema) },
        },
      },
      async (request, reply) => {
        const job = await receive(request, imports, maxBytes, request.query.kind);
        return reply.status(202).send({ data: job });
      },
    );

    app.get(
      '/imports/formats',
      {
        schema: {
          tags,
          security,
          summary: 'The file formats we import',
          response: { 200: dataEnvelope(importFormatsSchema) },
        },
      },
      async () => ({ data: { formats: supportedFormats() } }),
    );

    app.get(
      '/imports',
      {
        schema: {
          tags,
          security,
          summary: "The user's imports, newest first",
          response: { 200: dataEnvelope(importListSchema) },
        },
      },
      async (request) => ({ data: { items: await imports.list(request.userId) } }),
    );

    app.get(
      '/imports/:id',
      {
        schema: {
          tags,
          security,
          summary: 'One import: status, progress and counts',
          params: idParamsSchema,
          response: { 200: dataEnvelope(importJobSchema) },
        },
      },
      async (request) => ({ data: await imports.get(request.userId, request.params.id) }),
    );
  };

async function receive(request: FastifyRequest, imports: ImportsService, maxBytes: number, kind?: string) {
  const { id, fields, ...upload } = await receiveUpload(request, imports, maxBytes, (bytes) =>
    imports.expectUpload(bytes),
  );
  return imports.create(request.userId, id, upload, kind ?? fields.kind);
}
