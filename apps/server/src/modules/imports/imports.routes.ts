import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import {
  dataEnvelope,
  importFormatsSchema,
  importJobSchema,
  importKindSchema,
  importListSchema,
} from '@healthfolio/core';
import { supportedFormats } from '@healthfolio/importers';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors';
import type { ImportsService } from './imports.service';

const security = [{ bearerAuth: [] }];
const tags = ['imports'];
const idParams = z.object({ id: z.string().min(1).max(64) });

/** DESIGN "Sources": uploads go to disk as they arrive, then the import runs in the background. */
export const importsRoutes =
  (imports: ImportsService, maxBytes: number): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 4, parts: 5 } });
    app.addHook('onRequest', app.authenticate);

    app.post(
      '/imports',
      {
        schema: {
          tags,
          security,
          summary:
            'Upload an export file (multipart field `file`, optional `kind`); answers 202 with the import',
          consumes: ['multipart/form-data'],
          querystring: z.object({ kind: importKindSchema }),
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
          params: idParams,
          response: { 200: dataEnvelope(importJobSchema) },
        },
      },
      async (request) => ({ data: await imports.get(request.userId, request.params.id) }),
    );
  };

async function receive(request: FastifyRequest, imports: ImportsService, maxBytes: number, kind?: string) {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data in the field "file".');
  }
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > maxBytes + 64 * 1024) throw tooLarge(maxBytes);
  const part = await request.file();
  if (!part || part.fieldname !== 'file') {
    throw new AppError('validation', 'file: attach the export as the multipart field "file"');
  }
  const field = part.fields.kind;
  const kindField =
    field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : undefined;
  const target = await imports.uploadPath(request.userId);
  let size = 0;
  part.file.on('data', (chunk: Buffer) => (size += chunk.length));
  try {
    await pipeline(part.file, createWriteStream(target.path));
  } catch (error) {
    await rm(target.path, { force: true });
    if ((error as { statusCode?: number }).statusCode === 413 || part.file.truncated)
      throw tooLarge(maxBytes);
    throw error;
  }
  if (size === 0) {
    await rm(target.path, { force: true });
    throw new AppError('validation', 'file: the file is empty');
  }
  const fileName = (part.filename || 'upload').slice(0, 200);
  return imports.create(request.userId, target.id, { path: target.path, fileName, size }, kind ?? kindField);
}

const tooLarge = (maxBytes: number) =>
  new AppError('payload_too_large', `The file is larger than the ${formatBytes(maxBytes)} we accept.`);

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${Math.round((bytes / 1024 ** 3) * 10) / 10} GB`;
  if (bytes >= 1024 ** 2) return `${Math.round(bytes / 1024 ** 2)} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}
