import { sql, type Kysely } from 'kysely';
import { addOwnerChecks, dropOwnerChecks } from './owner-checks';
import type { AppMigration } from './types';

/**
 * PostgreSQL: `samples` keeps its owner's integrity with one check per statement instead of one per row.
 *
 * The foreign key `samples.user_no → users.user_no` ran a lookup (a key-share lock on the user) for every
 * row a COPY wrote: about 10 s of the server's time for a 1 M-Record Apple Health import on this machine
 * (1 M rows into a copy of the table: 20–22 s with the key, 10 s without). The same guarantee now comes
 * from two triggers (`addOwnerChecks` in owner-checks.ts, which daily_rollups use too):
 * - after each statement writing `samples`, the distinct owners of its new rows are locked `for key share`
 *   (what the key did per row, so a concurrent account deletion waits for the import's commit, and the
 *   import for the deletion's), and any owner without a user fails the statement with the foreign key's
 *   own error code (23503);
 * - deleting a user deletes their samples (the key's `on delete cascade`).
 * Account deletion deletes samples itself first (db/user-owned-tables.ts), so the cascade is a second net.
 * SQLite keeps its foreign key: its check is an in-process index probe that costs the import nothing
 * measurable.
 */
export const samplesOwnerCheck: AppMigration = {
  async up(db: Kysely<unknown>, dialect) {
    if (dialect !== 'postgres') return;
    await addOwnerChecks(db, 'samples');
    await sql`alter table samples drop constraint samples_user_no_fk`.execute(db);
  },
  async down(db: Kysely<unknown>, dialect) {
    if (dialect !== 'postgres') return;
    await sql`alter table samples add constraint samples_user_no_fk foreign key (user_no)
      references users (user_no) on delete cascade`.execute(db);
    await dropOwnerChecks(db, 'samples');
  },
};
