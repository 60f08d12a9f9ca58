import { sql, type Kysely } from 'kysely';
import type { AppMigration } from './types';

/**
 * The job queue on SQLite (issue 25, src/jobs/sqlite-job-queue.ts). PostgreSQL keeps its jobs in
 * pg-boss's own schema, which pg-boss creates and migrates itself: nothing is made there.
 * - `jobs`: one row per job: its queue (`name`), JSON payload, `state` (created, active, completed,
 *   failed), `singleton_key` (at most one created job per queue and key: a partial unique index), not
 *   before `start_after`, its retries, and the current claim (`claim`, `expires_at`).
 * - `job_schedules`: one cron schedule per queue and the last slot queued, so each slot runs once.
 */
export const jobQueue: AppMigration = {
  async up(db: Kysely<unknown>, dialect) {
    if (dialect !== 'sqlite') return;
    await db.schema
      .createTable('jobs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('singleton_key', 'text')
      .addColumn('start_after', 'bigint', (c) => c.notNull())
      .addColumn('retry_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('retry_limit', 'integer', (c) => c.notNull())
      .addColumn('retry_delay_ms', 'integer', (c) => c.notNull())
      .addColumn('retry_backoff', 'integer', (c) => c.notNull())
      .addColumn('expire_ms', 'integer', (c) => c.notNull())
      .addColumn('claim', 'text')
      .addColumn('expires_at', 'bigint')
      .addColumn('error', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('finished_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('jobs_waiting')
      .on('jobs')
      .columns(['name', 'state', 'start_after'])
      .execute();
    await db.schema
      .createIndex('jobs_singleton')
      .on('jobs')
      .columns(['name', 'singleton_key'])
      .unique()
      .where(sql<boolean>`state = 'created' and singleton_key is not null`)
      .execute();
    await db.schema
      .createTable('job_schedules')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('cron', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('slot', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>, dialect) {
    if (dialect !== 'sqlite') return;
    await db.schema.dropTable('job_schedules').execute();
    await db.schema.dropTable('jobs').execute();
  },
};
