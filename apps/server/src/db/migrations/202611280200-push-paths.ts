import { sql, type Kysely } from 'kysely';
import type { AppMigration } from './types';

/** sample-paths.ts as this migration knows them (written out: a migration never changes with the app). */
const PATH_SEPARATOR = '\u001f';
const HEALTH_AUTO_EXPORT = 'health-auto-export';

/**
 * One reading counts once, whatever path it took (issue 21): readings that Health Auto Export brought
 * before paths existed were stored under the same device as the Apple Health export's, so the two added
 * up. Their origin id (`hae:<metric>:<device>`) tells them apart for certain: they get the path now, and
 * their days go to `rollup_recompute` (202611280100), which the server's start works through with the
 * merge. Other imported files cannot be told from their provider's API afterwards (the same source, no
 * mark): a newer import of them carries its path, and the merge then counts them once from there on.
 */
export const pushPaths: AppMigration = {
  async up(db: Kysely<unknown>) {
    const pushed = `hae:%`;
    const noPath = `%${PATH_SEPARATOR}%`;
    await sql`insert into rollup_recompute (user_id, kind, local_day)
      select distinct u.id, s.kind, s.local_day from samples s join users u on u.user_no = s.user_no
      where s.origin_id like ${pushed} and (s.device is null or s.device not like ${noPath})
      on conflict do nothing`.execute(db);
    await sql`update samples set device = coalesce(device, '') || ${PATH_SEPARATOR + HEALTH_AUTO_EXPORT}
      where origin_id like ${pushed} and (device is null or device not like ${noPath})`.execute(db);
  },

  async down() {
    // The marks stay: without them the merge counts these readings as before, with the export's.
  },
};
