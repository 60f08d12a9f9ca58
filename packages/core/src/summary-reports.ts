import { z } from 'zod';

/** DESIGN "Contracts added for issues 10–16": the sections a clinician report may hold, in print order. */
export const reportSections = [
  'summary',
  'vitals',
  'activity',
  'sleep',
  'body',
  'glucose',
  'labs',
  'clinical',
  'insights',
  'goals',
] as const;
export type ReportSection = (typeof reportSections)[number];

export const reportSectionTitles: Record<ReportSection, string> = {
  summary: 'Summary',
  vitals: 'Vitals',
  activity: 'Activity',
  sleep: 'Sleep',
  body: 'Body composition',
  glucose: 'Glucose',
  labs: 'Labs',
  clinical: 'Clinical summary',
  insights: 'Insights',
  goals: 'Goals',
};

/** The longest period a report covers: ten years. */
export const REPORT_MAX_DAYS = 3660;

/** `POST /api/reports`: the period (local dates, inclusive) and the sections. */
export const reportRequestSchema = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    sections: z.array(z.enum(reportSections)).min(1).max(reportSections.length),
  })
  .refine((r) => r.from <= r.to, { message: 'The period must end on or after its start', path: ['to'] })
  .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 < REPORT_MAX_DAYS, {
    message: 'A report covers ten years at most',
    path: ['from'],
  });
export type ReportRequest = z.infer<typeof reportRequestSchema>;

export const reportStatuses = ['queued', 'running', 'succeeded', 'failed'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/** A report in the list and `GET /api/reports/:id`. */
export const reportJobSchema = z.object({
  id: z.string(),
  status: z.enum(reportStatuses),
  /** 0–100. */
  progress: z.number(),
  from: z.iso.date(),
  to: z.iso.date(),
  sections: z.array(z.enum(reportSections)),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Pages and bytes of the PDF once made. */
  pages: z.number().int().nullable(),
  bytes: z.number().int().nullable(),
  /** Why it failed, in words. */
  failure: z.string().nullable(),
});
export type ReportJob = z.infer<typeof reportJobSchema>;

/** Where a figure or a table's data came from, and the dates it covers. */
export const reportSourceSchema = z.string();

const point = z.object({ x: z.iso.date(), y: z.number() });

/** One block of a report section: the PDF and the printable page draw the same blocks. */
export const reportBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('heading'), text: z.string() }),
  z.object({
    type: z.literal('table'),
    caption: z.string(),
    columns: z.array(z.string()),
    rows: z.array(z.array(z.string())),
    /** Rows to highlight (a flagged lab result). */
    flagged: z.array(z.number().int()).optional(),
    source: reportSourceSchema,
  }),
  z.object({
    type: z.literal('line'),
    caption: z.string(),
    unit: z.string(),
    points: z.array(point),
    /** A reference range or target band drawn behind the line. */
    band: z.object({ low: z.number().nullable(), high: z.number().nullable() }).optional(),
    source: reportSourceSchema,
  }),
  z.object({
    type: z.literal('agp'),
    caption: z.string(),
    unit: z.string(),
    /** 96 bins of 15 minutes: the 5th, 25th, 50th, 75th and 95th percentiles (null: too few readings). */
    bins: z.array(z.array(z.number().nullable()).length(5)),
    target: z.object({ low: z.number(), high: z.number() }),
    source: reportSourceSchema,
  }),
  z.object({
    type: z.literal('ranges'),
    caption: z.string(),
    /** Shares (0–1), very high first as the consensus draws them. */
    segments: z.array(z.object({ label: z.string(), share: z.number(), color: z.string() })),
    source: reportSourceSchema,
  }),
  z.object({
    type: z.literal('daily'),
    caption: z.string(),
    unit: z.string(),
    days: z.array(z.object({ day: z.iso.date(), hourly: z.array(z.number().nullable()) })),
    target: z.object({ low: z.number(), high: z.number() }),
    source: reportSourceSchema,
  }),
]);
export type ReportBlock = z.infer<typeof reportBlockSchema>;

/** The report itself: `GET /api/reports/:id/content`, drawn by the printable page. */
export const reportContentSchema = z.object({
  title: z.string(),
  person: z.string(),
  from: z.iso.date(),
  to: z.iso.date(),
  generatedAt: z.string(),
  sections: z.array(
    z.object({ key: z.enum(reportSections), title: z.string(), blocks: z.array(reportBlockSchema) }),
  ),
});
export type ReportContent = z.infer<typeof reportContentSchema>;

/** `GET /api/health-score`: README "Health score" documents each part's scale and weight. */
export const healthScoreSchema = z.object({
  score: z.number().int().nullable(),
  day: z.iso.date(),
  reason: z.string().nullable(),
  parts: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      weight: z.number(),
      value: z.number().nullable(),
      unit: z.string(),
      score: z.number().nullable(),
      basis: z.string(),
    }),
  ),
});
export type HealthScoreAnswer = z.infer<typeof healthScoreSchema>;

/** `GET /api/reports`. */
export const reportJobListSchema = z.object({ items: z.array(reportJobSchema) });
export type ReportJobList = z.infer<typeof reportJobListSchema>;
