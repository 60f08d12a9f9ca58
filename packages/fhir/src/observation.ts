import type { NewSample, SampleMeta } from '@healthfolio/core';
import { codeIn, conceptName, LOINC, str } from './coded';
import type { FoundResource } from './fhir-types';
import { endAfter, readFhirTime, type FhirTime } from './fhir-time';
import {
  label,
  left,
  mapped,
  originIdOf,
  problem,
  withStatus,
  type MapContext,
  type Mapped,
} from './map-context';
import { catalogueMetric, isKnownUnit } from './observation-kind';
import { flagFor, rangeUnit, readInterpretation, readRange, readValue } from './observation-value';

/** A panel that only groups its results, or a result marked absent (dataAbsentReason). */
const noValue = (): Mapped =>
  left(
    'Observation without a value',
    'a panel (its results are read as Observations of their own) or a result marked absent',
  );

/** What every sample of one Observation shares. */
interface Shared {
  id: string;
  time: FhirTime;
  end: number | undefined;
  meta: SampleMeta;
  source: string;
}

/**
 * An Observation's samples: its own value, and one per valued component (a blood-pressure panel
 * gives systolic and diastolic). Panels without values and results marked absent give none.
 */
export function mapObservation(found: FoundResource, context: MapContext): Mapped {
  const obs = found.resource;
  if (obs.status === 'entered-in-error') return withStatus(found, 'entered-in-error');
  if (obs.status === 'cancelled') return withStatus(found, 'cancelled', 'cancelled before a result');
  const period = obs.effectivePeriod as { start?: unknown; end?: unknown } | undefined;
  const time =
    readFhirTime(obs.effectiveDateTime, context.zone) ??
    readFhirTime(period?.start, context.zone) ??
    readFhirTime(obs.effectiveInstant, context.zone) ??
    readFhirTime(obs.issued, context.zone);
  if (!time) return problem(`${label(found)} has no date (effective[x] or issued)`);
  const shared: Shared = {
    id: originIdOf(found),
    time,
    end: endAfter(time, readFhirTime(period?.end, context.zone)),
    meta: sharedMeta(found, context),
    source: context.source,
  };
  const samples: NewSample[] = [];
  if (readValue(obs) !== undefined) samples.push(toSample(obs, obs.code, false, shared));
  const components = Array.isArray(obs.component) ? (obs.component as unknown[]) : [];
  components.forEach((component, index) => {
    if (typeof component !== 'object' || component === null) return;
    const element = component as Record<string, unknown>;
    if (readValue(element) !== undefined) samples.push(toSample(element, element.code, index, shared));
  });
  if (samples.length === 0) return noValue();
  return mapped(samples);
}

function sharedMeta(found: FoundResource, context: MapContext): SampleMeta {
  const obs = found.resource;
  const provenance: Record<string, string> = { resourceType: 'Observation', id: originIdOf(found) };
  const report = reportOf(found, context.reports);
  if (report !== undefined) provenance.report = report;
  const meta: SampleMeta = { provenance };
  const performers = Array.isArray(obs.performer) ? (obs.performer as { display?: unknown }[]) : [];
  const lab = performers.map((p) => str(p?.display)).find((d) => d !== undefined);
  if (lab !== undefined) meta.lab = lab;
  return meta;
}

function reportOf(found: FoundResource, reports: ReadonlyMap<string, string>): string | undefined {
  if (reports.size === 0) return undefined;
  const id = found.resource.id;
  return (
    (typeof id === 'string' ? reports.get(`Observation/${id}`) : undefined) ??
    (found.fullUrl ? reports.get(found.fullUrl) : undefined)
  );
}

/**
 * One sample from an Observation (`component` false) or its component at that index. Components of a
 * catalogue kind share the Observation's id (their kinds differ); custom ones add their LOINC or
 * index so two never collide.
 */
function toSample(
  element: Record<string, unknown>,
  code: unknown,
  component: number | false,
  shared: Shared,
): NewSample {
  const read = readValue(element)!;
  const loinc = codeIn(code, LOINC);
  const unit = read.unit ?? (read.valueText !== undefined ? rangeUnit(element) : undefined);
  const metric = read.value === undefined ? undefined : catalogueMetric(code, loinc, unit);
  const meta: SampleMeta = { ...shared.meta, provenance: { ...shared.meta.provenance } };
  if (loinc !== undefined) meta.loinc = loinc;
  if (read.valueText !== undefined) meta.valueText = read.valueText;
  const range = readRange(element);
  if (range) meta.referenceRange = range;
  const interpretation = readInterpretation(element);
  if (interpretation !== undefined) meta.interpretation = interpretation;
  // The original name goes with results the catalogue does not know by LOINC (custom, or matched by name).
  if (!metric || loinc === undefined) meta.name = conceptName(code) ?? loinc ?? 'Observation';
  const sample: NewSample = {
    kind: metric?.kind ?? 'custom',
    start: shared.time.ms,
    value: read.value ?? 0,
    utcOffsetMin: shared.time.offsetMin,
    source: shared.source,
    originId: component === false || metric ? shared.id : `${shared.id}:${loinc ?? component}`,
    meta,
  };
  if (shared.end !== undefined) sample.end = shared.end;
  if (shared.time.tz) sample.tz = shared.time.tz;
  const flag = flagFor(interpretation);
  if (flag !== undefined) sample.flag = flag;
  if (unit !== undefined) keepUnit(sample, meta, unit, metric !== undefined);
  return sample;
}

/** A catalogue kind's unit converts (checked); a custom one is kept only when the store reads it, else it stays in the printed value. */
function keepUnit(sample: NewSample, meta: SampleMeta, unit: string, known: boolean): void {
  if (known || isKnownUnit(unit)) {
    sample.unit = unit;
    return;
  }
  if (meta.valueText === undefined) meta.valueText = `${sample.value} ${unit}`;
  else if (!meta.valueText.includes(unit)) meta.valueText += ` ${unit}`;
}
