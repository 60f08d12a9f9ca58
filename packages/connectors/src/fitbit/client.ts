import { zoneOffsetAt } from '@healthfolio/core';
import { dayStart } from '../shared/local-days';
import type { CoveredSpan, RawPage, SyncContext, SyncWindow } from '../types';

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
  /**
   * The filter is on the session's end: asked up to a day past the window, so that every session that
   * starts in the window comes back, however late it ends (`covers` counts on it).
   */
  endFilter?: boolean;
  /** The kinds `normalize` writes from it. */
  kinds: readonly string[];
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
    kinds: ['steps'],
    pageSize: 10_000,
  },
  {
    dataType: 'distance',
    method: 'reconcile',
    field: 'distance.interval.start_time',
    windowDays: 6,
    kinds: ['distance'],
    pageSize: 10_000,
  },
  // A tracker records every few seconds: a day is one or two pages.
  {
    dataType: 'heart-rate',
    method: 'reconcile',
    field: 'heart_rate.sample_time.physical_time',
    windowDays: 1,
    kinds: ['heart_rate'],
    pageSize: 10_000,
  },
  {
    dataType: 'daily-resting-heart-rate',
    method: 'list',
    field: 'daily_resting_heart_rate.date',
    dates: true,
    kinds: ['resting_heart_rate'],
    pageSize: 10_000,
  },
  // Sleep filters on the session's end; its pages hold 25 at most.
  {
    dataType: 'sleep',
    method: 'list',
    field: 'sleep.interval.end_time',
    endFilter: true,
    kinds: ['sleep_duration'],
    pageSize: 25,
  },
  {
    dataType: 'weight',
    method: 'list',
    field: 'weight.sample_time.physical_time',
    kinds: ['weight'],
    pageSize: 10_000,
  },
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

/** The civil dates a daily collection asks for, `from` inclusive and `to` exclusive. */
const datesOf = (from: number, to: number, timeZone: string) =>
  [civilDate(from, timeZone), civilDate(to + DAY_MS, timeZone)] as const;

/** An AIP-160 filter on one time field: `field >= "from" AND field < "to"`. */
export function filterOf(collection: Collection, from: number, to: number, timeZone: string): string {
  const [a, b] = collection.dates
    ? datesOf(from, to, timeZone)
    : [instant(from), instant(collection.endFilter ? to + DAY_MS : to)];
  return `${collection.field} >= "${a}" AND ${collection.field} < "${b}"`;
}

/**
 * What a whole run answers: the windowed streams from the first window's UTC midnight (their slices are
 * whole within a window), the resting heart rates of the civil dates asked (placed at the date's start,
 * as `normalize` places them), the sleep sessions that start in the window (asked by their end up to a
 * day later), the weigh-ins in it.
 */
export function covers(window: SyncWindow): CoveredSpan[] {
  return COLLECTIONS.map((c) => {
    if (c.windowDays) {
      return { kinds: c.kinds, from: Math.floor(window.from / DAY_MS) * DAY_MS, to: window.to };
    }
    if (c.dates) {
      const [first, end] = datesOf(window.from, window.to, window.timeZone);
      return {
        kinds: c.kinds,
        from: dayStart(first, window.timeZone),
        to: dayStart(end, window.timeZone),
      };
    }
    return { kinds: c.kinds, from: window.from, to: window.to };
  }).filter((span) => span.to > span.from);
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
