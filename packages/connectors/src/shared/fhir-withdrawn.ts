import { findMetricByLoinc } from '@healthfolio/core';
import { mapFhirResources, type FhirResource } from '@healthfolio/fhir';
import type { DeletedOrigins } from '../types';

const LOINC = 'http://loinc.org';

/** The status each sample-bearing type would have if it still stood (FHIR R4 value sets). */
const STANDING: Record<string, string> = {
  Observation: 'final',
  Procedure: 'completed',
  Coverage: 'active',
  ExplanationOfBenefit: 'active',
};

interface Coding {
  system?: string;
  code?: string;
}
const codings = (concept: unknown): Coding[] => {
  const list = (concept as { coding?: unknown } | null)?.coding;
  return Array.isArray(list) ? (list as Coding[]) : [];
};

/**
 * FHIR R4 retracts a record by updating it: `status: entered-in-error` (Observation, Procedure, Coverage,
 * ExplanationOfBenefit …), or `verificationStatus` `entered-in-error` (Condition, AllergyIntolerance).
 */
export function isEnteredInError(resource: FhirResource): boolean {
  const r = resource as { status?: unknown; verificationStatus?: unknown };
  return (
    r.status === 'entered-in-error' ||
    codings(r.verificationStatus).some((c) => c.code === 'entered-in-error')
  );
}

/** The resource as it stood before it was retracted, for the mapping to say what it had written. */
function standing(resource: FhirResource): FhirResource {
  const copy = { ...resource } as FhirResource & { status?: unknown; verificationStatus?: unknown };
  if (copy.status === 'entered-in-error') copy.status = STANDING[resource.resourceType] ?? 'active';
  if (codings(copy.verificationStatus).some((c) => c.code === 'entered-in-error'))
    delete copy.verificationStatus;
  return copy;
}

/** An Observation that no longer carries its value: the kinds its LOINC codes (and its components') name. */
function observationFallback(resource: FhirResource, id: string): { kinds: string[]; ids: string[] } {
  const r = resource as { code?: unknown; component?: unknown };
  const components = Array.isArray(r.component) ? (r.component as { code?: unknown }[]) : [];
  const loincs = [r.code, ...components.map((c) => c?.code)].flatMap((concept) =>
    codings(concept).flatMap((c) => (c.system === LOINC && c.code ? [c.code] : [])),
  );
  const kinds = new Set(['custom']);
  for (const code of loincs) {
    const metric = findMetricByLoinc(code);
    if (metric) kinds.add(metric.kind);
  }
  return { kinds: [...kinds], ids: [id, ...loincs.map((code) => `${id}:${code}`)] };
}

/**
 * What a page of FHIR resources withdrew: for each resource marked `entered-in-error`, the kinds and
 * origin ids its samples were written under — found by mapping it as it stood, with the importer's own
 * mapping, so they are exactly the ones stored. One entry per resource type, as ids are unique only
 * within a type. A resource without an id cannot be matched and is left.
 */
export function withdrawnSamples(
  resources: readonly FhirResource[],
  options: { zone: string; source: string; origin?: string },
): DeletedOrigins[] {
  const byType = new Map<string, { kinds: Set<string>; ids: Set<string> }>();
  for (const resource of resources) {
    const id = (resource as { id?: unknown }).id;
    if (!isEnteredInError(resource) || typeof id !== 'string' || id === '') continue;
    const samples = mapFhirResources([standing(resource)], options).samples;
    const found =
      samples.length > 0
        ? { kinds: samples.map((s) => s.kind), ids: samples.map((s) => s.originId ?? id) }
        : resource.resourceType === 'Observation'
          ? observationFallback(resource, id)
          : undefined;
    if (!found) continue;
    const entry = byType.get(resource.resourceType) ?? { kinds: new Set(), ids: new Set() };
    for (const kind of found.kinds) entry.kinds.add(kind);
    for (const origin of found.ids) entry.ids.add(origin);
    byType.set(resource.resourceType, entry);
  }
  return [...byType.values()].map((e) => ({ kinds: [...e.kinds], originIds: [...e.ids] }));
}
