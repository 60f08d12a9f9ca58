import {
  dataEnvelope,
  pelotonOverviewSchema,
  pelotonWorkoutsQuerySchema,
  pelotonWorkoutsSchema,
  type PelotonDisciplineTotals,
  type PelotonWorkout,
} from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database';
import { SourceReadingsRepository, type SourceReading } from './source-readings.repository';
import { formatInstant } from './time';

const text = (v: unknown) => (typeof v === 'string' ? v : null);
const number = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;

function present(row: SourceReading): PelotonWorkout {
  const { meta } = row;
  const provenance = meta.provenance ?? {};
  return {
    id: row.originId,
    title: text(provenance.title),
    discipline: meta.workout?.activity ?? 'workout',
    instructor: text(provenance.instructor),
    start: formatInstant(row.startAt, row.utcOffsetMin),
    end: formatInstant(row.endAt, row.utcOffsetMin),
    minutes: row.value,
    calories: number(meta.workout?.energyKcal),
    distanceM: number(meta.workout?.distanceM),
    avgHeartRate: number(meta.workout?.avgHeartRate),
    totalOutputKj: number(provenance.totalOutputKj),
  };
}

/**
 * SPEC §7 Peloton endpoints, read from the Peloton workouts our syncs (and the `peloton` CSV importer)
 * stored — never from Peloton: `GET /api/integrations/peloton/overview` (totals, per discipline, the
 * last workout) and `GET /api/integrations/peloton/workouts?limit=` (newest first).
 */
export const pelotonRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['data-sources'];
    const security = [{ bearerAuth: [] }];
    const stored = new SourceReadingsRepository(db.kysely);
    const workouts = (userId: string, limit?: number) =>
      stored.list(userId, { kind: 'workout', source: 'peloton', limit });

    app.get(
      '/integrations/peloton/overview',
      {
        schema: {
          tags,
          security,
          summary: 'Peloton totals: workouts, minutes, calories, per discipline, the last workout',
          response: { 200: dataEnvelope(pelotonOverviewSchema) },
        },
      },
      async (request) => {
        const rows = await workouts(request.userId);
        const items = rows.map(present);
        const byDiscipline = new Map<string, PelotonDisciplineTotals>();
        let minutes = 0;
        let calories = 0;
        let distanceM = 0;
        let totalOutputKj = 0;
        for (const w of items) {
          minutes += w.minutes;
          calories += w.calories ?? 0;
          distanceM += w.distanceM ?? 0;
          totalOutputKj += w.totalOutputKj ?? 0;
          const d = byDiscipline.get(w.discipline) ?? {
            discipline: w.discipline,
            workouts: 0,
            minutes: 0,
            calories: 0,
          };
          d.workouts++;
          d.minutes = round(d.minutes + w.minutes);
          d.calories = round(d.calories + (w.calories ?? 0), 0);
          byDiscipline.set(w.discipline, d);
        }
        return {
          data: {
            workouts: items.length,
            minutes: round(minutes),
            calories: round(calories, 0),
            distanceM: round(distanceM, 0),
            totalOutputKj: round(totalOutputKj, 0),
            byDiscipline: [...byDiscipline.values()].sort(
              (a, b) => b.workouts - a.workouts || a.discipline.localeCompare(b.discipline),
            ),
            firstWorkoutAt: items.length ? items[items.length - 1]!.start : null,
            lastWorkout: items[0] ?? null,
          },
        };
      },
    );

    app.get(
      '/integrations/peloton/workouts',
      {
        schema: {
          tags,
          security,
          summary: 'The newest Peloton workouts (`limit`, default 20, at most 100)',
          querystring: pelotonWorkoutsQuerySchema,
          response: { 200: dataEnvelope(pelotonWorkoutsSchema) },
        },
      },
      async (request) => {
        const { limit } = request.query;
        const rows = await workouts(request.userId, limit);
        return { data: { limit, items: rows.map(present) } };
      },
    );
  };
