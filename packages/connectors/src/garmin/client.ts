import { ProviderError } from '../errors';
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
  const targeted = readTargeted(context.cursor);
  if (targeted) {
    yield* syncTargeted(context, targeted);
    return;
  }
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

/**
 * What one Health API notification asks a sync to read, instead of its window: a ping's `callbackURL`
 * (fetched as it is, with the person's token — its own pull token rides in the query) or a push's
 * summaries, given inline (nothing is fetched). Queued as the sync's cursor, so a targeted run goes
 * through the same path as any other (payload kept, mapped by `normalize`, revisions, run counts).
 */
export type GarminTarget =
  { resource: GarminResource; url: string } | { resource: GarminResource; summaries: unknown[] };

interface TargetedCursor {
  targets: GarminTarget[];
}

/** Targets queued for one connection at most; past it, the sync reads its window instead. */
export const MAX_TARGETS = 50;

export const isResource = (value: unknown): value is GarminResource =>
  typeof value === 'string' && (RESOURCES as readonly string[]).includes(value);

function readTargeted(cursor: string | null): GarminTarget[] | undefined {
  if (!cursor?.startsWith('{"targets"')) return undefined;
  const parsed = JSON.parse(cursor) as TargetedCursor;
  return parsed.targets.filter((t) => isResource(t.resource));
}

/**
 * The cursor of a targeted sync: `previous` (a targeted cursor already queued, or null) and `targets`
 * after it. Undefined when the result would hold more than `MAX_TARGETS`, or `previous` is a window's
 * cursor: the caller queues a window sync then.
 */
export function targetedCursor(previous: string | null, targets: GarminTarget[]): string | undefined {
  const before = previous === null ? [] : readTargeted(previous);
  if (!before) return undefined;
  const all = [...before, ...targets];
  if (all.length === 0 || all.length > MAX_TARGETS) return undefined;
  return JSON.stringify({ targets: all } satisfies TargetedCursor);
}

/** The summary type a pull URL reads, when it is one of the Health API's `/wellness-api/rest/<type>`. */
export function pullResource(url: URL): GarminResource | undefined {
  const match = /\/wellness-api\/rest\/([A-Za-z]+)$/.exec(url.pathname);
  return match && isResource(match[1]) ? match[1] : undefined;
}

/**
 * A ping's pull: the URL's own answer. One Garmin refuses (a 4xx: its pull token expired, or a ping no one
 * at Garmin sent) reads as nothing — retrying it would fail the same way, and the schedule's window reads
 * what it missed; sign-in, rate limits and unreachable servers fail the run as any sync's.
 */
async function pullOnce(context: SyncContext, url: string): Promise<unknown> {
  try {
    return await context.http.get<unknown>(url);
  } catch (error) {
    if (
      error instanceof ProviderError &&
      error.status !== undefined &&
      error.status >= 400 &&
      error.status < 500
    )
      return [];
    throw error;
  }
}

async function* syncTargeted(context: SyncContext, targets: GarminTarget[]): AsyncIterable<RawPage> {
  for (let i = 0; i < targets.length; i++) {
    const target = targets[i]!;
    // Only a GET, only on the person's Garmin API (ProviderHttp refuses another origin).
    const payload = 'url' in target ? await pullOnce(context, target.url) : target.summaries;
    const rest = targets.slice(i + 1);
    yield {
      resource: target.resource,
      payload,
      cursor: rest.length > 0 ? JSON.stringify({ targets: rest } satisfies TargetedCursor) : null,
    };
  }
}
