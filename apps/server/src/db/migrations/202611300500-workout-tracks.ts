import type { Kysely } from 'kysely';
import type { AppMigration } from './types';

/**
 * Workout tracks (issue 22): the points a GPX or TCX file gives a workout — time, position, elevation,
 * distance and heart rate — for its route, pace and elevation charts. One row per workout, keyed by the
 * workout sample's identity (source, start, origin id); written with the workout by the import, through
 * the metrics module, replaced when the same file is imported again. `points` is JSON, one array per series.
 */
export const workoutTracks: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('workout_tracks')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('start_at', 'bigint', (c) => c.notNull())
      .addColumn('origin_id', 'text', (c) => c.notNull())
      .addColumn('point_count', 'integer', (c) => c.notNull())
      .addColumn('points', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('workout_tracks_pk', ['user_id', 'source', 'start_at', 'origin_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('workout_tracks').execute();
  },
};
