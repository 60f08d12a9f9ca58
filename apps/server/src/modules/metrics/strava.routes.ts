import { dataEnvelope, stravaActivitiesQuerySchema, stravaActivitiesSchema } from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database';
import { SourceReadingsRepository } from './source-readings.repository';
import { formatInstant } from './time';

const DAY_MS = 86_400_000;

const text = (v: unknown) => (typeof v === 'string' ? v : null);
const number = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * `GET /api/integrations/strava/activities?days=30`: the Strava workouts stored by syncs (and by the
 * `strava` importer), newest first. Reads our samples, never Strava.
 */
export const stravaRoutes =
  (db: Db, now: () => number): FastifyPluginAsyncZod =>
  async (app) => {
    const stored = new SourceReadingsRepository(db.kysely);
    app.get(
      '/integrations/strava/activities',
      {
        schema: {
          tags: ['data-sources'],
          security: [{ bearerAuth: [] }],
          summary: 'Strava activities of the last `days` days (default 30)',
          querystring: stravaActivitiesQuerySchema,
          response: { 200: dataEnvelope(stravaActivitiesSchema) },
        },
      },
      async (request) => {
        const { days } = request.query;
        const rows = await stored.list(request.userId, {
          kind: 'workout',
          source: 'strava',
          after: now() - days * DAY_MS - 1,
        });
        const items = rows.map((row) => {
          const { meta } = row;
          const provenance = meta.provenance ?? {};
          const moving = number(provenance.movingTimeS);
          return {
            id: row.originId,
            name: text(provenance.name),
            type: meta.workout?.activity ?? 'workout',
            sportType: text(provenance.sportType),
            start: formatInstant(row.startAt, row.utcOffsetMin),
            end: formatInstant(row.endAt, row.utcOffsetMin),
            distanceM: meta.workout?.distanceM ?? null,
            elapsedMinutes: row.value,
            movingMinutes: moving === null ? null : Math.round((moving / 60) * 100) / 100,
            calories: meta.workout?.energyKcal ?? null,
            avgHeartRate: meta.workout?.avgHeartRate ?? null,
          };
        });
        return { data: { days, items } };
      },
    );
  };
