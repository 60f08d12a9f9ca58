import { ownSampleSchema, ownSampleToNewSample, type NewSample } from '@healthfolio/core';
import { mapFhirResources, type FhirResource } from '@healthfolio/fhir';
import type { NormalizeContext, RawPage } from '../types';
import type { FeedPage } from './client';

const SOURCE = 'report_builder';

export function resourcesOf(payload: unknown): FhirResource[] {
  const entries = (payload as Extract<FeedPage, { resourceType: 'Bundle' }>).entry ?? [];
  return entries
    .map((e) => e.resource)
    .filter((r): r is FhirResource => !!r && typeof r === 'object' && 'resourceType' in r);
}

/**
 * A FHIR page is mapped as any FHIR import is (Observations by LOINC with ranges and flags, Conditions,
 * claims); a page of our own JSON sample by sample. A sample the schema refuses is left out, never
 * guessed at: the rest of the page still counts.
 */
export function normalize(
  page: Pick<RawPage, 'resource' | 'payload'>,
  context: NormalizeContext,
): NewSample[] {
  if (page.resource === 'fhir') {
    return mapFhirResources(resourcesOf(page.payload), {
      zone: context.timeZone,
      source: SOURCE,
      origin: 'feed',
    }).samples;
  }
  const samples = (page.payload as { samples?: unknown[] }).samples ?? [];
  const out: NewSample[] = [];
  for (const raw of samples) {
    const parsed = ownSampleSchema.safeParse(raw);
    if (parsed.success) out.push(ownSampleToNewSample(parsed.data, SOURCE));
  }
  return out;
}
