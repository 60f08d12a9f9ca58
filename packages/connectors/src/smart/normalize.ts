import type { ClinicalRecordInput, NewSample } from '@healthfolio/core';
import { mapClinicalRecords, mapFhirResources, type FhirResource } from '@healthfolio/fhir';
import { withdrawnSamples } from '../shared/fhir-withdrawn';
import type { DeletedOrigins, NormalizeContext, RawPage } from '../types';

/** The resources of a search page (a searchset Bundle); an OperationOutcome or anything else has none. */
export function resourcesOf(payload: unknown): FhirResource[] {
  const bundle = payload as { resourceType?: unknown; entry?: unknown } | null;
  if (!bundle || bundle.resourceType !== 'Bundle' || !Array.isArray(bundle.entry)) return [];
  const out: FhirResource[] = [];
  for (const entry of bundle.entry as { resource?: unknown; search?: { mode?: string } }[]) {
    const resource = entry?.resource as FhirResource | undefined;
    // `outcome` entries are the server's warnings about the search, not the patient's record.
    if (!resource || typeof resource !== 'object' || entry.search?.mode === 'outcome') continue;
    if (resource.resourceType === 'OperationOutcome') continue;
    out.push(resource);
  }
  return out;
}

/** Samples of one page: Observations by LOINC (vitals, labs with ranges and flags), conditions, procedures. */
export const normalizeFor =
  (kind: string) =>
  (page: Pick<RawPage, 'resource' | 'payload'>, context: NormalizeContext): NewSample[] =>
    mapFhirResources(resourcesOf(page.payload), {
      zone: context.timeZone,
      source: context.source ?? kind,
      origin: page.resource,
    }).samples;

/** The clinical view's records of one page (conditions, medications, immunizations, allergies, encounters). */
export const recordsFor =
  (kind: string) =>
  (page: Pick<RawPage, 'resource' | 'payload'>, context: NormalizeContext): ClinicalRecordInput[] =>
    mapClinicalRecords(resourcesOf(page.payload), {
      zone: context.timeZone,
      source: context.source ?? kind,
    });

/**
 * What a page withdrew: Observations, Conditions and Procedures the server now answers as
 * `entered-in-error` (a corrected result, a wrong diagnosis) — never stored, and their earlier samples
 * deleted.
 */
export const deletedFor =
  (kind: string) =>
  (page: Pick<RawPage, 'resource' | 'payload'>, context: NormalizeContext): DeletedOrigins[] =>
    withdrawnSamples(resourcesOf(page.payload), {
      zone: context.timeZone,
      source: context.source ?? kind,
      origin: page.resource,
    });
