import {
  dataEnvelope,
  healthScoreSchema,
  idParamsSchema,
  reportContentSchema,
  reportJobListSchema,
  reportJobSchema,
  reportRequestSchema,
} from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthScoreService } from './health-score.service';
import type { SummaryReportsService } from './summary-reports.service';

const security = [{ bearerAuth: [] }];
const tags = ['reports'];

/** DESIGN "Reports": clinician reports made in the background, and the health score. */
export const summaryReportsRoutes =
  (reports: SummaryReportsService, score: HealthScoreService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.authenticate);

    app.post(
      '/reports',
      {
        schema: {
          tags,
          security,
          summary: 'Asks for a clinician report of a period and sections; answers 202 while it is made',
          body: reportRequestSchema,
          response: { 202: dataEnvelope(reportJobSchema) },
        },
      },
      async (request, reply) =>
        reply.status(202).send({ data: await reports.create(request.userId, request.body) }),
    );

    app.get(
      '/reports',
      {
        schema: {
          tags,
          security,
          summary: 'Your reports, newest first',
          response: { 200: dataEnvelope(reportJobListSchema) },
        },
      },
      async (request) => ({ data: { items: await reports.list(request.userId) } }),
    );

    app.get(
      '/reports/:id',
      {
        schema: {
          tags,
          security,
          summary: 'One report: status (queued, running, succeeded, failed) and progress',
          params: idParamsSchema,
          response: { 200: dataEnvelope(reportJobSchema) },
        },
      },
      async (request) => ({ data: await reports.get(request.userId, request.params.id) }),
    );

    app.get(
      '/reports/:id/content',
      {
        schema: {
          tags,
          security,
          summary: 'A finished report’s content, as the printable page draws it',
          params: idParamsSchema,
          response: { 200: dataEnvelope(reportContentSchema) },
        },
      },
      async (request) => ({ data: await reports.content(request.userId, request.params.id) }),
    );

    app.get(
      '/reports/:id/pdf',
      {
        schema: {
          tags,
          security,
          summary: 'A finished report as PDF',
          params: idParamsSchema,
          produces: ['application/pdf'],
        },
      },
      async (request, reply) => {
        const { bytes, fileName } = await reports.pdf(request.userId, request.params.id);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(bytes);
      },
    );

    app.post(
      '/reports/:id/regenerate',
      {
        schema: {
          tags,
          security,
          summary: 'Makes a finished or failed report again from the current data',
          params: idParamsSchema,
          response: { 202: dataEnvelope(reportJobSchema) },
        },
      },
      async (request, reply) =>
        reply.status(202).send({ data: await reports.regenerate(request.userId, request.params.id) }),
    );

    app.delete(
      '/reports/:id',
      { schema: { tags, security, summary: 'Deletes a report and its PDF', params: idParamsSchema } },
      async (request, reply) => {
        await reports.remove(request.userId, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/health-score',
      {
        config: { caregiver: 'metrics' },
        schema: {
          tags,
          security,
          summary: 'The health score (0–100) and each part with its weight and the data behind it',
          response: { 200: dataEnvelope(healthScoreSchema) },
        },
      },
      async (request) => ({ data: await score.score(request.userId) }),
    );
  };
