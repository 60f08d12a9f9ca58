import { mapCoverage, mapExplanationOfBenefit } from './claims';
import { mapCondition, mapProcedure } from './clinical';
import type { FoundResource } from './fhir-types';
import { left, type MapContext, type Mapped } from './map-context';
import { mapObservation } from './observation';
import { CLINICAL_RESOURCE_TYPES } from './records';

type Mapper = (found: FoundResource, context: MapContext) => Mapped;

/**
 * The resource types that become samples. DiagnosticReport gives none of its own (its name reaches its
 * Observations through the survey); Patient is checked against the owner by the reader; every other
 * type (MedicationRequest, Immunization, Encounter …) is one reading skipped under its resourceType.
 */
const MAPPERS: Record<string, Mapper> = {
  Observation: mapObservation,
  Condition: mapCondition,
  Procedure: mapProcedure,
  Coverage: mapCoverage,
  ExplanationOfBenefit: mapExplanationOfBenefit,
};

export function mapResource(found: FoundResource, context: MapContext): Mapped {
  const type = found.resource.resourceType;
  const mapper = Object.hasOwn(MAPPERS, type) ? MAPPERS[type] : undefined;
  return mapper ? mapper(found, context) : left(type, unmappedReason(type));
}

const WHO_OR_WHERE = 'who or where care was given, not a reading';

/** Why a resource of a type that gives no sample is left. */
const UNMAPPED: Record<string, string> = {
  Patient: 'who the records are about: checked against your name, not a reading',
  DiagnosticReport: 'a report: its name goes on its results, which are read as Observations',
  Medication: 'names the medicine that medication records point at, not a reading',
  Practitioner: WHO_OR_WHERE,
  PractitionerRole: WHO_OR_WHERE,
  Organization: WHO_OR_WHERE,
  Location: WHO_OR_WHERE,
};

/** Why a resource of `type` gives no sample; the clinical view's types are kept there instead. */
export function unmappedReason(type: string): string {
  if (CLINICAL_RESOURCE_TYPES.has(type)) return CLINICAL;
  return UNMAPPED[type] ?? `Healthfolio does not import FHIR ${type} resources yet`;
}

/** Why a MedicationRequest, Immunization, AllergyIntolerance, Encounter … gives no sample. */
export const CLINICAL = 'kept as a clinical record (the Clinical records tab), not as a metric';
