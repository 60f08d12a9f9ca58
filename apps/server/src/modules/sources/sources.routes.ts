import {
  connectRequestSchema,
  connectResultSchema,
  dataEnvelope,
  dataSourceListSchema,
  disconnectRequestSchema,
  disconnectResultSchema,
  idParamsSchema,
  integrationListSchema,
  lastSyncSchema,
  oauthCallbackResultSchema,
  oauthCallbackSchema,
  oauthStartQuerySchema,
  oauthStartSchema,
  selfTestResultSchema,
  sourceKindOf,
  sourceParamsSchema,
  syncQuerySchema,
  syncStatsSchema,
  syncStatusSchema,
} from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { caregiversMay } from '../../http/caregiver-auth';
import type { SourcesService } from './sources.service';

const security = [{ bearerAuth: [] }];

/** SPEC §7 "Data sources" and "Integrations" (DESIGN "Sources"). */
export const sourcesRoutes =
  (sources: SourcesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.authenticate);
    // A caregiver with "manage sources" may use every route here for the person (http/caregiver-auth.ts).
    caregiversMay(app, 'sources');
    const tags = ['data-sources'];

    app.get(
      '/data-sources',
      {
        config: { scope: 'sources:sync' },
        schema: {
          tags,
          security,
          summary: 'Every source kind with your connection state',
          response: { 200: dataEnvelope(dataSourceListSchema) },
        },
      },
      async (request) => {
        const [items, operator] = await Promise.all([
          sources.list(request.userId),
          sources.isOperator(request.userId),
        ]);
        return { data: { items, operator } };
      },
    );

    const connect =
      (kind: (p: { id?: string; source?: string }) => string) =>
      async (request: {
        userId: string;
        params: { id?: string; source?: string };
        body: z.infer<typeof connectRequestSchema> | null | undefined;
      }) => ({
        data: await sources.connect(request.userId, kind(request.params), request.body ?? {}),
      });
    const disconnect =
      (kind: (p: { id?: string; source?: string }) => string) =>
      async (request: {
        userId: string;
        params: { id?: string; source?: string };
        body: { deleteData?: boolean | undefined } | null | undefined;
      }) => ({
        data: await sources.disconnect(request.userId, kind(request.params), request.body?.deleteData),
      });

    app.post(
      '/data-sources/:id/connect',
      {
        schema: {
          tags,
          security,
          summary: 'Connect: answers the consent URL, or completes with `code` and `state`',
          params: idParamsSchema,
          body: connectRequestSchema.nullish(),
          response: { 200: dataEnvelope(connectResultSchema) },
        },
      },
      connect((p) => p.id!),
    );
    app.post(
      '/data-sources/:id/disconnect',
      {
        schema: {
          tags,
          security,
          summary: 'Disconnect: revokes at the provider; `deleteData` also deletes what it wrote',
          params: idParamsSchema,
          body: disconnectRequestSchema.nullish(),
          response: { 200: dataEnvelope(disconnectResultSchema) },
        },
      },
      disconnect((p) => p.id!),
    );
    app.post(
      '/data-sources/:id/sync',
      {
        config: { scope: 'sources:sync' },
        schema: {
          tags,
          security,
          summary: 'Sync now: what changed since the last sync, or `days` back',
          params: idParamsSchema,
          querystring: syncQuerySchema,
          response: { 202: dataEnvelope(syncStatusSchema) },
        },
      },
      async (request, reply) =>
        reply
          .status(202)
          .send({ data: await sources.sync(request.userId, request.params.id, request.query.days) }),
    );
    app.put(
      '/data-sources/:id/last-sync',
      {
        schema: {
          tags,
          security,
          summary: 'Move the point the next incremental sync starts from',
          params: idParamsSchema,
          body: lastSyncSchema,
          response: { 200: dataEnvelope(syncStatusSchema) },
        },
      },
      async (request) => ({
        data: await sources.setLastSync(request.userId, request.params.id, request.body.lastSync),
      }),
    );
    app.get(
      '/data-sources/:id/sync-status',
      {
        config: { scope: 'sources:sync' },
        schema: {
          tags,
          security,
          summary: 'The sync under way or the last one: state, progress, times, error',
          params: idParamsSchema,
          response: { 200: dataEnvelope(syncStatusSchema) },
        },
      },
      async (request) => ({ data: await sources.status(request.userId, request.params.id) }),
    );
    app.get(
      '/data-sources/:id/sync-stats',
      {
        schema: {
          tags,
          security,
          summary: 'Samples per metric with first and last dates, syncs run, last error, history',
          params: idParamsSchema,
          response: { 200: dataEnvelope(syncStatsSchema) },
        },
      },
      async (request) => ({ data: await sources.stats(request.userId, request.params.id) }),
    );

    const itags = ['integrations'];
    app.get(
      '/integrations',
      {
        schema: {
          tags: itags,
          security,
          summary: 'Each connector: configured or not, the redirect URI to register, scopes, limits',
          response: { 200: dataEnvelope(integrationListSchema) },
        },
      },
      async () => ({ data: { items: sources.integrations() } }),
    );
    app.post(
      '/integrations/:source/self-test',
      {
        schema: {
          tags: itags,
          security,
          summary: "Check the operator's client id and secret with the provider (no person needed)",
          params: sourceParamsSchema,
          response: { 200: dataEnvelope(selfTestResultSchema) },
        },
      },
      async (request) => ({ data: await sources.selfTest(sourceKindOf(request.params.source)) }),
    );
    app.get(
      '/integrations/oauth/:source',
      {
        schema: {
          tags: itags,
          security,
          summary: "The provider's authorization URL (with state and PKCE) to open",
          params: sourceParamsSchema,
          querystring: oauthStartQuerySchema,
          response: { 200: dataEnvelope(oauthStartSchema) },
        },
      },
      async (request) => ({
        data: {
          url: await sources.authorize(
            request.userId,
            sourceKindOf(request.params.source),
            request.query.sandbox === 'true',
          ),
        },
      }),
    );
    app.post(
      '/integrations/oauth/callback',
      {
        schema: {
          tags: itags,
          security,
          summary: 'Complete connecting with what /oauth/callback received',
          body: oauthCallbackSchema,
          response: { 200: dataEnvelope(oauthCallbackResultSchema) },
        },
      },
      async (request) => ({ data: { source: await sources.complete(request.userId, request.body) } }),
    );
    app.post(
      '/integrations/:source/connect',
      {
        schema: {
          tags: itags,
          security,
          summary: 'Connect a provider (as /data-sources/:id/connect)',
          params: sourceParamsSchema,
          body: connectRequestSchema.nullish(),
          response: { 200: dataEnvelope(connectResultSchema) },
        },
      },
      connect((p) => sourceKindOf(p.source!)),
    );
    app.post(
      '/integrations/:source/sync',
      {
        config: { scope: 'sources:sync' },
        schema: {
          tags: itags,
          security,
          summary: 'Sync a provider now, `days` back or incrementally',
          params: sourceParamsSchema,
          querystring: syncQuerySchema,
          response: { 202: dataEnvelope(syncStatusSchema) },
        },
      },
      async (request, reply) =>
        reply.status(202).send({
          data: await sources.sync(request.userId, sourceKindOf(request.params.source), request.query.days),
        }),
    );
    app.post(
      '/integrations/:source/disconnect',
      {
        schema: {
          tags: itags,
          security,
          summary: 'Disconnect a provider (as /data-sources/:id/disconnect)',
          params: sourceParamsSchema,
          body: disconnectRequestSchema.nullish(),
          response: { 200: dataEnvelope(disconnectResultSchema) },
        },
      },
      disconnect((p) => sourceKindOf(p.source!)),
    );
  };
