import type { NewSample } from '@healthfolio/core';
import { mapFhirResources, type FhirResource } from '@healthfolio/fhir';
import { withdrawnSamples } from '../shared/fhir-withdrawn';
import type { DeletedOrigins, NormalizeContext, RawPage } from '../types';

/** A search page's resources, or the one resource a read answered. */
export function resourcesOf(payload: unknown): FhirResource[] {
  const value = payload as { resourceType?: unknown; entry?: unknown } | null;
  if (!value || typeof value !== 'object') return [];
  if (value.resourceType !== 'Bundle')
    return typeof value.resourceType === 'string' ? [value as FhirResource] : [];
  if (!Array.isArray(value.entry)) return [];
  return value.entry
    .map((e) => (e as { resource?: unknown } | null)?.resource)
    .filter(
      (r): r is FhirResource =>
        !!r && typeof r === 'object' && typeof (r as FhirResource).resourceType === 'string',
    );
}

/**
 * Maps a page as the FHIR importer maps a Blue Button export: Coverage → `insurance_coverage`,
 * ExplanationOfBenefit → `medical_service` plus its ICD-10 `diagnosis` and `procedure` codes. The Patient
 * gives no sample.
 */
export function normalize(
  page: Pick<RawPage, 'resource' | 'payload'>,
  context: NormalizeContext,
): NewSample[] {
  if (page.resource === 'Patient') return [];
  return mapFhirResources(resourcesOf(page.payload), {
    zone: context.timeZone,
    source: context.source ?? 'medicare',
    origin: page.resource,
  }).samples;
}

/** What a page withdrew: Coverage and claims Blue Button now answers as `entered-in-error`. */
export function deleted(
  page: Pick<RawPage, 'resource' | 'payload'>,
  context: NormalizeContext,
): DeletedOrigins[] {
  if (page.resource === 'Patient') return [];
  return withdrawnSamples(resourcesOf(page.payload), {
    zone: context.timeZone,
    source: context.source ?? 'medicare',
    origin: page.resource,
  });
}
