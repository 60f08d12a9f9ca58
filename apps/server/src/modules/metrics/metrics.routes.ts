import {
  dataEnvelope,
  manualEntrySchema,
  manualEntryUpdateSchema,
  metricPrioritiesQuerySchema,
  metricPrioritiesSchema,
  metricPrioritiesUpdateSchema,
  metricsOverviewQuerySchema,
  metricsOverviewSchema,
  metricsQuerySchema,
  metricsSeriesSchema,
  metricsSummaryQuerySchema,
  metricsSummarySchema,
  metricsWhyQuerySchema,
  metricsWhySchema,
  sampleDeletedSchema,
  sampleIdParamsSchema,
  sampleItemSchema,
} from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SampleBulkIO } from '../../db/bulk-io';
import type { Db } from '../../db/database';
import { notFound } from '../../http/errors';
import { hidesLabs, isLabKind, readScopeOfKind } from '../../http/token-auth';
import { EntriesService } from './entries.service';
import { OverviewService } from './overview.service';
import { PrioritiesService } from './priorities.service';
import { SampleWriter } from './write/sample-writer';
import { SampleStore } from './write/samples.store';
import { SleepService } from './sleep.service';
import { SeriesService } from './series.service';
import { SummaryService } from './summary.service';
import { UserTimeZoneRepository } from './user-time-zone.repository';
import { WhyService } from './why.service';
import { sleepRoutes } from './sleep.routes';
import { workoutsRoutes } from './workouts.routes';
import { dexcomRoutes } from './dexcom.routes';
import { pelotonRoutes } from './peloton.routes';
import { stravaRoutes } from './strava.routes';

const security = [{ bearerAuth: [] }];
const tags = ['metrics'];

/** The services of the metrics module, built once per app. */
export function createMetrics(db: Db, bulk: SampleBulkIO, now: () => number) {
  const store = new SampleStore(db, bulk);
  const writer = new SampleWriter(db, bulk);
  const zones = new UserTimeZoneRepository(db.kysely);
  const summary = new SummaryService(db, now);
  return {
    store,
    writer,
    zones,
    series: new SeriesService(db, now),
    summary,
    overview: new OverviewService(db, summary, new SleepService(db, now), now),
    why: new WhyService(db),
    priorities: new PrioritiesService(db, bulk),
    entries: new EntriesService(db, store, zones, now),
  };
}

