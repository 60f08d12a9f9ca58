import { z } from 'zod';
import { metricKindSchema } from './metrics/catalogue';

/** ISO 8601 instant with a UTC offset or Z ("2026-11-20T23:30:00-05:00"); the offset is kept. */
export const instantSchema = z.iso.datetime({
  offset: true,
  message: 'Expected an ISO 8601 date-time with offset',
});

/** An instant, or a plain local date read in the request's time zone (`to` dates include their whole day). */
const instantOrDate = z.union([instantSchema, z.iso.date()], {
  message: 'Expected an ISO 8601 date or date-time',
});

export const metricBuckets = ['raw', 'hour', 'day', 'week', 'month'] as const;
export type MetricBucket = (typeof metricBuckets)[number];

/** IANA time zone name; checked against the runtime's zone database. */
export const timeZoneSchema = z.string().min(1).max(64).refine(isTimeZone, { message: 'Unknown time zone' });

const knownZones = new Set<string>();

/** Whether the runtime knows the IANA zone; answers are remembered. */
export function isTimeZone(zone: string): boolean {
  if (knownZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    if (knownZones.size < 1000) knownZones.add(zone);
    return true;
  } catch {
    return false;
  }
}

/** `GET /api/metrics` query. `type` accepts any alias; the answer names the canonical kind. */
export const metricsQuerySchema = z.object({
  type: metricKindSchema,
  from: instantOrDate.optional(),
  to: instantOrDate.optional(),
  source: z.string().min(1).max(100).optional(),
  bucket: z.enum(metricBuckets).default('raw'),
  /** Buckets are days of this zone; default: the user's `settings.preferences.timeZone`, else UTC. */
  tz: timeZoneSchema.optional(),
  limit: z.coerce.number().int().min(1).max(10_000).default(1000),
  /** Opaque, from the previous page's `nextCursor` (raw only). */
  cursor: z.string().max(200).optional(),
});
export type MetricsQuery = z.infer<typeof metricsQuerySchema>;

export const referenceRangeSchema = z.object({
  low: z.number().optional(),
  high: z.number().optional(),
  /** As printed by the lab when it is not two numbers ("<200", "negative"). */
  text: z.string().optional(),
});

/**
 * One stored sample. Values are in the kind's canonical UCUM unit. Blood pressure is stored as its two
 * component kinds and answered as one item: `value` is the systolic, `systolic`/`diastolic` both.
 */
export const sampleItemSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  value: z.number(),
  unit: z.string(),
  start: z.string(),
  end: z.string(),
  source: z.string(),
  device: z.string().nullable(),
  /** How it reached us when not by its source's own API (sample-paths.ts): "apple-health", "push" … */
  path: z.string().nullable().optional(),
  /** Written by a sandbox connection: generated data, not the person's. */
  sandbox: z.literal(true).optional(),
  flag: z.string().nullable(),
  referenceRange: referenceRangeSchema.optional(),
  notes: z.string().optional(),
  /** As the source printed it when it was not a plain number ("<0.5"). */
  valueText: z.string().optional(),
  systolic: z.number().optional(),
  diastolic: z.number().optional(),
});
export type SampleItem = z.infer<typeof sampleItemSchema>;

const bucketStatsSchema = z.object({
  min: z.number().nullable(),
  max: z.number().nullable(),
  avg: z.number().nullable(),
  sum: z.number(),
  count: z.number().int(),
});

/** One bucket of merged values (no double counting across sources); for blood pressure the stats are systolic. */
export const bucketItemSchema = bucketStatsSchema.extend({
  start: z.string(),
  end: z.string(),
  /** The last value of the bucket (for kinds whose day value is the last reading, such as height). */
  last: z.number().nullable(),
  diastolic: bucketStatsSchema.optional(),
});
export type BucketItem = z.infer<typeof bucketItemSchema>;

const seriesBase = { type: z.string(), unit: z.string(), tz: z.string(), nextCursor: z.string().nullable() };

/** The answer of `GET /api/metrics`: raw samples (keyset pages), or buckets (one page, `nextCursor` null). */
export const metricsSeriesSchema = z.discriminatedUnion('bucket', [
  z.object({ ...seriesBase, bucket: z.literal('raw'), items: z.array(sampleItemSchema) }),
  z.object({
    ...seriesBase,
    bucket: z.enum(['hour', 'day', 'week', 'month']),
    items: z.array(bucketItemSchema),
  }),
]);
export type MetricsSeries = z.infer<typeof metricsSeriesSchema>;

/** `POST /api/metrics`: a manual entry. */
export const manualEntrySchema = z.object({
  type: metricKindSchema,
  /** In `unit`; for blood pressure the systolic (or give `systolic` and `diastolic`). */
  value: z.number().optional(),
  /** The kind's canonical unit when left out; UCUM or a common spelling (lb, mg/dL, °F, bpm). */
  unit: z.string().max(40).optional(),
  start: instantSchema,
  end: instantSchema.optional(),
  notes: z.string().max(2000).optional(),
  timeZone: timeZoneSchema.optional(),
  systolic: z.number().optional(),
  diastolic: z.number().optional(),
});
export type ManualEntry = z.infer<typeof manualEntrySchema>;

