import { z } from 'zod';

/** One signed-in device: a refresh-token family, as Settings → Sessions lists it. */
export const sessionInfoSchema = z.object({
  id: z.string(),
  /** The session this request was made from. */
  current: z.boolean(),
  /** Browser and system read from the user agent, e.g. "Firefox on Windows". */
  device: z.string(),
  /** Where from, by the address's network only (no outside lookup), e.g. "Local network" or "192.0.2.x". */
  place: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const sessionListSchema = z.array(sessionInfoSchema);
export const sessionIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const sessionsEndedSchema = z.object({ ended: z.number().int() });
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;
