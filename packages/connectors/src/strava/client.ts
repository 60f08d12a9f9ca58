import type { RawPage, SyncContext } from '../types';

/** Strava's largest page. */
export const PER_PAGE = 200;

interface Cursor {
  /** The next page to ask for (1-based). */
  page: number;
}

/**
 * Pages through `GET /athlete/activities` with `after`/`before` (epoch seconds) and page numbers. Strava
 * says a page may hold fewer than `per_page` activities before the end, so only an empty page ends the
 * list. With `after` the list runs oldest first, so a new activity lands on the last page and a resumed
 * sync (same window, saved page number) skips nothing.
 */
export async function* sync(context: SyncContext): AsyncIterable<RawPage> {
  const start = context.cursor ? (JSON.parse(context.cursor) as Cursor) : { page: 1 };
  const after = Math.floor(context.from / 1000);
  const before = Math.ceil(context.to / 1000);
  for (let page = start.page; ; page++) {
    const payload = await context.http.get<unknown[]>('/athlete/activities', {
      after,
      before,
      page,
      per_page: PER_PAGE,
    });
    if (!Array.isArray(payload) || payload.length === 0) return;
    yield { resource: 'activities', payload, cursor: JSON.stringify({ page: page + 1 } satisfies Cursor) };
  }
}
