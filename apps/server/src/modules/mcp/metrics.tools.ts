import {
  getMetric,
  manualEntrySchema,
  metricsQuerySchema,
  type BucketItem,
  type MetricBucket,
  type SampleItem,
} from '@healthfolio/core';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import {
  answer,
  dateIn,
  DAY_MS,
  daysBetween,
  unitsFor,
  type McpCaller,
  type McpServices,
} from './mcp-context';
import type { Audited } from './mcp.server';

const date = z.iso.date();
const unitSystem = z
  .enum(['metric', 'imperial'])
  .optional()
  .describe("Units: the person's setting by default");
const limit = (max: number, fallback: number) =>
  z.number().int().min(1).max(max).default(fallback).describe(`At most this many items (≤ ${max})`);

/** The bucket a range gets when the caller names none: a few dozen to a few hundred points. */
export function defaultBucket(days: number): Exclude<MetricBucket, 'raw'> {
  if (days <= 2) return 'hour';
  if (days <= 120) return 'day';
  if (days <= 2 * 366) return 'week';
  return 'month';
}

const pointSchema = z.object({
  start: z.string(),
  value: z.number().nullable(),
  min: z.number().nullable().optional(),
  max: z.number().nullable().optional(),
  count: z.number().int(),
});

/** One bucket as a model reads it: the day's value by the kind's rule (total, mean or last), min and max. */
function point(item: BucketItem, aggregation: string, value: (v: number) => number) {
  const raw = aggregation === 'sum' ? item.sum : aggregation === 'last' ? item.last : item.avg;
  return {
    start: item.start,
    value: raw === null ? null : value(raw),
    ...(aggregation === 'avg'
      ? { min: item.min === null ? null : value(item.min), max: item.max === null ? null : value(item.max) }
      : {}),
    count: item.count,
  };
}

function reading(item: SampleItem, value: (v: number) => number) {
  return {
    start: item.start,
    value: value(item.value),
    source: item.source,
    ...(item.systolic !== undefined && item.diastolic !== undefined
      ? { systolic: value(item.systolic), diastolic: value(item.diastolic) }
      : {}),
  };
}

