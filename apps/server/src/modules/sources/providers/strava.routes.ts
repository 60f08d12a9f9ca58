import { dataEnvelope } from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SourceReadingsRepository, formatInstant } from '../../metrics';
import type { ProviderRoutesDeps } from './index';

const DAY_MS = 86_400_000;

const activitiesQuerySchema = z.object({
  /** How many days back, SPEC §9: 30 unless asked. */
  days: z.coerce.number().int().min(1).max(3650).default(30),
});

const stravaActivitySchema = z.object({
  /** Strava's activity id. */
  id: z.string(),
  name: z.string().nullable(),
  /** Our activity word ("running", "cycling", "weight_training"). */
  type: z.string(),
  /** Strava's own ("Run", "VirtualRide"), when the activity came through the API. */
  sportType: z.string().nullable(),
  /** In the offset the activity was recorded at. */
  start: z.string(),
  end: z.string(),
  distanceM: z.number().nullable(),
  elapsedMinutes: z.number(),
  movingMinutes: z.number().nullable(),
  calories: z.number().nullable(),
  avgHeartRate: z.number().nullable(),
});

const stravaActivitiesSchema = z.object({ days: z.number().int(), items: z.array(stravaActivitySchema) });

const text = (v: unknown) => (typeof v === 'string' ? v : null);
const number = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * `GET /api/integrations/strava/activities?days=30`: the Strava workouts stored by syncs (and by the
 * `strava` importer), newest first. Reads our samples, never Strava.
 */
export const stravaRoutes =
  ({ db, now }: ProviderRoutesDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', app.authenticate);
    const stored = new SourceReadingsRepository(db.kysely);
    app.get(
      '/integrations/strava/activities',
      {
        schema: {
          tags: ['data-sources'],
          security: [{ bearerAuth: [] }],
          summary: 'Strava activities of the last `days` days (default 30)',
          querystring: activitiesQuerySchema,
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
