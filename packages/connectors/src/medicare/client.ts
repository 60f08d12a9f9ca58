import { ReauthRequired } from '../errors';
import type { RawPage, SyncContext } from '../types';

/** Where Blue Button 2.0 serves FHIR R4. */
export const FHIR_BASE = '/v2/fhir';
/** Blue Button answers at most 50 claims a page (10 unless asked). */
export const EOB_PAGE_SIZE = 50;

/** What is read, in this order on every run (the cursor counts on it). */
export const STEPS = ['Patient', 'Coverage', 'ExplanationOfBenefit'] as const;
export type MedicareResource = (typeof STEPS)[number];

/** Where a sync resumes: the step, and the `next` link of the page after the last one written. */
interface Cursor {
  r: number;
  next: string | null;
}

interface Bundle {
  resourceType?: string;
  link?: { relation?: string; url?: string }[];
}

const nextLink = (bundle: Bundle): string | null =>
  bundle.link?.find((l) => l.relation === 'next' && typeof l.url === 'string')?.url ?? null;

/**
 * Reads the beneficiary the token is for (`patient` of the token answer): `Patient/{id}`, then
 * `Coverage?beneficiary={id}`, then `ExplanationOfBenefit?patient={id}&_count=50`, following each
 * Bundle's `next` link (Blue Button pages with `startIndex`). Searches ask for what changed since the
 * window's start (`_lastUpdated=ge…`), as CMS asks apps to poll; the first sync's window reaches back
 * past every claim.
 */
export async function* sync(context: SyncContext): AsyncIterable<RawPage> {
  const patient = context.extra?.patient;
  if (typeof patient !== 'string' || patient === '') {
    throw new ReauthRequired(
      'Medicare did not say whose records this sign-in reads. Connect Medicare again.',
    );
  }
  const since = `ge${new Date(context.from).toISOString()}`;
  const start: Cursor = context.cursor ? (JSON.parse(context.cursor) as Cursor) : { r: 0, next: null };
  for (let r = start.r; r < STEPS.length; r++) {
    const resource = STEPS[r]!;
    const after = (next: string | null) => {
      const cursor: Cursor | null = next
        ? { r, next }
        : r + 1 < STEPS.length
          ? { r: r + 1, next: null }
          : null;
      return cursor && JSON.stringify(cursor);
    };
    if (resource === 'Patient') {
      const payload = await context.http.get(`${FHIR_BASE}/Patient/${encodeURIComponent(patient)}`);
      yield { resource, payload, cursor: after(null) };
      continue;
    }
    let next = r === start.r ? start.next : null;
    do {
      const payload = next
        ? await context.http.get<Bundle>(next)
        : await context.http.get<Bundle>(
            `${FHIR_BASE}/${resource}/`,
            resource === 'Coverage'
              ? { beneficiary: patient, _lastUpdated: since }
              : { patient, _count: EOB_PAGE_SIZE, _lastUpdated: since },
          );
      next = nextLink(payload);
      yield { resource, payload, cursor: after(next) };
    } while (next);
  }
}