export function registerMetricsTools(server: McpServer, s: McpServices, caller: McpCaller, tool: Audited) {
  const userId = caller.identity.userId;
  const today = () => dateIn(caller.tz, s.now());

  tool(
    'list_metrics',
    {
      title: 'List metrics',
      description:
        'The metrics this person has data for: kind (use it in get_series), label, category, unit, the latest value and its time, and how many days hold data.',
      inputSchema: {
        category: z.string().optional().describe('activity, vitals, sleep, body, nutrition, labs …'),
        limit: limit(200, 100),
      },
      outputSchema: {
        metrics: z.array(
          z.object({
            kind: z.string(),
            label: z.string(),
            category: z.string(),
            unit: z.string(),
            latest: z.object({ value: z.number(), at: z.string() }),
            days: z.number().int(),
          }),
        ),
      },
    },
    async ({ category, limit: max }) => {
      const summary = await s.summary.summary(userId, caller.tz);
      const metrics = summary.items
        .filter((item) => category === undefined || item.category === category)
        .slice(0, max)
        .map((item) => {
          const u = unitsFor(item.type, caller.units);
          return {
            kind: item.type,
            label: item.label,
            category: item.category,
            unit: u.unit,
            latest: { value: u.value(item.latest.value), at: item.latest.start },
            days: item.count,
          };
        });
      return answer({ metrics });
    },
  );

  tool(
    'get_series',
    {
      title: 'Get a metric over time',
      description:
        'Values of one metric between two dates, merged across sources without double counting, in buckets (hour, day, week, month) chosen by the range unless given; value is the total for sums (steps), the mean for averages (heart rate) and the last reading otherwise. bucket "raw" gives single readings.',
      inputSchema: {
        kind: z.string().describe('A metric kind from list_metrics, e.g. steps, weight, resting_heart_rate'),
        from: date.optional().describe('First day, YYYY-MM-DD (default: 30 days ago)'),
        to: date.optional().describe('Last day, YYYY-MM-DD (default: today)'),
        bucket: z.enum(['raw', 'hour', 'day', 'week', 'month']).optional(),
        units: unitSystem,
        limit: limit(1000, 200),
      },
      outputSchema: {
        kind: z.string(),
        label: z.string(),
        unit: z.string(),
        bucket: z.string(),
        from: z.string(),
        to: z.string(),
        timeZone: z.string(),
        points: z.array(
          pointSchema.or(z.object({ start: z.string(), value: z.number(), source: z.string() })),
        ),
        truncated: z.boolean(),
      },
    },
    async (input) => {
      const to = input.to ?? today();
      const from = input.from ?? dateIn(caller.tz, Date.parse(to) - 29 * DAY_MS);
      const bucket = input.bucket ?? defaultBucket(daysBetween(from, to) + 1);
      const query = metricsQuerySchema.parse({ type: input.kind, from, to, bucket, limit: input.limit });
      const series = await s.series.query(userId, query, caller.tz);
      const metric = getMetric(series.type);
      const u = unitsFor(series.type, input.units ?? caller.units);
      const points =
        series.bucket === 'raw'
          ? series.items.map((item) => reading(item, u.value))
          : series.items.map((item) => point(item, metric?.aggregation ?? 'avg', u.value));
      const truncated = points.length > input.limit || series.nextCursor !== null;
      return answer({
        kind: series.type,
        label: metric?.label ?? series.type,
        unit: u.unit,
        bucket: series.bucket,
        from,
        to,
        timeZone: caller.tz,
        // The latest points when there are more than asked for.
        points: points.slice(-input.limit),
        truncated,
      });
    },
  );

  tool(
    'get_day_summary',
    {
      title: "One day's summary",
      description: "Every metric's value on one day (the person's local day): totals, means, last readings.",
      inputSchema: { date: date.describe('YYYY-MM-DD'), units: unitSystem, limit: limit(200, 60) },
      outputSchema: {
        date: z.string(),
        timeZone: z.string(),
        metrics: z.array(
          z.object({
            kind: z.string(),
            label: z.string(),
            unit: z.string(),
            ...pointSchema.omit({ start: true }).shape,
          }),
        ),
      },
    },
    async (input) => {
      const summary = await s.summary.summary(userId, caller.tz);
      const metrics = [];
      for (const item of summary.items) {
        if (metrics.length >= input.limit) break;
        const query = metricsQuerySchema.parse({
          type: item.type,
          from: input.date,
          to: input.date,
          bucket: 'day',
        });
        const series = await s.series.query(userId, query, caller.tz);
        const day = series.bucket === 'raw' ? undefined : series.items[0];
        if (!day || day.count === 0) continue;
        const u = unitsFor(item.type, input.units ?? caller.units);
        const { start: _start, ...values } = point(day, item.aggregation, u.value);
        metrics.push({ kind: item.type, label: item.label, unit: u.unit, ...values });
      }
      return answer({ date: input.date, timeZone: caller.tz, metrics });
    },
  );

  if (!caller.identity.scopes.includes('metrics:write')) return;
  tool(
    'add_measurement',
    {
      title: 'Add a measurement',
      description:
        "Records one manual measurement (weight, blood pressure, glucose …). unit may be left out (the metric's own unit) or given as kg, lb, mg/dL, mmol/L, bpm, °F …",
      inputSchema: {
        kind: z.string(),
        value: z.number(),
        unit: z.string().max(40).optional(),
        at: z.iso.datetime({ offset: true }).optional().describe('When, ISO 8601 with offset (default: now)'),
        notes: z.string().max(2000).optional(),
      },
      outputSchema: { id: z.number(), kind: z.string(), value: z.number(), unit: z.string(), at: z.string() },
    },
    async (input) => {
      const entry = manualEntrySchema.parse({
        type: input.kind,
        value: input.value,
        ...(input.unit ? { unit: input.unit } : {}),
        start: input.at ?? new Date(s.now()).toISOString(),
        ...(input.notes ? { notes: input.notes } : {}),
      });
      const sample = await s.entries.create(userId, entry);
      return answer({
        id: sample.id,
        kind: sample.type,
        value: sample.value,
        unit: sample.unit,
        at: sample.start,
      });
    },
  );
}
