import { z } from 'zod';

/** `/:id` of a resource the server names (a goal, an insight, an import, a share, a report, a webhook, a source). */
export const idParamsSchema = z.object({ id: z.string().min(1).max(64) });
export type IdParams = z.infer<typeof idParamsSchema>;

/** `/:source` of the integration routes: a source kind (`oura`, `apple_healthkit` …). */
export const sourceParamsSchema = z.object({ source: z.string().min(1).max(64) });
export type SourceParams = z.infer<typeof sourceParamsSchema>;
