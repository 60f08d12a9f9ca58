import { z } from 'zod';

/**
 * A workout's track (issue 22): its points as one array per series, aligned by index. `t` is seconds
 * from the workout's start; a series the file does not carry at a point holds null there.
 */
export const workoutTrackPointsSchema = z.object({
  t: z.array(z.number()),
  lat: z.array(z.number().nullable()),
  lon: z.array(z.number().nullable()),
  /** Metres above sea level. */
  ele: z.array(z.number().nullable()),
  /** Metres from the start, as the device measured it (TCX) or along the route (GPX). */
  dist: z.array(z.number().nullable()),
  /** Beats per minute. */
  hr: z.array(z.number().nullable()),
});
export type WorkoutTrackPoints = z.infer<typeof workoutTrackPointsSchema>;

/** A track an importer read, for the workout sample of the same source, start and origin id. */
export interface WorkoutTrackInput {
  source: string;
  /** The workout sample's start, epoch ms. */
  start: number;
  originId: string;
  points: WorkoutTrackPoints;
}

export const workoutsQuerySchema = z.object({
  /** Workouts that start before this instant (ISO), newest first: the next page's cursor. */
  before: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type WorkoutsQuery = z.infer<typeof workoutsQuerySchema>;

/** One workout as the list shows it. */
export const workoutSummarySchema = z.object({
  /** The workout sample's id. */
  id: z.number().int(),
  /** Local wall-clock start and end with their offset (ISO). */
  start: z.string(),
  end: z.string(),
  activity: z.string(),
  durationMin: z.number(),
  distanceM: z.number().nullable(),
  energyKcal: z.number().nullable(),
  /** Beats per minute: the workout's own figure, else the mean of the heart-rate samples during it. */
  avgHeartRate: z.number().nullable(),
  /** The highest heart-rate sample during the workout (any source). */
  maxHeartRate: z.number().nullable(),
  source: z.string(),
  device: z.string().nullable(),
  hasTrack: z.boolean(),
});
export type WorkoutSummary = z.infer<typeof workoutSummarySchema>;

export const workoutListSchema = z.object({
  items: z.array(workoutSummarySchema),
  /** Pass as `before` for older workouts; null when there are none. */
  nextBefore: z.string().nullable(),
});
export type WorkoutList = z.infer<typeof workoutListSchema>;

/** Time in each heart-rate zone (1–5: 50–60 … 90–100 % of the maximum heart rate). */
export const heartRateZonesSchema = z.object({
  maxHeartRate: z.number(),
  /**
   * Where the maximum comes from: `age` (220 − age, when a birth date is known) or `observed` (the
   * highest heart rate among the person's own samples).
   */
  basis: z.enum(['age', 'observed']),
  zones: z.array(
    z.object({
      zone: z.number().int(),
      minBpm: z.number(),
      maxBpm: z.number(),
      seconds: z.number(),
    }),
  ),
  /** Seconds with a heart rate below zone 1. */
  belowSeconds: z.number(),
});
export type HeartRateZones = z.infer<typeof heartRateZonesSchema>;

export const workoutDetailSchema = workoutSummarySchema.extend({
  zones: heartRateZonesSchema.nullable(),
  track: z
    .object({
      points: workoutTrackPointsSchema,
      /** Sum of the climbs between points, metres. */
      elevationGainM: z.number().nullable(),
      /** Distance over elapsed time, metres per second. */
      avgSpeedMps: z.number().nullable(),
    })
    .nullable(),
});
export type WorkoutDetail = z.infer<typeof workoutDetailSchema>;

/** The five zones as fractions of the maximum heart rate. */
export const HEART_RATE_ZONE_BOUNDS = [0.5, 0.6, 0.7, 0.8, 0.9, 1] as const;
