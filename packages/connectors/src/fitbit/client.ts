import { zoneOffsetAt } from '@healthfolio/core';
import type { RawPage, SyncContext } from '../types';

const DAY_MS = 86_400_000;

/** One data type read, and how the Google Health API lets it be filtered and paged. */
export interface Collection {
  /** The kebab-case data type of the URL ("heart-rate"). */
  dataType: string;
  /**
   * `reconcile` merges every source (a phone and a tracker counting the same steps) into one stream;
   * `list` answers each source's raw points, with their data source and, for sessions, their name.
   */
  method: 'list' | 'reconcile';
  /** The filter field (snake_case data type, then the time field the docs allow for its record type). */
  field: string;
  /** Civil dates instead of instants (daily record types). */
  dates?: boolean;
  /** Read in windows of this many UTC days, every page of a window in one raw page (see `sync`). */
  windowDays?: number;
  pageSize: number;
}

/** The collections read, in this order on every run (the cursor counts on it). */
export const COLLECTIONS: readonly Collection[] = [
  // At most one point a minute: six days fit one page of 10 000.
  {
    dataType: 'steps',
    method: 'reconcile',
    field: 'steps.interval.start_time',
    windowDays: 6,
    pageSize: 10_000,
  },
  {
    dataType: 'distance',
    method: 'reconcile',
    field: 'distance.interval.start_time',
    windowDays: 6,
    pageSize: 10_000,
  },
  // A tracker records every few seconds: a day is one or two pages.
  {
    dataType: 'heart-rate',
    method: 'reconcile',
    field: 'heart_rate.sample_time.physical_time',
    windowDays: 1,
    pageSize: 10_000,
  },
  {
    dataType: 'daily-resting-heart-rate',
    method: 'list',
    field: 'daily_resting_heart_rate.date',
    dates: true,
    pageSize: 10_000,
  },
  // Sleep filters on the session's end; its pages hold 25 at most.
  { dataType: 'sleep', method: 'list', field: 'sleep.interval.end_time', pageSize: 25 },
  { dataType: 'weight', method: 'list', field: 'weight.sample_time.physical_time', pageSize: 10_000 },
];

interface Cursor {
  /** Index into COLLECTIONS. */
  r: number;
  /** Windowed collections: start of the next window (epoch ms). */
  start?: number;
  /** Paged collections: the next page's token. */
  page?: string;
}

interface Page {
  dataPoints?: unknown[];
  nextPageToken?: string;
}

const instant = (ms: number) => new Date(ms).toISOString();
/** The person's civil date of an instant ("2026-11-22"). */
const civilDate = (ms: number, timeZone: string) =>
  new Date(ms + zoneOffsetAt(timeZone, ms) * 60_000).toISOString().slice(0, 10);

/** An AIP-160 filter on one time field: `field >= "from" AND field < "to"`. */
export function filterOf(collection: Collection, from: number, to: number, timeZone: string): string {
  const [a, b] = collection.dates
    ? [civilDate(from, timeZone), civilDate(to + DAY_MS, timeZone)]
    : [instant(from), instant(to)];
  return `${collection.field} >= "${a}" AND ${collection.field} < "${b}"`;
}

const pathOf = (c: Collection) =>
  `/v4/users/me/dataTypes/${c.dataType}/dataPoints${c.method === 'reconcile' ? ':reconcile' : ''}`;

/**
 * Reads each collection for the sync's window. Minute- and second-level streams (steps, distance, heart
 * rate) go in windows of whole UTC days, and every page of a window is kept as one raw page, so
 * `normalize` sums whole 15-minute slices and averages whole minutes. The others page through the whole
 * range with `pageToken`, a raw page per answer.
 */
export async function* sync(context: SyncContext): AsyncIterable<RawPage> {
  const first: Cursor = context.cursor ? (JSON.parse(context.cursor) as Cursor) : { r: 0 };
  for (let r = first.r; r < COLLECTIONS.length; r++) {
    const collection = COLLECTIONS[r]!;
    const resumed = r === first.r ? first : { r };
    const nextCollection: Cursor | null = r + 1 < COLLECTIONS.length ? { r: r + 1 } : null;
    const cursorOf = (c: Cursor | null) => c && JSON.stringify(c);

    if (collection.windowDays) {
      const span = collection.windowDays * DAY_MS;
      const aligned = Math.floor(context.from / DAY_MS) * DAY_MS;
      for (let start = resumed.start ?? aligned; start < context.to; start += span) {
        const end = start + span;
        const dataPoints: unknown[] = [];
        let pageToken: string | undefined;
        do {
          const page = await context.http.get<Page>(pathOf(collection), {
            filter: filterOf(collection, start, end, context.timeZone),
            pageSize: collection.pageSize,
            pageToken,
          });
          dataPoints.push(...(page.dataPoints ?? []));
          pageToken = page.nextPageToken || undefined;
        } while (pageToken);
        yield {
          resource: collection.dataType,
          payload: { dataPoints, window: { startTime: instant(start), endTime: instant(end) } },
          cursor: cursorOf(end < context.to ? { r, start: end } : nextCollection),
        };
      }
      continue;
    }

    let pageToken = resumed.page;
    do {
      const page = await context.http.get<Page>(pathOf(collection), {
        filter: filterOf(collection, context.from, context.to, context.timeZone),
        pageSize: collection.pageSize,
        pageToken,
      });
      pageToken = page.nextPageToken || undefined;
      yield {
        resource: collection.dataType,
        payload: page,
        cursor: cursorOf(pageToken ? { r, page: pageToken } : nextCollection),
      };
    } while (pageToken);
  }
}
