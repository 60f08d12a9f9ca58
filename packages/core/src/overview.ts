import { z } from 'zod';
import { getMetric } from './metrics/catalogue';
import { metricSummaryItemSchema, timeZoneSchema } from './samples';

/** Days a Dashboard sparkline covers, ending today. */
export const SPARK_DAYS = 30;

/**
 * How often a kind is expected to have a new value, in days. A latest value older than this is not
 * "current": the Dashboard shows its age ("3 weeks ago") instead of presenting it as today's. Daily
 * wearable kinds allow a day of lag (last night, a watch not yet synced); a scale is used weekly; a
 * DEXA scan or a lab panel comes once or twice a year.
 */
const cadenceByKind: Record<string, number> = {
  // Sessions and what only sessions bring come on training days, not every day.
  workout: 14,
  exercise_minutes: 7,
  distance: 7,
  speed: 14,
  power: 14,
  cycling_cadence: 14,
  mindful_minutes: 14,
  heart_rate_recovery: 30,
  walking_heart_rate: 7,
  weight: 14,
  bmi: 14,
  body_fat: 30,
  muscle_mass: 30,
  lean_mass: 30,
  fat_mass: 30,
  bone_mass: 30,
  visceral_fat: 30,
  waist_circumference: 60,
  height: 3650,
  vo2_max: 45,
  blood_pressure: 14,
  bone_density: 400,
  total_mass: 400,
  vat_mass: 400,
  android_fat: 400,
  gynoid_fat: 400,
  android_gynoid_ratio: 400,
  rmr: 400,
  metabolic_age: 400,
};
const cadenceByCategory: Record<string, number> = {
  activity: 2,
  vitals: 2,
  sleep: 2,
  body: 30,
  nutrition: 2,
  labs: 400,
  administrative: 400,
  custom: 30,
};

/** The kind's expected cadence in days (catalogue kind or alias). */
export function expectedCadenceDays(kind: string): number {
  const metric = getMetric(kind);
  const canonical = metric?.kind ?? kind;
  return cadenceByKind[canonical] ?? cadenceByCategory[metric?.category ?? 'custom'] ?? 30;
}

export const metricsOverviewQuerySchema = z.object({ tz: timeZoneSchema.optional() });

/** A metric as the Dashboard shows it: the summary item, its age, its usual and its last 30 days. */
export const overviewCardSchema = metricSummaryItemSchema.extend({
  /** Local days between the latest value's day and today. */
  ageDays: z.number().int(),
  /** The kind's expected cadence in days (`expectedCadenceDays`). */
  cadenceDays: z.number().int(),
  /** The latest value is older than the cadence: show its age, never as current. */
  stale: z.boolean(),
  /** The person's usual: the mean daily value of the 30 days before the latest value's day (≥ 7 days), else null. */
  baseline: z.number().nullable(),
  /** Daily values (canonical unit) of the last 30 local days, oldest first, today last; null = no data. */
  spark: z.array(z.number().nullable()),
});
export type OverviewCard = z.infer<typeof overviewCardSchema>;

/** Today so far against the usual by this time of day. */
export const todaySoFarSchema = z.object({
  type: z.string(),
  label: z.string(),
  unit: z.string(),
  /** Today's merged total so far (0 when nothing yet). */
  value: z.number(),
  /** The mean of the past 28 days' totals up to this time of day, over the days with data; null with fewer than 7. */
  usual: z.number().nullable(),
  usualDays: z.number().int(),
  /** The instant "so far" means. */
  asOf: z.string(),
});
export type TodaySoFar = z.infer<typeof todaySoFarSchema>;

/** Minutes per sleep stage, as the tracker scored the night. */
export const sleepStagesSchema = z.object({
  deep: z.number().nullable(),
  light: z.number().nullable(),
  rem: z.number().nullable(),
  awake: z.number().nullable(),
});

/** The latest night (it counts for the day you wake up). */
export const sleepNightSchema = z.object({
  night: z.iso.date(),
  /** Minutes asleep. */
  asleepMin: z.number(),
  /** Minutes in bed, when a tracker recorded it. */
  inBedMin: z.number().nullable(),
  start: z.string(),
  end: z.string(),
  source: z.string(),
  device: z.string().nullable(),
  stages: sleepStagesSchema.nullable(),
  ageDays: z.number().int(),
  stale: z.boolean(),
});
export type SleepNight = z.infer<typeof sleepNightSchema>;

/** CGM time in ranges of the last 14 days (packages/insights' consensus ranges, mg/dL limits). */
export const glucoseOverviewSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  readings: z.number().int(),
  /** mg/dL. */
  mean: z.number(),
  ranges: z.object({
    veryLow: z.number(),
    low: z.number(),
    inRange: z.number(),
    high: z.number(),
    veryHigh: z.number(),
  }),
  sources: z.array(z.string()),
});
export type GlucoseOverview = z.infer<typeof glucoseOverviewSchema>;

/** `GET /api/metrics/overview`: everything the Dashboard's metric cards need, in one answer. */
export const metricsOverviewSchema = z.object({
  tz: z.string(),
  /** Today's local date in `tz`. */
  today: z.iso.date(),
  items: z.array(overviewCardSchema),
  todaySoFar: z.array(todaySoFarSchema),
  sleep: sleepNightSchema.nullable(),
  /** Only for CGM users (≥ 2 days of readings at CGM density in the last 14 days). */
  glucose: glucoseOverviewSchema.nullable(),
});
export type MetricsOverview = z.infer<typeof metricsOverviewSchema>;
