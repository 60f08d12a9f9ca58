import {
  clinicalRecordPageSchema,
  clinicalRecordsQuerySchema,
  clinicalSummarySchema,
  dataEnvelope,
  vaClinicalDataSchema,
} from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ClinicalService } from './clinical.service';

const security = [{ bearerAuth: [] }];
const tags = ['clinical'];

/** The clinical view (conditions, procedures, medications, immunizations, allergies, encounters). */
export const clinicalRoutes =
  (clinical: ClinicalService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.authenticate);

    app.get(
      '/clinical-records',
      {
        config: { scope: 'clinical:read' },
        schema: {
          tags,
          security,
          summary: 'Clinical records, newest first, by category or source, a page at a time',
          querystring: clinicalRecordsQuerySchema,
          response: { 200: dataEnvelope(clinicalRecordPageSchema) },
        },
      },
      async (request) => ({ data: await clinical.list(request.userId, request.query) }),
    );

    app.get(
      '/clinical-records/summary',
      {
        config: { scope: 'clinical:read' },
        schema: {
          tags,
          security,
          summary: 'How many clinical records each section holds, and the sources they came from',
          response: { 200: dataEnvelope(clinicalSummarySchema) },
        },
      },
      async (request) => ({ data: await clinical.summary(request.userId) }),
    );

    app.get(
      '/integrations/va/clinical-data',
      {
        config: { caregiver: 'clinical' },
        schema: {
          tags: [...tags, 'integrations'],
          security,
          summary: 'The VA records by category, with the latest VA lab and vital results',
          response: { 200: dataEnvelope(vaClinicalDataSchema) },
        },
      },
      async (request) => ({ data: await clinical.vaClinicalData(request.userId) }),
    );
  };
