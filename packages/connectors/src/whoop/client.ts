import type { CoveredSpan, RawPage, SyncContext, SyncWindow } from '../types';

/** The collections read, in this order on every run (the cursor counts on it), and their paths. */
export const COLLECTIONS = {
  cycle: '/v2/cycle',
  sleep: '/v2/activity/sleep',
  recovery: '/v2/recovery',
  workout: '/v2/activity/workout',
} as const;
export type WhoopResource = keyof typeof COLLECTIONS;
const RESOURCES = Object.keys(COLLECTIONS) as WhoopResource[];

/** WHOOP's largest page. */
export const LIMIT = 25;

interface Cursor {
  /** Index into RESOURCES. */
  r: number;
  next: string | null;
}

interface Page {
  records?: unknown[];
  next_token?: string | null;
}

/**
 * Pages through each collection with `start`/`end` (ISO instants: records that overlap the window) and
 * `nextToken`; a page without `next_token` is the collection's last. WHOOP answers newest first, so a
 * record scored between two runs shifts the pages down: a resumed sync may read one twice, never skip one.
 */
export async function* sync(context: SyncContext): AsyncIterable<RawPage> {
  const start: Cursor = context.cursor ? (JSON.parse(context.cursor) as Cursor) : { r: 0, next: null };
  for (let r = start.r; r < RESOURCES.length; r++) {
    const resource = RESOURCES[r]!;
    let next = r === start.r ? start.next : null;
    do {
      const payload = await context.http.get<Page>(COLLECTIONS[resource], {
        start: new Date(context.from).toISOString(),
        end: new Date(context.to).toISOString(),
        limit: LIMIT,
        nextToken: next ?? undefined,
      });
      next = payload.next_token || null;
      const cursor: Cursor | null = next
        ? { r, next }
        : r + 1 < RESOURCES.length
          ? { r: r + 1, next: null }
          : null;
      yield { resource, payload, cursor: cursor && JSON.stringify(cursor) };
    } while (next);
  }
}

const DAY_MS = 86_400_000;

/**
 * What a whole run answers. Cycles, sleeps and workouts overlap the window whenever they start in it. A
 * recovery is filtered by the window of the sleep it is scored from but stored at its `created_at`,
 * minutes after that sleep ends: those created a day or more into the window are certain to be answered.
 */
export function covers(window: SyncWindow): CoveredSpan[] {
  return [
    {
      kinds: ['calories', 'sleep_duration', 'respiratory_rate', 'workout'],
      from: window.from,
      to: window.to,
    },
    {
      kinds: ['resting_heart_rate', 'heart_rate_variability', 'oxygen_saturation', 'custom'],
      from: window.from + DAY_MS,
      to: window.to,
    },
  ].filter((span) => span.to > span.from);
}
