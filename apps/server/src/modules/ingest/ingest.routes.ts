import {
  dataEnvelope,
  ingestReceiptSchema,
  ingestStatusSchema,
  ingestTokenParamsSchema,
  sourceKindOf,
  sourceParamsSchema,
} from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/errors';
import { REQUEST_LIMITS, type Throttle } from '../../identity/throttle';
import { parseJsonBody } from './ingest-payload';
import { REVOKED_MESSAGE, type IngestService } from './ingest.service';

/**
 * A day of minute-level Apple Health data is a few MB. A post is parsed whole, so the limit also bounds
 * the memory one post takes (the server runs in a 256 MB heap): a longer history is sent in batches
 * (Health Auto Export's batching, or several posts of our JSON); above it the answer is 413.
 */
export const INGEST_BODY_LIMIT = 16 * 1024 * 1024;

const BEARER = /^Bearer\s+(\S+)$/i;
/** base64url, as tokens are made; anything else cannot be one and is not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

const tokenOf = (value: string | undefined): string => {
  if (!value || !TOKEN.test(value)) throw new AppError('unauthorized', REVOKED_MESSAGE);
  return value;
};

/**
 * Ingest URLs: `POST /api/ingest/:token` (or `POST /api/ingest` with the token as a bearer) takes
 * Health Auto Export's JSON or our own, without a session — the token is the credential. Signed-in
 * routes show a URL's status and rotate it; connecting Apple Health, Health Connect and the generic
 * kinds goes through `sources.connect` to `ingestConnectMethods` (assembled in app.ts).
 */
export const ingestRoutes =
  (ingest: IngestService, throttle?: Throttle): FastifyPluginAsyncZod =>
  async (app) => {
    const openRoutes: FastifyPluginAsyncZod = async (open) => {
      // Read every body as bytes, whatever its type, so a wrong type or bad JSON gets our message.
      open.removeAllContentTypeParsers();
      open.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: INGEST_BODY_LIMIT },
        (_req, body, done) => done(null, body),
      );
      const tags = ['ingest'];
      const response = { 200: dataEnvelope(ingestReceiptSchema) };
      // Limits in the database (auth_attempts), so they hold across instances: posts per address, and
      // wrong tokens per address — refused before the token is looked up.
      const receive = async (
        ip: string,
        token: () => string,
        contentType: string | undefined,
        body: unknown,
      ) => {
        if (throttle) {
          await throttle.check(`ingest:fail:${ip}`, REQUEST_LIMITS.ingestFailuresPerAddress);
          await throttle.take(`ingest:ip:${ip}`, REQUEST_LIMITS.ingestPostsPerAddress);
        }
        try {
          return await ingest.receive(token(), parseJsonBody(contentType, body as Buffer | undefined));
        } catch (error) {
          if (throttle && error instanceof AppError && error.status === 401) {
            await throttle.recordFailure(`ingest:fail:${ip}`);
          }
          throw error;
        }
      };

      open.post(
        '/ingest/:token',
        {
          bodyLimit: INGEST_BODY_LIMIT,
          schema: {
            tags,
            summary: 'Post samples to your ingest URL (Health Auto Export JSON or our own)',
            params: ingestTokenParamsSchema,
            response,
          },
        },
        async (request) => ({
          data: await receive(
            request.ip,
            () => tokenOf(request.params.token),
            request.headers['content-type'],
            request.body,
          ),
        }),
      );
      open.post(
        '/ingest',
        {
          bodyLimit: INGEST_BODY_LIMIT,
          schema: { tags, summary: 'Post samples with your ingest token as the bearer token', response },
        },
        async (request) => ({
          data: await receive(
            request.ip,
            () => tokenOf(BEARER.exec(request.headers.authorization ?? '')?.[1]),
            request.headers['content-type'],
            request.body,
          ),
        }),
      );
      // Other methods answer here rather than as "route not found", whose log line would carry the token.
      open.route({
        method: ['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
        url: '/ingest/:token',
        schema: { hide: true },
        handler: async (_request, reply) =>
          reply
            .status(405)
            .header('allow', 'POST')
            .send({ error: { code: 'bad_request', message: 'Post your samples to this URL (POST, JSON).' } }),
      });
    };

    await app.register(openRoutes);

    const signedInRoutes: FastifyPluginAsyncZod = async (signedIn) => {
      signedIn.addHook('onRequest', signedIn.authenticate);
      const tags = ['integrations'];
      const security = [{ bearerAuth: [] }];
      signedIn.get(
        '/integrations/:source/ingest',
        {
          schema: {
            tags,
            security,
            summary: 'Your ingest URL’s status: hint, created, last used, samples received (not the URL)',
            params: sourceParamsSchema,
            response: { 200: dataEnvelope(ingestStatusSchema) },
          },
        },
        async (request) => ({
          data: await ingest.status(request.userId, sourceKindOf(request.params.source)),
        }),
      );
      signedIn.post(
        '/integrations/:source/ingest/rotate',
        {
          schema: {
            tags,
            security,
            summary: 'Revoke your ingest URL and make a new one (shown once)',
            params: sourceParamsSchema,
            response: { 200: dataEnvelope(ingestStatusSchema) },
          },
        },
        async (request) => ({
          data: await ingest.rotate(request.userId, sourceKindOf(request.params.source)),
        }),
      );
    };
    await app.register(signedInRoutes);
  };
