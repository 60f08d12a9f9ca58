import { z } from 'zod';

/**
 * The kind of network a session's address belongs to, told by the address alone (no outside lookup):
 * loopback, a private or link-local range, a carrier-grade NAT range, any other (public) address, or none.
 */
export const sessionNetworkSchema = z.enum(['this-computer', 'local', 'carrier', 'public', 'unknown']);
export type SessionNetwork = z.infer<typeof sessionNetworkSchema>;

/** One signed-in device: a refresh-token family, as Settings → Sessions lists it. */
export const sessionInfoSchema = z.object({
  id: z.string(),
  /** The session this request was made from. */
  current: z.boolean(),
  /** Browser and system in English words, e.g. "Firefox on Windows" (the parts are below). */
  device: z.string(),
  /** Where from in English words, e.g. "Local network" or "192.0.2.x" (the parts are below). */
  place: z.string(),
  /** The browser family read from the user agent, a product name such as "Firefox"; null when unknown. */
  browser: z.string().nullable(),
  /** The operating system read from the user agent, e.g. "Windows" or "Android"; null when unknown. */
  system: z.string().nullable(),
  /** The kind of network the session's address is in. */
  network: sessionNetworkSchema,
  /** A public address's network with its last part hidden ("192.0.2.x", "2001:db8:85a3::/48"); else null. */
  networkPrefix: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

export const sessionListSchema = z.array(sessionInfoSchema);
export const sessionIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
export const sessionsEndedSchema = z.object({ ended: z.number().int() });
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;
