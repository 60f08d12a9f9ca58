import type { RawPage, SyncContext } from '../types';

/** Dexcom refuses an EGV request spanning more than 30 days. */
export const WINDOW_MS = 30 * 86_400_000;

interface Moment {
  systemTime?: string;
  displayTime?: string;
}
interface DataRange {
  egvs?: { start?: Moment; end?: Moment } | null;
}

/** Dexcom's system times are UTC, written with or without an offset ("2026-11-01T12:00:00"). */
export function parseSystemTime(text: string | undefined): number {
  if (!text) return Number.NaN;
  return Date.parse(/(?:z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}Z`);
}

/** "2026-11-01T00:00:00": the query format of the EGV endpoint, in system time (UTC). */
export const queryDate = (ms: number) => new Date(ms).toISOString().slice(0, 19);

/**
 * Reads `/v3/users/self/egvs` in windows of at most 30 days, oldest first. `/dataRange` first narrows the
 * sync's window to where the person has readings, so an account with a month of data costs two calls,
 * not thirteen. The cursor is the start of the next window (epoch ms).
 */
export async function* sync(context: SyncContext): AsyncIterable<RawPage> {
  const range = await context.http.get<DataRange>('/v3/users/self/dataRange');
  const first = parseSystemTime(range.egvs?.start?.systemTime);
  const last = parseSystemTime(range.egvs?.end?.systemTime);
  if (!Number.isFinite(first) || !Number.isFinite(last)) return; // no readings at all
  const resumeAt = context.cursor !== null ? Number(context.cursor) : Number.NaN;
  // Whole seconds: the query format has no milliseconds.
  const start =
    Math.floor(Math.max(Number.isFinite(resumeAt) ? resumeAt : context.from, first) / 1000) * 1000;
  const end = Math.min(context.to, last + 1000);
  for (let from = start; from < end; from += WINDOW_MS) {
    const to = Math.min(from + WINDOW_MS, end);
    const payload = await context.http.get('/v3/users/self/egvs', {
      startDate: queryDate(from),
      endDate: queryDate(Math.ceil(to / 1000) * 1000),
    });
    yield { resource: 'egvs', payload, cursor: to < end ? String(to) : null };
  }
}
