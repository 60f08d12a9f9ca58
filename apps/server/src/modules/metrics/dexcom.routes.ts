import {
  dataEnvelope,
  dexcomDaysQuerySchema,
  dexcomGlucoseSchema,
  dexcomStatisticsSchema,
  type GlucoseStatistics,
} from '@healthfolio/core';
import { glucoseStats } from '@healthfolio/insights';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database';
import { SourceReadingsRepository } from './source-readings.repository';

const DAY_MS = 86_400_000;
const SOURCE = 'dexcom';
const security = [{ bearerAuth: [] }];
const tags = ['integrations'];

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * CGM statistics of readings in mg/dL: mean, GMI, SD (sample, n − 1), CV, and the share of readings in
 * each consensus range (below 70 includes below 54; above 180 includes above 250), computed by
 * packages/insights' `glucoseStats` (the one place for them). Figures are rounded to one decimal; with
 * no readings they are null.
 */
export function glucoseStatistics(
  readings: readonly { value: number; localDay: number }[],
  days: number,
): GlucoseStatistics {
  const n = readings.length;
  const empty = {
    mean: null,
    gmi: null,
    sd: null,
    cv: null,
    stable: null,
    timeInRange: null,
    timeBelow70: null,
    timeBelow54: null,
    timeAbove180: null,
    timeAbove250: null,
  };
  const base = {
    days,
    unit: 'mg/dL' as const,
    readings: n,
    daysCovered: new Set(readings.map((r) => r.localDay)).size,
  };
  const stats = glucoseStats(readings.map((r) => r.value));
  if (!stats) return { ...base, ...empty };
  const { veryLow, low, inRange, high, veryHigh } = stats.ranges;
  const percent = (share: number) => round1(share * 100);
  return {
    ...base,
    mean: round1(stats.mean),
    gmi: round1(stats.gmi),
    sd: round1(stats.sd),
    cv: round1(stats.cv * 100),
    stable: stats.cv <= 0.36,
    timeInRange: percent(inRange),
    timeBelow70: percent(veryLow + low),
    timeBelow54: percent(veryLow),
    timeAbove180: percent(high + veryHigh),
    timeAbove250: percent(veryHigh),
  };
}

/**
 * SPEC §7 Dexcom endpoints. Both read the person's stored Dexcom readings (synced, or imported from a
 * Clarity export), never Dexcom itself.
 */
export const dexcomRoutes =
  (db: Db, now: () => number): FastifyPluginAsyncZod =>
  async (app) => {
    const stored = new SourceReadingsRepository(db.kysely);
    const readings = (userId: string, days: number) => {
      const until = now();
      return stored.list(userId, {
        kind: 'blood_glucose',
        source: SOURCE,
        after: until - days * DAY_MS,
        until,
      });
    };

    app.get(
      '/integrations/dexcom/glucose',
      {
        schema: {
          tags,
          security,
          summary: 'Your Dexcom glucose readings of the last `days` days (default 14), newest first',
          querystring: dexcomDaysQuerySchema,
          response: { 200: dataEnvelope(dexcomGlucoseSchema) },
        },
      },
      async (request) => {
        const rows = await readings(request.userId, request.query.days);
        const items = rows.map(({ startAt, utcOffsetMin, value, unit, meta }) => {
          const trend = meta.provenance?.trend;
          return {
            time: new Date(startAt).toISOString(),
            utcOffsetMin,
            value,
            unit,
            trend: typeof trend === 'string' ? trend : null,
            valueText: meta.valueText ?? null,
          };
        });
        return { data: { days: request.query.days, items } };
      },
    );

    app.get(
      '/integrations/dexcom/statistics',
      {
        schema: {
          tags,
          security,
          summary: 'Mean, GMI, time in ranges and CV of your Dexcom readings of the last `days` days',
          querystring: dexcomDaysQuerySchema,
          response: { 200: dataEnvelope(dexcomStatisticsSchema) },
        },
      },
      async (request) => {
        const rows = await readings(request.userId, request.query.days);
        const values = rows.map(({ value, localDay }) => ({ value, localDay }));
        return { data: glucoseStatistics(values, request.query.days) };
      },
    );
  };
