import { sql, type Kysely } from 'kysely';
import type { AppMigration } from './types';

/** sample-paths.ts as this migration knows them (written out: a migration never changes with the app). */
const PATH_SEPARATOR = '\u001f';
const SANDBOX_PATH = 'sandbox';

/**
 * Sandbox data kept apart (issue 21): a sandbox connection's samples carry the sandbox path in their
 * device, so the merge can leave them out. Samples synced before were written without it.
 *
 * - `rollup_recompute`: days (user, kind, local day) whose daily rollups must be computed again from
 *   their samples. The server's start works through it (metrics/rollup-recompute.ts), with the merge of
 *   the day, which SQL here cannot run.
 * - Every sample of a source whose connection is a sandbox one (`source_connections.sandbox = 1`) and
 *   whose device carries no path yet gets the sandbox path; its days are queued for recompute. A
 *   connection's flag is all that tells: samples a real connection of the same kind wrote before it was
 *   switched to the sandbox are taken for sandbox ones too (metrics README).
 */
export const sandboxPaths: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rollup_recompute')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('local_day', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('rollup_recompute_pk', ['user_id', 'kind', 'local_day'])
      .execute();

    const noPath = `%${PATH_SEPARATOR}%`;
    const connections = await sql<{ user_id: string; user_no: number; kind: string }>`
      select c.user_id, u.user_no, c.kind from source_connections c join users u on u.id = c.user_id
      where c.sandbox = 1 order by c.user_id, c.kind`.execute(db);
    for (const { user_id, user_no, kind } of connections.rows) {
      // The days first: their stream rows are still keyed by the unmarked device.
      await sql`insert into rollup_recompute (user_id, kind, local_day)
        select distinct user_id, kind, local_day from daily_rollups
        where user_id = ${user_id} and source = ${kind} and device not like ${noPath}
        on conflict do nothing`.execute(db);
      await sql`update samples set device = coalesce(device, '') || ${PATH_SEPARATOR + SANDBOX_PATH}
        where user_no = ${user_no} and source = ${kind} and (device is null or device not like ${noPath})`.execute(
        db,
      );
    }
  },

  async down(db: Kysely<unknown>) {
    // The marks stay: without them the merge ranks sandbox samples as any other, as before.
    await db.schema.dropTable('rollup_recompute').ifExists().execute();
  },
};
