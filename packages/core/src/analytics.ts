import { z } from 'zod';

/** `GET /api/analytics`: SPEC §9's optional analytics measurement id (off unless the operator sets one). */
export const analyticsConfigSchema = z.discriminatedUnion('enabled', [
  z.object({ enabled: z.literal(false) }),
  z.object({
    enabled: z.literal(true),
    /** A GA4 measurement id (`G-…`). */
    measurementId: z.string(),
    /** Where page views are sent (GA4's `/g/collect`, or the operator's own collector). */
    collectUrl: z.string().url(),
  }),
]);
export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>;
