import { z } from 'zod';

/** SPEC §3's enumeration of insight types. */
export const insightTypes = [
  'trend',
  'anomaly',
  'goal_progress',
  'correlation',
  'prediction',
  'recommendation',
] as const;
export type InsightType = (typeof insightTypes)[number];

export const insightSeverities = ['info', 'warning', 'critical'] as const;
export type InsightSeverity = (typeof insightSeverities)[number];

/** One series an insight rests on, drawn as its small chart: daily values in the metric's canonical unit. */
export const insightSeriesSchema = z.object({
  metric: z.string(),
  unit: z.string(),
  points: z.array(z.object({ day: z.iso.date(), value: z.number() })),
  /** The band the finding compares against: a reference range, or the person's own baseline. */
  band: z.object({ low: z.number().nullable(), high: z.number().nullable(), label: z.string() }).optional(),
  /** Days the finding points at (the anomalous day, the trend's window). */
  highlight: z.array(z.iso.date()).optional(),
});
export type InsightSeries = z.infer<typeof insightSeriesSchema>;

/** An insight as the API answers it (SPEC §3 fields plus the window and values it rests on). */
export const insightSchema = z.object({
  id: z.string(),
  userId: z.string(),
  type: z.enum(insightTypes),
  /** What happened and what it may mean, in everyday words. */
  title: z.string(),
  description: z.string(),
  /** "How we know": the statistics behind it (test, interval, p, corrections); '' when none. */
  evidence: z.string(),
  severity: z.enum(insightSeverities),
  actionable: z.boolean(),
  recommendations: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  relatedMetrics: z.array(z.string()),
  /** The local days the finding rests on, inclusive. */
  window: z.object({ from: z.iso.date(), to: z.iso.date() }),
  /** The figures behind it (slope per day, r, n, baseline median …), by name. */
  values: z.record(z.string(), z.union([z.number(), z.string()])),
  series: z.array(insightSeriesSchema),
  dismissedAt: z.string().nullable(),
});
export type Insight = z.infer<typeof insightSchema>;

const filter = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum([...values, 'all'] as [T[number] | 'all', ...(T[number] | 'all')[]]).default('all');

/** `GET /api/insights?type=&severity=`; `all` means no filter (SPEC §3). */
export const insightsQuerySchema = z.object({
  type: filter(insightTypes),
  severity: filter(insightSeverities),
});
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

export const insightListSchema = z.object({
  items: z.array(insightSchema),
  /** Days with any data in the engine's window, and how many the first insights need ("No insights yet"). */
  coverage: z.object({ dataDays: z.number().int(), daysNeeded: z.number().int() }).optional(),
});
export type InsightList = z.infer<typeof insightListSchema>;
