import type { NewSample } from '@healthfolio/core';
import type { FoundResource } from './fhir-types';

/** What every mapper needs besides the resource. */
export interface MapContext {
  /** Zone for dates and local times written without an offset. */
  zone: string;
  /** The SPEC source kind of the whole upload (ehr, epic, cerner, va, medicare). */
  source: string;
  /** Report names by the references that DiagnosticReport.result uses for their Observations. */
  reports: ReadonlyMap<string, string>;
}

/** The samples of one resource, and what kept any part of it from becoming one. */
export interface Mapped {
  samples: NewSample[];
  issues: string[];
}

export const nothing = (): Mapped => ({ samples: [], issues: [] });
export const problem = (message: string): Mapped => ({ samples: [], issues: [message] });

/** The provider's id, else something stable from where the resource sat (its entry's fullUrl, its place). */
export function originIdOf(found: FoundResource): string {
  const id = found.resource.id;
  if (typeof id === 'string' && id !== '') return id;
  return found.fullUrl ?? `${found.file}#${found.record}${found.part === undefined ? '' : `.${found.part}`}`;
}

/** "Observation abc123" for messages. */
export const label = (found: FoundResource): string =>
  `${found.resource.resourceType}${typeof found.resource.id === 'string' ? ` ${found.resource.id}` : ''}`;
