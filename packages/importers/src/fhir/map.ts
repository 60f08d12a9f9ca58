import { mapCoverage, mapExplanationOfBenefit } from './claims';
import { mapCondition, mapProcedure } from './clinical';
import type { FoundResource } from './fhir-types';
import { nothing, type MapContext, type Mapped } from './map-context';
import { mapObservation } from './observation';

type Mapper = (found: FoundResource, context: MapContext) => Mapped;

/**
 * The resource types that become samples. DiagnosticReport gives none of its own (its name reaches its
 * Observations through the survey); Patient is checked against the owner by the reader; every other
 * type (MedicationRequest, Immunization, Encounter …) is counted as read and left.
 */
const MAPPERS: Record<string, Mapper> = {
  Observation: mapObservation,
  Condition: mapCondition,
  Procedure: mapProcedure,
  Coverage: mapCoverage,
  ExplanationOfBenefit: mapExplanationOfBenefit,
};

export function mapResource(found: FoundResource, context: MapContext): Mapped {
  const mapper = Object.hasOwn(MAPPERS, found.resource.resourceType)
    ? MAPPERS[found.resource.resourceType]
    : undefined;
  return mapper ? mapper(found, context) : nothing();
}
