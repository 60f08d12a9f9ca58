import type { WorkoutTrackInput, WorkoutTrackPoints } from '@healthfolio/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The points of workouts' tracks (`workout_tracks`), keyed by the workout sample's identity: source,
 * start and origin id. Written with the import batch that brings the workout; the same file imported
 * again replaces its track. Read only through `WorkoutsService`, after the workout sample itself was
 * found for its owner.
 */
export async function upsertWorkoutTracks(
  db: Kysely<Database>,
  userId: string,
  tracks: readonly WorkoutTrackInput[],
  now: number,
): Promise<void> {
  // One statement may not name the same key twice (PostgreSQL): the last of a batch's duplicates wins.
  const unique = new Map<string, WorkoutTrackInput>();
  for (const t of tracks) unique.set(`${t.source}\u0000${t.start}\u0000${t.originId}`, t);
  for (const t of unique.values()) {
    await db
      .insertInto('workout_tracks')
      .values({
        user_id: userId,
        source: t.source,
        start_at: t.start,
        origin_id: t.originId,
        point_count: t.points.t.length,
        points: JSON.stringify(t.points),
        created_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['user_id', 'source', 'start_at', 'origin_id']).doUpdateSet((eb) => ({
          point_count: eb.ref('excluded.point_count'),
          points: eb.ref('excluded.points'),
        })),
      )
      .execute();
  }
}

export interface WorkoutIdentity {
  source: string;
  startAt: number;
  originId: string;
}

export class WorkoutTracksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(userId: string, id: WorkoutIdentity): Promise<WorkoutTrackPoints | undefined> {
    const row = await this.db
      .selectFrom('workout_tracks')
      .select('points')
      .where('user_id', '=', userId)
      .where('source', '=', id.source)
      .where('start_at', '=', id.startAt)
      .where('origin_id', '=', id.originId)
      .executeTakeFirst();
    return row ? (JSON.parse(row.points) as WorkoutTrackPoints) : undefined;
  }

  /** Which of these workouts have a track: their identity keys. */
  async having(userId: string, ids: readonly WorkoutIdentity[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const starts = ids.map((i) => i.startAt);
    const rows = await this.db
      .selectFrom('workout_tracks')
      .select(['source', 'start_at', 'origin_id'])
      .where('user_id', '=', userId)
      .where('start_at', '>=', Math.min(...starts))
      .where('start_at', '<=', Math.max(...starts))
      .execute();
    return new Set(
      rows.map((r) => identityKey({ source: r.source, startAt: Number(r.start_at), originId: r.origin_id })),
    );
  }
}

export const identityKey = (id: WorkoutIdentity) => `${id.source}\u0000${id.startAt}\u0000${id.originId}`;
