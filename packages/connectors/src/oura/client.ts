import { addDays, dayStart, localDate } from '../shared/local-days';
import type { CoveredSpan, RawPage, SyncContext, SyncWindow } from '../types';

/** The collections read, in this order on every run (the cursor counts on it). */
export const RESOURCES = ['sleep', 'daily_activity', 'daily_spo2', 'heartrate'] as const;
export type OuraResource = (typeof RESOURCES)[number];

interface Cursor {
  /** Index into RESOURCES. */
  r: number;
  next: string | null;
}

interface Page {
  data: unknown[];
  next_token?: string | null;
}

/**
 * The dates asked of the daily collections: the window's local dates, a day more on each side. Oura's
 * `day` is the ring's local date (a night's is the day it ends), which may differ from the person's
 * profile zone by a day; and whether `end_date` is inclusive is not said alike everywhere. The margin
 * makes every day of the window come back whichever way, which `covers` counts on.
 */
export function datesOf(window: SyncWindow): { start_date: string; end_date: string } {
  return {
    start_date: addDays(localDate(window.from, window.timeZone), -1),
    end_date: addDays(localDate(window.to, window.timeZone), 2),
  };
}

/**
 * Pages through each collection with `next_token`. Daily collections take `start_date`/`end_date`
 * (`datesOf`), heart rate takes `start_datetime`/`end_datetime`.
 */
export async function* sync(context: SyncContext): AsyncIterable<RawPage> {
  const start: Cursor = context.cursor ? (JSON.parse(context.cursor) as Cursor) : { r: 0, next: null };
  for (let r = start.r; r < RESOURCES.length; r++) {
    const resource = RESOURCES[r]!;
    let next = r === start.r ? start.next : null;
    do {
      const range =
        resource === 'heartrate'
          ? {
              start_datetime: new Date(context.from).toISOString(),
              end_datetime: new Date(context.to).toISOString(),
            }
          : datesOf(context);
      const payload = await context.http.get<Page>(`/v2/usercollection/${resource}`, {
        ...range,
        next_token: next ?? undefined,
      });
      next = payload.next_token ?? null;
      const cursor: Cursor | null = next
        ? { r, next }
        : r + 1 < RESOURCES.length
          ? { r: r + 1, next: null }
          : null;
      yield { resource, payload, cursor: cursor && JSON.stringify(cursor) };
    } while (next);
  }
}

/**
 * What a whole run answers. Daily documents sit at the start of their `day` in the person's zone: every
 * day of the window. A night is asked for by its `day` (the ring's date of the night's end or start):
 * nights that start on the window's first date up to the day before its last, and the resting heart rate
 * put at their end from the window's second date on. Heart rate: the instants strictly inside the window.
 */
export function covers(window: SyncWindow): CoveredSpan[] {
  const first = localDate(window.from, window.timeZone);
  const last = localDate(window.to, window.timeZone);
  const at = (date: string, days: number) => dayStart(addDays(date, days), window.timeZone);
  return [
    {
      kinds: ['steps', 'active_calories_burned', 'distance', 'oxygen_saturation'],
      from: at(first, 0),
      to: at(last, 1),
    },
    { kinds: ['sleep_duration', 'respiratory_rate'], from: at(first, 0), to: at(last, 0) },
    { kinds: ['resting_heart_rate'], from: at(first, 1), to: at(last, 1) },
    { kinds: ['heart_rate'], from: window.from + 1, to: window.to },
  ].filter((span) => span.to > span.from);
}
