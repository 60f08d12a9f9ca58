import { sql, type Kysely } from 'kysely';
import type { AppMigration } from './types';

/** The columns that move, with their definitions in `source_connections` (202611230120) for `down`. */
const MOVED = [
  ['cursor', 'text', ''],
  ['sync_state', 'text', "not null default 'idle'"],
  ['sync_from', 'bigint', ''],
  ['sync_to', 'bigint', ''],
  ['sync_started_at', 'bigint', ''],
  ['sync_finished_at', 'bigint', ''],
  ['sync_pages', 'integer', 'not null default 0'],
  ['sync_samples', 'integer', 'not null default 0'],
  ['last_sync_at', 'bigint', ''],
  ['last_error', 'text', ''],
  ['syncs_run', 'integer', 'not null default 0'],
  ['next_sync_at', 'bigint', ''],
] as const;
const columns = sql.join(MOVED.map(([name]) => sql.ref(name)));

/**
 * A connection's sync state leaves `source_connections` for a table of its own, `sync_state`, one row per
 * connection (issue 26): `source_connections` keeps what is about the connection (status, sealed tokens,
 * settings, the person at the provider), `sync_state` the cursor, the window, the run's progress and
 * counters, the last sync and error, and the next run. Its rows go with their connection (on delete
 * cascade). The columns keep their names; their data is copied, then dropped from `source_connections`
 * with the index on the next run (`source_connections_due`), which `sync_state_due` replaces. Plain
 * columns: SQLite drops them with `alter table … drop column` as PostgreSQL does.
 */
export const syncState: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sync_state')
      .addColumn('connection_id', 'text', (c) =>
        c.primaryKey().references('source_connections.id').onDelete('cascade'),
      )
      .addColumn('cursor', 'text')
      .addColumn('sync_state', 'text', (c) => c.notNull().defaultTo('idle'))
      .addColumn('sync_from', 'bigint')
      .addColumn('sync_to', 'bigint')
      .addColumn('sync_started_at', 'bigint')
      .addColumn('sync_finished_at', 'bigint')
      .addColumn('sync_pages', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sync_samples', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_sync_at', 'bigint')
      .addColumn('last_error', 'text')
      .addColumn('syncs_run', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_sync_at', 'bigint')
      .execute();
    await sql`insert into sync_state (connection_id, ${columns})
      select id, ${columns} from source_connections`.execute(db);
    await db.schema.createIndex('sync_state_due').on('sync_state').column('next_sync_at').execute();
    await db.schema.dropIndex('source_connections_due').execute();
    for (const [name] of MOVED) {
      await db.schema.alterTable('source_connections').dropColumn(name).execute();
    }
  },

  async down(db: Kysely<unknown>) {
    for (const [name, type, constraint] of MOVED) {
      await sql`alter table source_connections add column ${sql.ref(name)} ${sql.raw(type)} ${sql.raw(constraint)}`.execute(
        db,
      );
    }
    for (const [name] of MOVED) {
      await sql`update source_connections set ${sql.ref(name)} =
        (select ${sql.ref(`sync_state.${name}`)} from sync_state where sync_state.connection_id = source_connections.id)
        where exists (select 1 from sync_state where sync_state.connection_id = source_connections.id)`.execute(
        db,
      );
    }
    await db.schema
      .createIndex('source_connections_due')
      .on('source_connections')
      .column('next_sync_at')
      .execute();
    await db.schema.dropTable('sync_state').execute();
  },
};