/** `PUT /api/metrics/:id`: the fields to change; `type` may be given but cannot change. */
export const manualEntryUpdateSchema = manualEntrySchema.partial();
export type ManualEntryUpdate = z.infer<typeof manualEntryUpdateSchema>;

export const sampleIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

const trendSchema = z.object({
  /** Mean daily total (sum kinds), mean value (avg kinds) or last value of the window. */
  current: z.number(),
  previous: z.number().nullable(),
  change: z.number().nullable(),
  changePct: z.number().nullable(),
});

export const metricSummaryItemSchema = z.object({
  type: z.string(),
  label: z.string(),
  category: z.string(),
  unit: z.string(),
  valueType: z.string(),
  aggregation: z.enum(['sum', 'avg', 'last']),
  /** Sum kinds: the latest day's merged total (source "*"); others: the latest sample. */
  latest: z.object({
    value: z.number(),
    start: z.string(),
    end: z.string(),
    source: z.string(),
    device: z.string().nullable(),
    flag: z.string().nullable(),
    systolic: z.number().optional(),
    diastolic: z.number().optional(),
    /**
     * Sandbox data (generated, not the person's) is in it: the latest reading came from a sandbox
     * connection, or the latest day's total had a sandbox stream. Only while sandbox data is included.
     */
    sandbox: z.literal(true).optional(),
  }),
  count: z.number().int(),
  trend7: trendSchema.nullable(),
  trend30: trendSchema.nullable(),
});
export const metricsSummarySchema = z.object({ tz: z.string(), items: z.array(metricSummaryItemSchema) });
export type MetricsSummary = z.infer<typeof metricsSummarySchema>;

export const metricsWhyQuerySchema = z.object({ type: metricKindSchema, date: z.iso.date() });

/** "Why this number": how a day's merged value came about, stream by stream (best first). */
export const metricsWhySchema = z.object({
  type: z.string(),
  date: z.string(),
  unit: z.string(),
  aggregation: z.enum(['sum', 'avg', 'last']),
  /** The day's merged value: total for sum kinds, mean for avg kinds, last reading otherwise. */
  value: z.number().nullable(),
  count: z.number().int(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  streams: z.array(
    z.object({
      source: z.string(),
      device: z.string().nullable(),
      rank: z.number().int(),
      /** Sum kinds: what the stream added to the total; others: how many of its readings count. */
      contributed: z.number(),
      samples: z.number().int(),
      samplesUsed: z.number().int(),
      /** Milliseconds of the day in which this stream was the one counted. */
      msWon: z.number(),
      /** Its own total or mean, had it been the only stream. */
      ownValue: z.number().nullable(),
      /**
       * The paths its readings came by (export.zip, Health Auto Export, the provider's API …), best
       * first: where two paths bring the same time, the finer one counts and the other adds nothing.
       */
      paths: z.array(
        z.object({
          /** sample-paths.ts: a file format id, "push", "sandbox"; null for the provider's API or a manual entry. */
          path: z.string().nullable(),
          label: z.string(),
          contributed: z.number(),
          samples: z.number().int(),
          samplesUsed: z.number().int(),
        }),
      ),
    }),
  ),
});
export type MetricsWhy = z.infer<typeof metricsWhySchema>;

export const priorityStreamSchema = z.object({
  source: z.string().min(1).max(100),
  device: z.string().max(200).nullable().optional(),
});

export const metricPrioritiesQuerySchema = z.object({ type: metricKindSchema });

export const metricPrioritiesUpdateSchema = z.object({
  type: metricKindSchema,
  /** Best first. A source without device stands for all of its devices. */
  order: z.array(priorityStreamSchema).max(100),
});

export const metricPrioritiesSchema = z.object({
  type: z.string(),
  /** Whether the user changed the default order. */
  customized: z.boolean(),
  order: z.array(
    z.object({
      source: z.string(),
      device: z.string().nullable(),
      /** 1 is the best. */
      rank: z.number().int(),
      tier: z.enum(['custom', 'manual', 'wearable', 'phone', 'other']),
    }),
  ),
});
export type MetricPriorities = z.infer<typeof metricPrioritiesSchema>;

/** `GET /api/metrics/summary?tz=`: the days are local to `tz` (the profile's zone unless given). */
export const metricsSummaryQuerySchema = z.object({ tz: timeZoneSchema.optional() });

/** `DELETE /api/metrics/:id`. */
export const sampleDeletedSchema = z.object({ id: z.number(), deleted: z.literal(true) });
export type SampleDeleted = z.infer<typeof sampleDeletedSchema>;
