import type { RawPage, SyncContext } from '../types';

/** The summary types read, in this order on every run (the cursor counts on it). */
export const RESOURCES = ['dailies', 'sleeps', 'bodyComps', 'activities'] as const;
export type GarminResource = (typeof RESOURCES)[number];

/** The Health API answers at most 24 hours of uploads per call. */
export const WINDOW_SECONDS = 86_400;

interface Cursor {
  /** Index into RESOURCES. */
  r: number;
  /** Start of the next upload window, epoch seconds. */
  start: number;
}

/**
 * Pulls each summary type in consecutive 24-hour windows of *upload* time
 * (`uploadStartTimeInSeconds`/`uploadEndTimeInSeconds`): Garmin filters on when the device synced, not
 * on when the data was recorded, and answers a plain JSON array with no paging of its own. The
 * cursor is the resource and the start of the next window.
 */
export async function* sync(context: SyncContext): AsyncIterable<RawPage> {
  // Whole seconds; a sub-second tail is read by the next sync, which starts a day back anyway.
  const from = Math.floor(context.from / 1000);
  const to = Math.floor(context.to / 1000);
  const first: Cursor = context.cursor ? (JSON.parse(context.cursor) as Cursor) : { r: 0, start: from };
  for (let r = first.r; r < RESOURCES.length; r++) {
    const resource = RESOURCES[r]!;
    for (let start = r === first.r ? first.start : from; start < to; start += WINDOW_SECONDS) {
      const end = Math.min(start + WINDOW_SECONDS, to);
      const payload = await context.http.get<unknown>(`/wellness-api/rest/${resource}`, {
        uploadStartTimeInSeconds: start,
        uploadEndTimeInSeconds: end,
      });
      const cursor: Cursor | null =
        end < to ? { r, start: end } : r + 1 < RESOURCES.length ? { r: r + 1, start: from } : null;
      yield { resource, payload, cursor: cursor && JSON.stringify(cursor) };
    }
  }
}
