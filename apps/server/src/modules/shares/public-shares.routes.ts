import {
  dataEnvelope,
  publicShareSchema,
  shareCodeHeadersSchema,
  shareTokenParamsSchema,
  shlFileQuerySchema,
  shlIdParamsSchema,
  shlManifestRequestSchema,
} from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientOf } from '../../identity/client';
import type { SharesService } from './shares.service';
import { ShlError, type ShlService } from './shl.service';

const tags = ['shares'];
/** SHL viewers run in other origins' browsers: the manifest and its files may be read cross-origin. */
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-allow-headers': 'content-type',
};

/** What a share's recipient reaches without an account: the share's data, and its SMART Health Link. */
export const publicSharesRoutes =
  (shares: SharesService, shl: ShlService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/public/shares/:token',
      {
        schema: {
          tags,
          summary:
            'A share as its recipient sees it (no account). 410 once revoked or expired; the code, when asked, goes in X-Share-Code',
          params: shareTokenParamsSchema,
          headers: shareCodeHeadersSchema,
          response: { 200: dataEnvelope(publicShareSchema) },
        },
      },
      async (request) => ({
        data: await shares.open(request.params.token, request.headers['x-share-code'], clientOf(request)),
      }),
    );

    app.get(
      '/public/shares/:token/report',
      {
        schema: {
          tags,
          summary: 'The report a share names, as PDF (same checks as the share; 404 when it names none)',
          params: shareTokenParamsSchema,
          headers: shareCodeHeadersSchema,
        },
      },
      async (request, reply) => {
        const pdf = await shares.reportOf(
          request.params.token,
          request.headers['x-share-code'],
          clientOf(request),
        );
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
          .send(pdf.bytes);
      },
    );

    app.options('/public/shl/:id', async (_request, reply) => reply.headers(CORS).status(204).send());

    app.post(
      '/public/shl/:id',
      {
        schema: {
          tags,
          summary:
            'SMART Health Link manifest (POST {recipient, passcode?}); 401 {remainingAttempts} on a wrong passcode',
          params: shlIdParamsSchema,
          body: shlManifestRequestSchema,
        },
      },
      async (request, reply) => {
        void reply.headers(CORS);
        try {
          return await shl.manifest(request.params.id, request.body, clientOf(request));
        } catch (error) {
          if (error instanceof ShlError) return reply.status(error.status).send(error.body);
          throw error;
        }
      },
    );

    app.get(
      '/public/shl-files/:id',
      {
        schema: {
          tags,
          summary: 'A SMART Health Link file (compact JWE), at the short-lived location its manifest gave',
          params: shlIdParamsSchema,
          querystring: shlFileQuerySchema,
        },
      },
      async (request, reply) => {
        const jwe = await shl.file(request.params.id, request.query.ticket);
        return reply.headers(CORS).type('application/jose').send(jwe);
      },
    );
  };
