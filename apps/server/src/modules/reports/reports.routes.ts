import multipart from '@fastify/multipart';
import { bodyspecReportRequestSchema, dataEnvelope, importJobSchema } from '@healthfolio/core';
import { DEFAULT_PDF_LIMITS, type ReportHint } from '@healthfolio/importers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caregiversMay } from '../../http/caregiver-auth';
import { type ImportsService, receiveUpload } from '../imports';
import type { ReportsService } from './reports.service';

const security = [{ bearerAuth: [] }];
const tags = ['reports'];

/** SPEC §7's upload endpoints, by the parser each asks for. */
const UPLOADS: readonly { path: string; hint: ReportHint; what: string }[] = [
  { path: '/integrations/quest/upload-pdf', hint: 'quest', what: 'a Quest Diagnostics lab report' },
  { path: '/integrations/labcorp/upload-pdf', hint: 'labcorp', what: 'a Labcorp lab report' },
  {
    path: '/integrations/lab-report/upload-pdf',
    hint: 'lab-report',
    what: 'any lab’s report (optional `labName`)',
  },
  { path: '/integrations/bodyspec/upload-pdf', hint: 'bodyspec', what: 'a BodySpec DEXA report' },
];

/**
 * Lab and DEXA report uploads (multipart `file`; the SPEC's `userId` field is ignored, the token decides)
 * and BodySpec report links. Each answers like `POST /api/imports`: 202 and the queued import, which
 * stops at `needs_review`.
 */
export const reportsRoutes =
  (reports: ReportsService, imports: ImportsService, maxBytes: number): FastifyPluginAsyncZod =>
  async (app) => {
    const limit = Math.min(maxBytes, DEFAULT_PDF_LIMITS.maxBytes);
    await app.register(multipart, { limits: { fileSize: limit, files: 1, fields: 4, parts: 5 } });
    app.addHook('onRequest', app.authenticate);
    // Imports are part of managing sources: a caregiver with that permission may use them.
    caregiversMay(app, 'sources');

    for (const { path, hint, what } of UPLOADS) {
      app.post(
        path,
        {
          schema: {
            tags,
            security,
            summary: `Upload ${what} as a PDF (multipart field \`file\`); answers 202 with the import`,
            consumes: ['multipart/form-data'],
            response: { 202: dataEnvelope(importJobSchema) },
          },
        },
        async (request, reply) => {
          const file = await receiveUpload(request, imports, limit);
          const labName = hint === 'lab-report' ? file.fields.labName?.trim().slice(0, 100) : undefined;
          const job = await reports.upload(request.userId, file, { hint, ...(labName ? { labName } : {}) });
          return reply.status(202).send({ data: job });
        },
      );
    }

    app.post(
      '/integrations/bodyspec/connect-report',
      {
        schema: {
          tags,
          security,
          summary: 'Fetch a BodySpec report PDF by its https link and import it; answers 202 with the import',
          body: bodyspecReportRequestSchema,
          response: { 202: dataEnvelope(importJobSchema) },
        },
      },
      async (request, reply) => {
        const job = await reports.connect(request.userId, request.body.reportUrl);
        return reply.status(202).send({ data: job });
      },
    );
  };
