import { ProviderError } from '../errors';
import type { RawPage, SyncContext } from '../types';
import { FULL_READ_DAYS } from './manifest';

const DAY_MS = 86_400_000;

/** One search of the patient's record; `resource` names the page for `normalize` and the kept payloads. */
interface Search {
  resource: string;
  type: string;
  category?: string;
}

/** The searches read, in this order on every run (the cursor counts on it). */
export const SEARCHES: readonly Search[] = [
  { resource: 'Observation:vital-signs', type: 'Observation', category: 'vital-signs' },
  { resource: 'Observation:laboratory', type: 'Observation', category: 'laboratory' },
  { resource: 'Condition', type: 'Condition' },
  { resource: 'Procedure', type: 'Procedure' },
  { resource: 'DiagnosticReport', type: 'DiagnosticReport' },
  { resource: 'MedicationRequest', type: 'MedicationRequest' },
  { resource: 'Immunization', type: 'Immunization' },
  { resource: 'AllergyIntolerance', type: 'AllergyIntolerance' },
  { resource: 'Encounter', type: 'Encounter' },
];

/** Entries asked for per page; servers may answer fewer (Epic caps some searches). */
export const PAGE_SIZE = 100;

interface Cursor {
  /** Index into SEARCHES. */
  r: number;
  /** The server's `next` link (absolute), or null to start the search. */
  next: string | null;
}

interface Bundle {
  resourceType?: string;
  link?: { relation?: string; url?: string }[];
  entry?: { resource?: unknown }[];
}

interface CapabilityStatement {
  rest?: {
    searchParam?: { name?: string }[];
    resource?: { type?: string; searchParam?: { name?: string }[] }[];
  }[];
}

const nextLink = (bundle: Bundle) => bundle.link?.find((l) => l.relation === 'next')?.url ?? null;

/** The types whose search the CapabilityStatement says takes `_lastUpdated` (server-wide or per type). */
async function lastUpdatedTypes(context: SyncContext): Promise<ReadonlySet<string>> {
  let statement: CapabilityStatement;
  try {
    statement = await context.http.get<CapabilityStatement>('metadata');
  } catch (error) {
    if (error instanceof ProviderError) return new Set();
    throw error;
  }
  const types = new Set<string>();
  for (const rest of statement.rest ?? []) {
    const everywhere = rest.searchParam?.some((p) => p.name === '_lastUpdated') ?? false;
    for (const resource of rest.resource ?? []) {
      if (!resource.type) continue;
      if (everywhere || resource.searchParam?.some((p) => p.name === '_lastUpdated'))
        types.add(resource.type);
    }
  }
  return types;
}

/**
 * Reads the patient in context (`extra.patient` from the token answer) search by search:
 * `GET <Type>?patient=<id>[&category=…]&_count=100`, then each `link[relation=next].url` (the provider
 * http keeps them on the server's origin). The first sync (a window as wide as FULL_READ_DAYS) reads
 * everything; later ones add `_lastUpdated=ge<from>` where the CapabilityStatement offers it and read
 * the whole type where it does not (the store keeps what it already has). A type the server does not
 * support (403, 404) is skipped; an OperationOutcome instead of a Bundle is an empty page.
 */
export async function* sync(context: SyncContext): AsyncIterable<RawPage> {
  const patient = context.extra?.patient;
  if (typeof patient !== 'string' || patient === '') {
    throw new ProviderError('The health record did not say which patient the sign-in is for. Connect again.');
  }
  const start: Cursor = context.cursor ? (JSON.parse(context.cursor) as Cursor) : { r: 0, next: null };
  const incremental = context.to - context.from < (FULL_READ_DAYS - 1) * DAY_MS;
  const since = incremental ? await lastUpdatedTypes(context) : new Set<string>();
  for (let r = start.r; r < SEARCHES.length; r++) {
    const search = SEARCHES[r]!;
    let next = r === start.r ? start.next : null;
    let first = true;
    while (first || next) {
      first = false;
      let payload: Bundle;
      try {
        payload = next
          ? await context.http.get<Bundle>(next)
          : await context.http.get<Bundle>(search.type, {
              patient,
              category: search.category,
              _lastUpdated: since.has(search.type) ? `ge${new Date(context.from).toISOString()}` : undefined,
              _count: PAGE_SIZE,
            });
      } catch (error) {
        if (error instanceof ProviderError && (error.status === 403 || error.status === 404)) break;
        throw error;
      }
      next = payload.resourceType === 'Bundle' ? nextLink(payload) : null;
      const cursor: Cursor | null = next
        ? { r, next }
        : r + 1 < SEARCHES.length
          ? { r: r + 1, next: null }
          : null;
      yield { resource: search.resource, payload, cursor: cursor && JSON.stringify(cursor) };
    }
  }
}
