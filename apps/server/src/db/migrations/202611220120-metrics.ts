import { sql, type Kysely } from 'kysely';
import { autoIdColumn, autoIdType, type AppMigration } from './types';

/**
 * The sample store (DESIGN "Data"). Blood pressure is stored as its two component kinds sharing one
 * origin_id. local_day is the local wall-clock date (days since 1970-01-01) computed once at write time
 * from the original offset — the end for sleep, the start otherwise. daily_rollups hold one row per
 * stream (source + device; device '' when none) and a merged row (source '*', device '') built by the
 * priority merge, so day/week/month charts never double count.
 */
export const metrics: AppMigration = {
  async up(db: Kysely<unknown>, dialect) {
    await db.schema
      .createTable('samples')
      .addColumn('id', autoIdType(dialect), autoIdColumn(dialect))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('start_at', 'bigint', (c) => c.notNull())
      .addColumn('end_at', 'bigint', (c) => c.notNull())
      .addColumn('utc_offset_min', 'integer', (c) => c.notNull())
      .addColumn('tz', 'text')
      .addColumn('local_day', 'integer', (c) => c.notNull())
      .addColumn('value', 'double precision', (c) => c.notNull())
      .addColumn('unit', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('device', 'text')
      .addColumn('origin_id', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('flag', 'text')
      .addColumn('meta', 'text')
      .execute();
    // Idempotent writes, and (by its prefix) every range query of one user's metric.
    await db.schema
      .createIndex('samples_identity')
      .on('samples')
      .columns(['user_id', 'kind', 'start_at', 'source', 'end_at', 'origin_id'])
      .unique()
      .execute();

    await db.schema
      .createTable('daily_rollups')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('local_day', 'integer', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('device', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('sum', 'double precision', (c) => c.notNull())
      .addColumn('min', 'double precision')
      .addColumn('max', 'double precision')
      .addColumn('last_value', 'double precision')
      .addColumn('last_at', 'bigint')
      .addPrimaryKeyConstraint('daily_rollups_pk', ['user_id', 'kind', 'local_day', 'source', 'device'])
      // SQLite: keep rows in primary-key order, so a range of days is one B-tree walk.
      .$call((t) => (dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t))
      .execute();

    await db.schema
      .createTable('source_priorities')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('device', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('rank', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('source_priorities_pk', ['user_id', 'kind', 'source', 'device'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['source_priorities', 'daily_rollups', 'samples']) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
