import { ProviderError } from '../errors';
import type { RawPage, SyncContext } from '../types';

/** What the feed answered: a FHIR Bundle (searchset or collection), or our own JSON with `samples`. */
export type FeedPage =
  | { resourceType: 'Bundle'; entry?: { resource?: unknown }[]; link?: { relation?: string; url?: string }[] }
  | { samples: unknown[]; next?: string | null };

interface Cursor {
  next: string;
}

/** The next page's URL: a Bundle's `link[relation=next]`, or our JSON's `next`. */
export function nextOf(page: FeedPage): string | null {
  if ('resourceType' in page) {
    return page.link?.find((l) => l.relation === 'next')?.url ?? null;
  }
  return typeof page.next === 'string' && page.next ? page.next : null;
}

function isFeedPage(payload: unknown): payload is FeedPage {
  if (!payload || typeof payload !== 'object') return false;
  const p = payload as Record<string, unknown>;
  return p.resourceType === 'Bundle' || Array.isArray(p.samples);
}

/**
 * Reads the feed from its URL (with `since`, the start of the window, on the first page), then follows
 * its next links on the same host. A page that is neither a FHIR Bundle nor `{ "samples": [...] }` ends
 * the sync with an error that says what was expected.
 */
export async function* sync(context: SyncContext): AsyncIterable<RawPage> {
  const url = context.settings?.url;
  if (typeof url !== 'string') throw new ProviderError('The feed has no URL; connect it again');
  const start: Cursor | null = context.cursor ? (JSON.parse(context.cursor) as Cursor) : null;
  let next: string | null = start?.next ?? url;
  let first = !start;
  while (next) {
    const payload: unknown = await context.http.get(
      next,
      first ? { since: new Date(context.from).toISOString() } : undefined,
    );
    first = false;
    if (!isFeedPage(payload)) {
      throw new ProviderError(
        'The feed answered JSON that is neither a FHIR Bundle nor {"samples": [...]}; see the report builder’s format',
      );
    }
    next = nextOf(payload);
    yield {
      resource: 'resourceType' in payload ? 'fhir' : 'samples',
      payload,
      cursor: next ? JSON.stringify({ next } satisfies Cursor) : null,
    };
  }
}
