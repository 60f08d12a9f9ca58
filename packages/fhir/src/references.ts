import { conceptName } from './coded';
import type { Resource } from './fhir-types';

/** Remembers a DiagnosticReport's name under the references of its results; other resources are ignored. */
export function addReportLinks(resource: Resource, reports: Map<string, string>): void {
  if (resource.resourceType !== 'DiagnosticReport') return;
  const name = conceptName(resource.code) ?? 'Report';
  const results = Array.isArray(resource.result) ? (resource.result as unknown[]) : [];
  for (const result of results) {
    const key = referenceKey((result as { reference?: unknown } | null)?.reference);
    if (key !== undefined && !reports.has(key)) reports.set(key, name);
  }
}

/** "Observation/123" from a relative or absolute reference (history dropped); a urn as it is. */
export function referenceKey(reference: unknown): string | undefined {
  if (typeof reference !== 'string' || reference === '') return undefined;
  if (reference.startsWith('urn:')) return reference;
  const path = reference.split('/_history/')[0]!.split('/');
  if (path.length < 2) return undefined;
  return `${path[path.length - 2]}/${path[path.length - 1]}`;
}
