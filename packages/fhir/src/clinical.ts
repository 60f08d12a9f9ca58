import type { NewSample } from '@healthfolio/core';
import { conceptName, sampleCode, str } from './coded';
import type { FoundResource } from './fhir-types';
import { endAfter, readFhirTime } from './fhir-time';
import { label, mapped, originIdOf, problem, withStatus, type MapContext, type Mapped } from './map-context';

/** A Condition (problem list, encounter diagnosis) as a `diagnosis`, dated from its onset or recording. */
export function mapCondition(found: FoundResource, context: MapContext): Mapped {
  const condition = found.resource;
  if (conceptCode(condition.verificationStatus) === 'entered-in-error')
    return withStatus(found, 'entered-in-error');
  const code = sampleCode(condition.code);
  if (!code) return problem(`${label(found)} names no condition (code)`);
  const onsetPeriod = condition.onsetPeriod as { start?: unknown } | undefined;
  const start =
    readFhirTime(condition.onsetDateTime, context.zone) ??
    readFhirTime(onsetPeriod?.start, context.zone) ??
    readFhirTime(condition.recordedDate, context.zone);
  if (!start) return problem(`${label(found)} (${code.display}) has no onset or recorded date`);
  const sample = codedSample('diagnosis', found, context, start);
  sample.meta = { code, provenance: { resourceType: 'Condition', id: originIdOf(found) } };
  const status = conceptCode(condition.clinicalStatus);
  if (status !== undefined) sample.meta.status = status;
  const end = endAfter(start, readFhirTime(condition.abatementDateTime, context.zone));
  if (end !== undefined) sample.end = end;
  return mapped([sample]);
}

/** A Procedure as a `procedure`, over its performed period when it has one. Not-done ones are left out. */
export function mapProcedure(found: FoundResource, context: MapContext): Mapped {
  const procedure = found.resource;
  if (procedure.status === 'entered-in-error') return withStatus(found, 'entered-in-error');
  if (procedure.status === 'not-done') return withStatus(found, 'not-done', 'a procedure that was not done');
  const code = sampleCode(procedure.code);
  if (!code) return problem(`${label(found)} names no procedure (code)`);
  const period = procedure.performedPeriod as { start?: unknown; end?: unknown } | undefined;
  const start =
    readFhirTime(procedure.performedDateTime, context.zone) ?? readFhirTime(period?.start, context.zone);
  if (!start) return problem(`${label(found)} (${code.display}) has no performed date`);
  const sample = codedSample('procedure', found, context, start);
  sample.meta = { code, provenance: { resourceType: 'Procedure', id: originIdOf(found) } };
  const status = str(procedure.status);
  if (status !== undefined) sample.meta.status = status;
  const end = endAfter(start, readFhirTime(period?.end, context.zone));
  if (end !== undefined) sample.end = end;
  return mapped([sample]);
}

/** The skeleton of a coded sample: value 1, its meaning in `meta.code`. */
export function codedSample(
  kind: string,
  found: FoundResource,
  context: MapContext,
  start: { ms: number; offsetMin: number; tz?: string },
): NewSample {
  const sample: NewSample = {
    kind,
    start: start.ms,
    value: 1,
    utcOffsetMin: start.offsetMin,
    source: context.source,
    originId: originIdOf(found),
  };
  if (start.tz) sample.tz = start.tz;
  return sample;
}

/** A status CodeableConcept's code (clinicalStatus "active"), else its text. */
function conceptCode(concept: unknown): string | undefined {
  const coding = (concept as { coding?: { code?: unknown }[] } | undefined)?.coding;
  return str(Array.isArray(coding) ? coding[0]?.code : undefined) ?? conceptName(concept);
}
