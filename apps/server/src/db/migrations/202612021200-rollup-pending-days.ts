import { sql, type Kysely } from 'kysely';
import { addOwnerChecks, dropOwnerChecks } from './owner-checks';
import type { AppMigration } from './types';

/**
 * `rollup_pending_days` (issue 26): the days whose priority merge a bulk write session (an import) put off
 * to its end, one row each, by owner, writer (`origin`: `import:<id>`), kind and local day. They were a
 * JSON object in `imports.pending_merges`, rewritten whole with every batch's progress; now each batch adds
 * and removes its own days in its transaction, and the metrics module's write session keeps them instead
 * of the import runner.
 *
 * - The JSON of every unfinished import moves into the table, and the column is dropped (a finished
 *   import's is '{}': its merges ran).
 * - Keyed like `samples` by the owner's number: on PostgreSQL its owner is checked per statement and a
 *   deleted user's rows go with them (`addOwnerChecks`, owner-checks.ts); on SQLite by a foreign key to
 *   `users (user_no)` on delete cascade.
 */
export const rollupPendingDays: AppMigration = {
  async up(db: Kysely<unknown>, dialect) {
    await sql`create table rollup_pending_days (
      user_no integer not null${sql.raw(dialect === 'sqlite' ? ' references users (user_no) on delete cascade' : '')},
      origin text not null,
      kind text not null,
      local_day integer not null,
      constraint rollup_pending_days_pk primary key (user_no, origin, kind, local_day)
    )${sql.raw(dialect === 'sqlite' ? ' without rowid' : '')}`.execute(db);
    if (dialect === 'postgres') await addOwnerChecks(db, 'rollup_pending_days');

    const unfinished = await sql<{ id: string; user_no: number; pending_merges: string }>`
      select imports.id, users.user_no, imports.pending_merges from imports
      join users on users.id = imports.user_id
      where imports.status in ('queued', 'running') and imports.pending_merges <> '{}'`.execute(db);
    for (const row of unfinished.rows) {
      const pending = JSON.parse(row.pending_merges) as Record<string, number[]>;
      const days = Object.entries(pending).flatMap(([kind, list]) => list.map((day) => ({ kind, day })));
      for (let i = 0; i < days.length; i += 500) {
        const values = days
          .slice(i, i + 500)
          .map(({ kind, day }) => sql`(${row.user_no}, ${`import:${row.id}`}, ${kind}, ${day})`);
        await sql`insert into rollup_pending_days (user_no, origin, kind, local_day)
          values ${sql.join(values)} on conflict do nothing`.execute(db);
      }
    }
    await db.schema.alterTable('imports').dropColumn('pending_merges').execute();
  },

  async down(db: Kysely<unknown>, dialect) {
    await db.schema
      .alterTable('imports')
      .addColumn('pending_merges', 'text', (c) => c.notNull().defaultTo('{}'))
      .execute();
    const rows = await sql<{ origin: string; kind: string; local_day: number }>`
      select origin, kind, local_day from rollup_pending_days
      where origin like 'import:%' order by origin, kind, local_day`.execute(db);
    const byImport = new Map<string, Record<string, number[]>>();
    for (const r of rows.rows) {
      const id = r.origin.slice('import:'.length);
      const pending = byImport.get(id) ?? {};
      (pending[r.kind] ??= []).push(Number(r.local_day));
      byImport.set(id, pending);
    }
    for (const [id, pending] of byImport) {
      await sql`update imports set pending_merges = ${JSON.stringify(pending)} where id = ${id}`.execute(db);
    }
    if (dialect === 'postgres') await dropOwnerChecks(db, 'rollup_pending_days');
    await sql`drop table rollup_pending_days`.execute(db);
  },
};
