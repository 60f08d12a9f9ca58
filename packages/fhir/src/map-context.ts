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

/** A reading of a resource read and deliberately not kept: its type as a person can look it up, and why. */
export interface Skip {
  type: string;
  reason: string;
}

/**
 * The samples of one resource, what kept any part of it from becoming one, and what was left on purpose:
 * every reading the resource holds is one of the three (a resource that holds none of ours is one skip).
 */
export interface Mapped {
  samples: NewSample[];
  issues: string[];
  skipped: Skip[];
}

export const mapped = (samples: NewSample[], skipped: Skip[] = []): Mapped => ({
  samples,
  issues: [],
  skipped,
});
export const problem = (message: string): Mapped => ({ samples: [], issues: [message], skipped: [] });
export const left = (type: string, reason: string): Mapped => ({
  samples: [],
  issues: [],
  skipped: [{ type, reason }],
});

/** A resource its sender marked entered-in-error (withdrawn), or with another status that holds no reading. */
export const withStatus = (found: FoundResource, status: string, reason = WITHDRAWN): Mapped =>
  left(`${found.resource.resourceType} (${status})`, reason);
export const WITHDRAWN = 'marked entered-in-error by its sender: withdrawn, not a reading';

/** The provider's id, else something stable from where the resource sat (its entry's fullUrl, its place). */
export function originIdOf(found: FoundResource): string {
  const id = found.resource.id;
  if (typeof id === 'string' && id !== '') return id;
  return found.fullUrl ?? `${found.file}#${found.record}${found.part === undefined ? '' : `.${found.part}`}`;
}

/** "Observation abc123" for messages. */
export const label = (found: FoundResource): string =>
  `${found.resource.resourceType}${typeof found.resource.id === 'string' ? ` ${found.resource.id}` : ''}`;