/** SPEC §7 metrics and DESIGN "Metrics API". */
export const metricsRoutes =
  (db: Db, bulk: SampleBulkIO, now: () => number): FastifyPluginAsyncZod =>
  async (app) => {
    const m = createMetrics(db, bulk, now);
    const zoneOf = async (userId: string, tz?: string) => tz ?? (await m.zones.get(userId)) ?? 'UTC';
    app.addHook('onRequest', app.authenticate);
    await app.register(workoutsRoutes(db));
    await app.register(sleepRoutes(db, now));
    // SPEC §7's provider read endpoints (Dexcom readings, Strava and Peloton workouts): stored samples.
    await app.register(dexcomRoutes(db, now));
    await app.register(stravaRoutes(db, now));
    await app.register(pelotonRoutes(db));

    app.get(
      '/metrics',
      {
        // Lab results need labs:read, other kinds metrics:read.
        config: { scope: readScopeOfKind },
        schema: {
          tags,
          security,
          summary: 'Raw samples or merged buckets of one metric',
          querystring: metricsQuerySchema,
          response: { 200: dataEnvelope(metricsSeriesSchema) },
        },
      },
      async (request) => ({
        data: await m.series.query(
          request.userId,
          request.query,
          await zoneOf(request.userId, request.query.tz),
        ),
      }),
    );

    app.get(
      '/metrics/summary',
      {
        config: { scope: 'metrics:read' },
        schema: {
          tags,
          security,
          summary: 'Latest value and 7/30-day trends per metric',
          querystring: metricsSummaryQuerySchema,
          response: { 200: dataEnvelope(metricsSummarySchema) },
        },
      },
      async (request) => {
        const summary = await m.summary.summary(
          request.userId,
          await zoneOf(request.userId, request.query.tz),
        );
        // An API token without labs:read sees no lab results, not even their latest values.
        if (!hidesLabs(request)) return { data: summary };
        return { data: { ...summary, items: summary.items.filter((item) => !isLabKind(item.type)) } };
      },
    );

    app.get(
      '/metrics/overview',
      {
        config: { scope: 'metrics:read' },
        schema: {
          tags,
          security,
          summary:
            "Today at a glance: every metric's latest value with its age and last 30 days, today so far against the usual, last night, CGM time in range",
          querystring: metricsOverviewQuerySchema,
          response: { 200: dataEnvelope(metricsOverviewSchema) },
        },
      },
      async (request) => {
        const overview = await m.overview.overview(
          request.userId,
          await zoneOf(request.userId, request.query.tz),
        );
        // An API token without labs:read sees no lab results (CGM glucose is one of them).
        if (!hidesLabs(request)) return { data: overview };
        return {
          data: { ...overview, items: overview.items.filter((item) => !isLabKind(item.type)), glucose: null },
        };
      },
    );

    app.get(
      '/metrics/why',
      {
        // A lab result's day is a lab result: labs:read (and a caregiver's "labs"), like its series.
        config: { scope: readScopeOfKind },
        schema: {
          tags,
          security,
          summary: "Which source won each part of a day's value",
          querystring: metricsWhyQuerySchema,
          response: { 200: dataEnvelope(metricsWhySchema) },
        },
      },
      async (request) => ({
        data: await m.why.explain(request.userId, request.query.type, request.query.date),
      }),
    );

    app.get(
      '/metrics/priorities',
      {
        config: { scope: 'metrics:read' },
        schema: {
          tags,
          security,
          summary: 'The source order of one metric',
          querystring: metricPrioritiesQuerySchema,
          response: { 200: dataEnvelope(metricPrioritiesSchema) },
        },
      },
      async (request) => ({ data: await m.priorities.get(request.userId, request.query.type) }),
    );

    app.put(
      '/metrics/priorities',
      {
        config: { caregiver: 'sources' },
        schema: {
          tags,
          security,
          summary: 'Change the source order of one metric',
          body: metricPrioritiesUpdateSchema,
          response: { 200: dataEnvelope(metricPrioritiesSchema) },
        },
      },
      async (request) => ({
        data: await m.priorities.set(request.userId, request.body.type, request.body.order),
      }),
    );

    app.post(
      '/metrics',
      {
        config: { scope: 'metrics:write' },
        schema: {
          tags,
          security,
          summary: 'Add a manual entry',
          body: manualEntrySchema,
          response: { 201: dataEnvelope(sampleItemSchema) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await m.entries.create(request.userId, request.body) }),
    );

    app.get(
      '/metrics/:id',
      {
        config: { scope: 'metrics:read' },
        schema: {
          tags,
          security,
          summary: 'One sample',
          params: sampleIdParamsSchema,
          response: { 200: dataEnvelope(sampleItemSchema) },
        },
      },
      async (request) => {
        const sample = await m.entries.get(request.userId, request.params.id);
        if (hidesLabs(request) && isLabKind(sample.type)) throw notFound('Sample');
        return { data: sample };
      },
    );

    app.put(
      '/metrics/:id',
      {
        config: { scope: 'metrics:write' },
        schema: {
          tags,
          security,
          summary: 'Change a manual entry',
          params: sampleIdParamsSchema,
          body: manualEntryUpdateSchema,
          response: { 200: dataEnvelope(sampleItemSchema) },
        },
      },
      async (request) => ({ data: await m.entries.update(request.userId, request.params.id, request.body) }),
    );

    app.delete(
      '/metrics/:id',
      {
        config: { scope: 'metrics:write' },
        schema: {
          tags,
          security,
          summary: 'Delete a sample',
          params: sampleIdParamsSchema,
          response: { 200: dataEnvelope(sampleDeletedSchema) },
        },
      },
      async (request) => {
        await m.entries.delete(request.userId, request.params.id);
        return { data: { id: request.params.id, deleted: true as const } };
      },
    );
  };
