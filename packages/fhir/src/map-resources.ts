import type { NewSample } from '@healthfolio/core';
import type { Resource } from './fhir-types';
import { mapResource } from './map';
import { addReportLinks } from './references';

/** What a connector's sync gives the FHIR mapping besides the resources. */
export interface FhirMapOptions {
  /** Zone for dates and local times written without an offset. */
  zone: string;
  /** The source kind the samples are written under (epic, cerner, ehr, va, medicare). */
  source: string;
  /** Where the resources came from, for issue messages ("Observation?category=laboratory page 3"). */
  origin?: string;
}

/**
 * Maps resources read from a FHIR API (a search page's entries) exactly as the file importer maps
 * an export: Observations by LOINC with ranges and flags, Conditions, Procedures, Coverage,
 * ExplanationOfBenefit and the other clinical resources. DiagnosticReports on the same page name
 * their results. Pure, so stored pages can be replayed.
 */
export function mapFhirResources(
  resources: readonly Resource[],
  options: FhirMapOptions,
): { samples: NewSample[]; issues: string[] } {
  const reports = new Map<string, string>();
  for (const resource of resources) addReportLinks(resource, reports);
  const context = { zone: options.zone, source: options.source, reports };
  const samples: NewSample[] = [];
  const issues: string[] = [];
  resources.forEach((resource, record) => {
    const mapped = mapResource({ resource, file: options.origin ?? 'api', record }, context);
    samples.push(...mapped.samples);
    issues.push(...mapped.issues);
  });
  return { samples, issues };
}

export type { Resource as FhirResource } from './fhir-types';
