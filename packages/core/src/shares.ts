import { z } from 'zod';
import { reportSections, reportSectionTitles } from './summary-reports';

/**
 * What a share may show (DESIGN "Shares"): a clinician report's sections without its summary page, plus
 * the health score. Metric sections are merged daily values of the kinds of that category; `glucose` is
 * blood glucose; `labs` lab results with their ranges; `clinical` the clinical records; `insights` and
 * `goals` as the owner sees them.
 */
const [, ...reportSectionsAfterSummary] = reportSections;
export const shareSections = [...reportSectionsAfterSummary, 'healthScore'] as const;
export type ShareSection = (typeof shareSections)[number];

const { summary: _summaryTitle, ...reportTitlesAfterSummary } = reportSectionTitles;
export const shareSectionLabels: Record<ShareSection, string> = {
  ...reportTitlesAfterSummary,
  labs: 'Lab results',
  healthScore: 'Health score',
};

/** Expiry when none is asked for, and the longest a share may live. */
export const SHARE_DEFAULT_DAYS = 7;
export const SHARE_MAX_DAYS = 90;

/** `POST /api/shares`. */
export const shareInputSchema = z
  .object({
    recipient: z.string().trim().min(1).max(120),
    sections: z.array(z.enum(shareSections)).min(1).max(shareSections.length),
    from: z.iso.date(),
    to: z.iso.date(),
    reportId: z.string().min(1).max(64).optional(),
    expiresAt: z.iso.datetime({ offset: true }).optional(),
    /** Ask the recipient for a 6-digit code, given once in the answer, to be sent separately. */
    requireCode: z.boolean().default(false),
  })
  .refine((s) => s.from <= s.to, { message: 'The period must end after it starts', path: ['to'] });
export type ShareInput = z.input<typeof shareInputSchema>;
export type ShareRequest = z.output<typeof shareInputSchema>;

export const shareCreatedSchema = z.object({
  id: z.string(),
  url: z.string(),
  expiresAt: z.string(),
  /** Only when `requireCode` was asked for; shown once, never stored in clear. */
  code: z.string().optional(),
});
export type ShareCreated = z.infer<typeof shareCreatedSchema>;

export const shareViewSchema = z.object({
  at: z.string(),
  /** Truncated: a /24 (IPv4) or /48 (IPv6) network. */
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type ShareView = z.infer<typeof shareViewSchema>;

export const shareStatuses = ['active', 'expired', 'revoked'] as const;

export const shareSchema = z.object({
  id: z.string(),
  recipient: z.string(),
  sections: z.array(z.enum(shareSections)),
  from: z.string(),
  to: z.string(),
  reportId: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  status: z.enum(shareStatuses),
  requiresCode: z.boolean(),
  views: z.array(shareViewSchema),
});
export type Share = z.infer<typeof shareSchema>;
export const shareListSchema = z.object({ items: z.array(shareSchema) });

/** One metric's merged daily values in the shared period. */
export const sharedSeriesSchema = z.object({
  kind: z.string(),
  label: z.string(),
  unit: z.string(),
  days: z.array(z.object({ day: z.string(), value: z.number() })),
});
export type SharedSeries = z.infer<typeof sharedSeriesSchema>;

export const sharedLabSchema = z.object({
  kind: z.string(),
  name: z.string(),
  day: z.string(),
  value: z.number(),
  unit: z.string(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  flag: z.string().nullable(),
});

export const sharedClinicalSchema = z.object({
  category: z.string(),
  display: z.string(),
  status: z.string().nullable(),
  recordedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});

export const sharedInsightSchema = z.object({
  type: z.string(),
  severity: z.string(),
  title: z.string(),
  description: z.string(),
  createdAt: z.string(),
});

export const sharedGoalSchema = z.object({
  title: z.string(),
  metric: z.string(),
  target: z.number(),
  unit: z.string(),
  current: z.number().nullable(),
});

/** `GET /api/public/shares/:token`: only the shared sections, only the shared period. */
export const publicShareSchema = z.object({
  recipient: z.string(),
  from: z.string(),
  to: z.string(),
  expiresAt: z.string(),
  sections: z.array(z.enum(shareSections)),
  /** Null when the person anonymises shared data. */
  person: z.object({ name: z.string().nullable() }).nullable(),
  anonymized: z.boolean(),
  generatedAt: z.string(),
  series: z.record(z.string(), z.array(sharedSeriesSchema)),
  labs: z.array(sharedLabSchema).optional(),
  clinical: z.array(sharedClinicalSchema).optional(),
  insights: z.array(sharedInsightSchema).optional(),
  goals: z.array(sharedGoalSchema).optional(),
  /** Today's health score with its parts (`healthScore` section, while `shareHealthScore` is on). */
  healthScore: z
    .object({
      score: z.number().nullable(),
      day: z.string(),
      reason: z.string().nullable(),
      parts: z.array(
        z.object({ name: z.string(), weight: z.number(), score: z.number().nullable(), basis: z.string() }),
      ),
    })
    .optional(),
  /** The share names a finished report: its PDF is at `GET /api/public/shares/:token/report`. */
  hasReport: z.boolean(),
});
export type PublicShare = z.infer<typeof publicShareSchema>;

/** `POST /api/shares/:id/shl`. */
export const shlInputSchema = z.object({
  passcode: z.string().min(4).max(64).optional(),
});
export const shlCreatedSchema = z.object({
  shlink: z.string(),
  /** The same link as a QR code (PNG data URL). */
  qr: z.string(),
});
export type ShlCreated = z.infer<typeof shlCreatedSchema>;

/** SHL manifest request body (SMART Health Links, "Manifest request"). */
export const shlManifestRequestSchema = z.object({
  recipient: z.string().min(1).max(200),
  passcode: z.string().max(64).optional(),
  embeddedLengthMax: z.number().int().min(0).optional(),
});

/** `/public/shares/:token`: a share link's token. */
export const shareTokenParamsSchema = z.object({ token: z.string().min(20).max(128) });
/** `/public/shl/:id` and `/public/shl-files/:id`: a SMART Health Link's id. */
export const shlIdParamsSchema = z.object({ id: z.string().min(1).max(128) });
/** A share's code, sent by the recipient in its own header. */
export const shareCodeHeadersSchema = z.object({ 'x-share-code': z.string().max(12).optional() });
/** `GET /public/shl-files/:id?ticket=`. */
export const shlFileQuerySchema = z.object({ ticket: z.string().min(1).max(200) });
