import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../../db/migrations/types';
import type { Database } from '../../../db/schema';
import type { RollupValues } from '../rollups.repository';
import type { DaySample } from '../samples.repository';

/** What a stream's day aggregate needs of a sample, row by row (PackedRows has these accessors). */
export interface AggregatedRows {
  kind(i: number): string;
  localDay(i: number): number;
  source(i: number): string;
  device(i: number): string | null;
  value(i: number): number;
  start(i: number): number;
}

/** The key of a stream's day in `aggregateInto`'s map (device '' where a sample has none). */
export const streamDayKey = (kind: string, day: number, source: string, device: string): string =>
  `${kind}\u0000${day}\u0000${source}\u0000${device}`;

/** Adds rows [from, to) to per-stream day aggregates; sorted input touches the map once per run. */
export function aggregateInto(
  groups: Map<string, RollupValues>,
  rows: AggregatedRows,
  from: number,
  to: number,
): void {
  let current: RollupValues | undefined;
  for (let i = from; i < to; i++) {
    const kind = rows.kind(i);
    const day = rows.localDay(i);
    const source = rows.source(i);
    const device = rows.device(i) ?? '';
    if (
      !current ||
      current.local_day !== day ||
      current.kind !== kind ||
      current.source !== source ||
      current.device !== device
    ) {
      const key = streamDayKey(kind, day, source, device);
      current = groups.get(key);
      if (!current) {
        current = {
          kind,
          local_day: day,
          source,
          device,
          count: 0,
          sum: 0,
          min: null,
          max: null,
          last_value: null,
          last_at: null,
        };
        groups.set(key, current);
      }
    }
    const value = rows.value(i);
    const start = rows.start(i);
    current.count += 1;
    current.sum += value;
    current.min = current.min === null || value < current.min ? value : current.min;
    current.max = current.max === null || value > current.max ? value : current.max;
    if (current.last_at === null || start >= current.last_at) {
      current.last_at = start;
      current.last_value = value;
    }
  }
}

/** A day's samples read back, seen as AggregatedRows of one kind. */
export function daySampleRows(kind: string, samples: readonly DaySample[]): AggregatedRows {
  return {
    kind: () => kind,
    localDay: (i) => samples[i]!.local_day,
    source: (i) => samples[i]!.source,
    device: (i) => samples[i]!.device,
    value: (i) => samples[i]!.value,
    start: (i) => samples[i]!.start,
  };
}

/**
 * Writes of one user run one at a time on PostgreSQL (a transaction-scoped advisory lock), so two
 * imports touching the same day cannot each compute its merged row without the other's samples.
 * SQLite runs one write transaction at a time anyway.
 */
export async function lockUserWrites(db: Kysely<Database>, dialect: Dialect, userId: string): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${userId}))`.execute(db);
}

/**
 * Days merged per step: one transaction when an import's deferred days are merged at its end, one
 * look at the rollups when a kind's held samples are merged.
 */
export const MERGE_SPAN = 31;

/**
 * Days of one kind an import merges from its held samples per step (`WriteSession`'s held merges, write-batch.ts), inside
 * the batch's transaction. On PostgreSQL each step's reads and writes are round trips to the server,
 * which on a busy machine cost more than the work: a quarter at a time, a 1 M-Record export takes a
 * third as many (the held samples of a quarter of a busy kind are still a few megabytes).
 */
export const HELD_MERGE_SPAN: Record<Dialect, number> = { sqlite: MERGE_SPAN, postgres: 92 };

/**
 * Days whose samples are read back at once for the merge: a week of a busy metric is already ten
 * thousand. Reading a month at a time, a 4 GB export's server peaked at 287–301 MB while its largest
 * kinds were read back; a week at a time, 251–257 MB (apps/server/bench/import.bench.ts).
 */
export const READ_SPAN = 7;

/** kind → local days. */
export type DaysByKind = Map<string, Set<number>>;

export function addDay(target: DaysByKind, kind: string, day: number): void {
  const days = target.get(kind);
  if (days) days.add(day);
  else target.set(kind, new Set([day]));
}
