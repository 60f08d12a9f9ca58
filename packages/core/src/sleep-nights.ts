import { z } from 'zod';
import { timeZoneSchema } from './samples';

/**
 * Sleep night by night (issue 22): a hypnogram per night, from the sleep samples a tracker stored one per
 * stretch, and the regularity of bedtime and wake time over the weeks shown.
 */
export const sleepNightsQuerySchema = z.object({
  /** Wake-up days (a night counts for the day you wake up), inclusive; default the 28 nights to today. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type SleepNightsQuery = z.infer<typeof sleepNightsQuerySchema>;

/**
 * A stretch of the night. `deep`, `core` (light), `rem`: scored by the tracker; `asleep`: asleep, stage
 * not kept (Apple Health, or a tracker that does not score stages); `awake`: a gap between stretches
 * asleep (trackers' awake stretches are not stored as sleep; the gaps are where they were).
 */
export const sleepStageSchema = z.enum(['deep', 'core', 'rem', 'asleep', 'awake']);
export type SleepStage = z.infer<typeof sleepStageSchema>;

export const sleepSegmentSchema = z.object({
  /** Local wall-clock times with their offset (ISO). */
  start: z.string(),
  end: z.string(),
  stage: sleepStageSchema,
});
export type SleepSegment = z.infer<typeof sleepSegmentSchema>;

export const sleepNightDetailSchema = z.object({
  /** The wake-up day. */
  night: z.iso.date(),
  source: z.string(),
  device: z.string().nullable(),
  /** First stretch asleep and last one's end (ISO, local). */
  bedtime: z.string(),
  wake: z.string(),
  asleepMin: z.number(),
  /** Minutes in bed, when a tracker recorded it. */
  inBedMin: z.number().nullable(),
  /**
   * The night's stretches in time order, when the tracker stored them one by one; empty when it stored
   * the night as one total (then `stageMinutes` may still say how long each stage lasted).
   */
  segments: z.array(sleepSegmentSchema),
  /** Minutes per stage: summed from the segments, or as the tracker reported them for the night. */
  stageMinutes: z
    .object({
      deep: z.number().nullable(),
      core: z.number().nullable(),
      rem: z.number().nullable(),
      awake: z.number().nullable(),
    })
    .nullable(),
});
export type SleepNightDetail = z.infer<typeof sleepNightDetailSchema>;

export const sleepNightsSchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  nights: z.array(sleepNightDetailSchema),
  /** Over the nights shown; null with fewer than two nights. */
  consistency: z
    .object({
      /** Mean local bedtime and wake time, "HH:MM". */
      meanBedtime: z.string(),
      meanWake: z.string(),
      /** Standard deviation of bedtime and wake time, minutes: the smaller, the more regular. */
      bedtimeSdMin: z.number(),
      wakeSdMin: z.number(),
      meanAsleepMin: z.number(),
    })
    .nullable(),
});
export type SleepNights = z.infer<typeof sleepNightsSchema>;

/** `GET /api/sleep/nights?from=&to=&tz=`: the nights' days are local to `tz` (the profile's zone unless given). */
export const sleepNightsRequestQuerySchema = sleepNightsQuerySchema.extend({ tz: timeZoneSchema.optional() });
