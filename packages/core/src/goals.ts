import { z } from 'zod';
import { getMetric, metricKindSchema } from './metrics/catalogue';
import { unitLabel } from './units/display';

/** daily: every local day · weekly: every Monday-to-Sunday week · by_date: once, by the deadline. */
export const goalPeriods = ['daily', 'weekly', 'by_date'] as const;
export type GoalPeriod = (typeof goalPeriods)[number];

/** at_least: reach or pass the target (10 000 steps) · at_most: stay at or under it (HbA1c under 5.7). */
export const goalDirections = ['at_least', 'at_most'] as const;
export type GoalDirection = (typeof goalDirections)[number];

/** `POST /api/goals` and `PUT /api/goals/:id`. The target is in `unit` (default: the kind's canonical unit). */
export const goalInputSchema = z
  .object({
    metric: metricKindSchema,
    target: z.number().finite(),
    unit: z.string().min(1).max(40).optional(),
    direction: z.enum(goalDirections),
    period: z.enum(goalPeriods),
    /** Required for `by_date`: the local day the target should be reached by. */
    deadline: z.iso.date().nullable().optional(),
    title: z.string().trim().min(1).max(120).optional(),
  })
  .refine((goal) => goal.period !== 'by_date' || !!goal.deadline, {
    message: 'A goal by a date needs a deadline',
    path: ['deadline'],
  });
export type GoalInput = z.infer<typeof goalInputSchema>;

/** One period of a goal's history. */
export const goalPeriodResultSchema = z.object({
  /** First local day of the period. */
  start: z.iso.date(),
  value: z.number().nullable(),
  met: z.boolean(),
});

/** When a by-date goal will be reached at the current rate, with an interval. */
export const goalPredictionSchema = z.object({
  /** Null when the current rate never reaches the target (flat or moving away). */
  date: z.iso.date().nullable(),
  low: z.iso.date().nullable(),
  high: z.iso.date().nullable(),
  onTrack: z.boolean(),
  /** Change per day at the current rate, in the canonical unit. */
  ratePerDay: z.number(),
});
export type GoalPrediction = z.infer<typeof goalPredictionSchema>;

export const goalProgressSchema = z.object({
  /** This period's value (today's total, this week's, the latest reading), canonical unit. */
  current: z.number().nullable(),
  /** 0–100: how far the current period is toward the target (by_date: from the starting value). */
  percent: z.number(),
  met: z.boolean(),
  /** Periods in a row met, up to the current one (the current one counts once met). */
  streak: z.number().int(),
  bestStreak: z.number().int(),
  /** The last periods, oldest first (30 days, 12 weeks, or the readings since the goal began). */
  history: z.array(goalPeriodResultSchema),
  prediction: goalPredictionSchema.nullable(),
});
export type GoalProgress = z.infer<typeof goalProgressSchema>;

export const goalSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Canonical kind. */
  metric: z.string(),
  /** In `unit`, the kind's canonical unit. */
  target: z.number(),
  unit: z.string(),
  direction: z.enum(goalDirections),
  period: z.enum(goalPeriods),
  deadline: z.iso.date().nullable(),
  /** For by_date goals: the latest value when the goal was set, canonical unit. */
  startValue: z.number().nullable(),
  createdAt: z.string(),
  progress: goalProgressSchema,
});
export type Goal = z.infer<typeof goalSchema>;

export const goalListSchema = z.object({ items: z.array(goalSchema) });
export type GoalList = z.infer<typeof goalListSchema>;

const titleNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * "Steps at least 10,000 a day", "Weight at most 75 kg by 2027-06-01": the title the server gives a goal
 * created without one, in the unit its target was typed in. The web recognises such titles by it.
 */
export function defaultGoalTitle(
  metric: string,
  target: number,
  unit: string,
  direction: string,
  period: string,
  deadline: string | null,
): string {
  const label = getMetric(metric)?.label ?? metric;
  const bound = direction === 'at_most' ? 'at most' : 'at least';
  const shown = unitLabel(unit);
  const shownUnit = shown && shown !== '1' ? ` ${shown}` : '';
  const when = period === 'daily' ? ' a day' : period === 'weekly' ? ' a week' : ` by ${deadline ?? ''}`;
  return `${label} ${bound} ${titleNumber.format(target)}${shownUnit}${when}`;
}
