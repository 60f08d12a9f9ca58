import type { RawPage, SyncContext } from '../types';

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

const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Pages through each collection with `next_token`. Daily collections take `start_date`/`end_date`
 * (inclusive dates), heart rate takes `start_datetime`/`end_datetime`.
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
          : { start_date: date(context.from), end_date: date(context.to) };
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
