import { z } from 'zod';

// What the provider routes answer from the readings syncs stored (never the provider's own API):
// `GET /api/integrations/dexcom/*`, `…/peloton/*` and `…/strava/activities`.

// Dexcom

export const dexcomDaysQuerySchema = z.object({
  /** How many days back from now; Clarity's reports use 14, 30 and 90. */
  days: z.coerce.number().int().min(1).max(90).default(14),
});

export const dexcomReadingSchema = z.object({
  time: z.string(),
  /** Minutes east of UTC the reading was displayed at. */
  utcOffsetMin: z.number().int(),
  value: z.number(),
  unit: z.string(),
  /** Dexcom's trend arrow ("flat", "fortyFiveUp" …), when the reading came with one. */
  trend: z.string().nullable(),
  /** "Low" / "High" beyond the sensor's range. */
  valueText: z.string().nullable(),
});
export const dexcomGlucoseSchema = z.object({ days: z.number().int(), items: z.array(dexcomReadingSchema) });

export const dexcomStatisticsSchema = z.object({
  days: z.number().int(),
  unit: z.literal('mg/dL'),
  readings: z.number().int(),
  /** Days in the window with at least one reading. */
  daysCovered: z.number().int(),
  mean: z.number().nullable(),
  /** Glucose management indicator (%), 3.31 + 0.02392 × mean mg/dL (Bergenstal et al., Diabetes Care 2018). */
  gmi: z.number().nullable(),
  sd: z.number().nullable(),
  /** Coefficient of variation (%), SD ÷ mean × 100; ≤ 36 % is stable (international consensus 2017). */
  cv: z.number().nullable(),
  stable: z.boolean().nullable(),
  /** Percent of readings, 70–180 mg/dL inclusive (international consensus on time in range, 2019). */
  timeInRange: z.number().nullable(),
  timeBelow70: z.number().nullable(),
  timeBelow54: z.number().nullable(),
  timeAbove180: z.number().nullable(),
  timeAbove250: z.number().nullable(),
});
export type DexcomReading = z.infer<typeof dexcomReadingSchema>;
export type GlucoseStatistics = z.infer<typeof dexcomStatisticsSchema>;

// Peloton

export const pelotonWorkoutsQuerySchema = z.object({
  /** How many of the newest workouts: 20 unless asked, at most 100. */
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const pelotonWorkoutSchema = z.object({
  /** Peloton's workout id (from a sync), or `<start seconds>:<title>` (from the CSV import). */
  id: z.string(),
  /** The class title ("30 min Pop Ride"). */
  title: z.string().nullable(),
  /** Peloton's fitness discipline ("cycling", "strength", "yoga"). */
  discipline: z.string(),
  instructor: z.string().nullable(),
  /** In the offset the workout was recorded at. */
  start: z.string(),
  end: z.string(),
  /** Time from start to end (the CSV import gives the class length). */
  minutes: z.number(),
  calories: z.number().nullable(),
  distanceM: z.number().nullable(),
  avgHeartRate: z.number().nullable(),
  totalOutputKj: z.number().nullable(),
});

export const pelotonWorkoutsSchema = z.object({
  limit: z.number().int(),
  items: z.array(pelotonWorkoutSchema),
});

export const pelotonDisciplineTotalsSchema = z.object({
  discipline: z.string(),
  workouts: z.number().int(),
  minutes: z.number(),
  calories: z.number(),
});

export const pelotonOverviewSchema = z.object({
  workouts: z.number().int(),
  minutes: z.number(),
  calories: z.number(),
  distanceM: z.number(),
  totalOutputKj: z.number(),
  /** Most workouts first. */
  byDiscipline: z.array(pelotonDisciplineTotalsSchema),
  firstWorkoutAt: z.string().nullable(),
  lastWorkout: pelotonWorkoutSchema.nullable(),
});
export type PelotonWorkout = z.infer<typeof pelotonWorkoutSchema>;
export type PelotonDisciplineTotals = z.infer<typeof pelotonDisciplineTotalsSchema>;

// Strava

export const stravaActivitiesQuerySchema = z.object({
  /** How many days back, SPEC §9: 30 unless asked. */
  days: z.coerce.number().int().min(1).max(3650).default(30),
});

export const stravaActivitySchema = z.object({
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

export const stravaActivitiesSchema = z.object({
  days: z.number().int(),
  items: z.array(stravaActivitySchema),
});
export type StravaActivity = z.infer<typeof stravaActivitySchema>;
