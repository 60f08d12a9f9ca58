import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ dialect: z.enum(['sqlite', 'postgres']), reachable: z.boolean() }),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/**
 * `GET /api/ready`: 200 only while this instance can serve — database and job queue reachable, migrations
 * done, not draining.
 */
export const readyResponseSchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  database: z.object({ reachable: z.boolean() }),
  /** The job queue's store (pg-boss on PostgreSQL, the jobs table on SQLite). */
  queue: z.object({ reachable: z.boolean() }),
  /** Migrations run before the server listens: an instance that answers has them done. */
  migrations: z.literal('done'),
  /** Shutting down: running work is finishing, new requests belong on another instance. */
  draining: z.boolean(),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;
