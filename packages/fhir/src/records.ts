// Over 300 lines: one mapper per clinical resource type, and the FHIR reading helpers only these mappers use.
import { createHash } from 'node:crypto';
import type { ClinicalCategory, ClinicalRecordInput } from '@healthfolio/core';
import { codeIn, codings, conceptName, num, str } from './coded';
import type { FoundResource, Resource } from './fhir-types';
import { readFhirTime } from './fhir-time';
import { referenceKey } from './references';

/** What mapping a resource into a clinical record needs besides the resource. */
export interface RecordContext {
  /** Zone for dates and local times written without an offset. */
  zone: string;
  /** The source kind the records are kept under (epic, cerner, ehr, va, medicare). */
  source: string;
  /** Medication names by the references MedicationRequest / MedicationStatement use ("Medication/123"). */
  medications: ReadonlyMap<string, string>;
}

export const CVX = 'http://hl7.org/fhir/sid/cvx';

/** The resource types the clinical view shows; every other type gives no record. */
export const CLINICAL_RESOURCE_TYPES: ReadonlySet<string> = new Set([
  'Condition',
  'Procedure',
  'MedicationRequest',
  'MedicationStatement',
  'Immunization',
  'AllergyIntolerance',
  'Encounter',
]);

/**
 * The clinical view's records of resources read from a FHIR API page or a file: Conditions, Procedures,
 * MedicationRequests and MedicationStatements, Immunizations, AllergyIntolerances and Encounters, each
 * with its codes and the details a person reads in a chart. Entered-in-error resources are left out;
 * other types give nothing. Medications named by reference are looked up among `resources` (and in
 * each resource's `contained`). Pure: the same resources give the same records.
 */
export function mapClinicalRecords(
  resources: readonly Resource[],
  options: { zone: string; source: string },
): ClinicalRecordInput[] {
  const medications = new Map<string, string>();
  for (const resource of resources) addMedicationName(resource, medications);
  const context: RecordContext = { zone: options.zone, source: options.source, medications };
  const records: ClinicalRecordInput[] = [];
  resources.forEach((resource, record) => {
    const mapped = mapClinicalRecord({ resource, file: 'api', record }, context);
    if (mapped) records.push(mapped);
  });
  return records;
}

/** Remembers a Medication resource's name under "Medication/<id>" (and its fullUrl when read from a Bundle). */
export function addMedicationName(
  resource: Resource,
  medications: Map<string, string>,
  fullUrl?: string,
): void {
  if (resource.resourceType !== 'Medication') return;
  const name = conceptName(resource.code);
  if (name === undefined) return;
  if (typeof resource.id === 'string' && resource.id !== '')
    medications.set(`Medication/${resource.id}`, name);
  if (fullUrl !== undefined) {
    const key = referenceKey(fullUrl);
    if (key !== undefined) medications.set(key, name);
  }
}

type Mapper = (
  resource: Resource,
  context: RecordContext,
) => Omit<ClinicalRecordInput, 'source' | 'originId'> | undefined;

const MAPPERS: Record<string, Mapper> = {
  Condition: condition,
  Procedure: procedure,
  MedicationRequest: medicationRequest,
  MedicationStatement: medicationStatement,
  Immunization: immunization,
  AllergyIntolerance: allergy,
  Encounter: encounter,
};

/** One resource's record, or undefined when it is not a clinical type or was entered in error. */
export function mapClinicalRecord(
  found: FoundResource,
  context: RecordContext,
): ClinicalRecordInput | undefined {
  const { resource } = found;
  if (!Object.hasOwn(MAPPERS, resource.resourceType)) return undefined;
  if (resource.status === 'entered-in-error') return undefined;
  if (conceptCode(resource.verificationStatus) === 'entered-in-error') return undefined;
  const mapped = MAPPERS[resource.resourceType]!(resource, context);
  if (!mapped) return undefined;
  return { source: context.source, originId: recordOriginId(found), ...mapped };
}

/**
 * The provider's id, else the Bundle entry's fullUrl, else a hash of the resource itself: the same
 * resource read again (another page order, another file name) keeps its row.
 */
export function recordOriginId(found: FoundResource): string {
  const id = found.resource.id;
  if (typeof id === 'string' && id.trim() !== '') return id;
  if (found.fullUrl !== undefined && found.fullUrl !== '') return found.fullUrl;
  return `sha256:${createHash('sha256').update(canonicalJson(found.resource)).digest('hex').slice(0, 32)}`;
}

/** JSON with object keys sorted, so the same resource hashes the same whatever order its fields came in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

// ---------------------------------------------------------------------------------------------------
// The mappers

function condition(resource: Resource, context: RecordContext) {
  const onsetPeriod = resource.onsetPeriod as { start?: unknown } | undefined;
  const abatementPeriod = resource.abatementPeriod as { start?: unknown; end?: unknown } | undefined;
  const detail = withCodes(resource.code);
  put(detail, 'categories', names(resource.category));
  put(detail, 'verificationStatus', conceptCode(resource.verificationStatus));
  put(detail, 'severity', conceptName(resource.severity));
  put(detail, 'bodySites', names(resource.bodySite));
  put(detail, 'onset', str(resource.onsetString) ?? ageText(resource.onsetAge));
  put(detail, 'abatement', str(resource.abatementString) ?? ageText(resource.abatementAge));
  put(detail, 'recorder', refName(resource.recorder) ?? refName(resource.asserter));
  put(detail, 'notes', notes(resource.note));
  return record('condition', resource, {
    display: conceptName(resource.code) ?? 'Unnamed condition',
    status: conceptCode(resource.clinicalStatus) ?? null,
    recordedAt: ms(context, resource.onsetDateTime, onsetPeriod?.start, resource.recordedDate),
    endedAt: ms(context, resource.abatementDateTime, abatementPeriod?.end, abatementPeriod?.start),
    detail,
  });
}

function procedure(resource: Resource, context: RecordContext) {
  const period = resource.performedPeriod as { start?: unknown; end?: unknown } | undefined;
  const detail = withCodes(resource.code);
  put(detail, 'categories', names(resource.category));
  put(detail, 'performers', performers(resource.performer));
  put(detail, 'location', refName(resource.location));
  put(detail, 'reasons', [...(names(resource.reasonCode) ?? []), ...refNames(resource.reasonReference)]);
  put(detail, 'bodySites', names(resource.bodySite));
  put(detail, 'outcome', conceptName(resource.outcome));
  put(detail, 'statusReason', conceptName(resource.statusReason));
  put(detail, 'performed', str(resource.performedString));
  put(detail, 'notes', notes(resource.note));
  return record('procedure', resource, {
    display: conceptName(resource.code) ?? 'Unnamed procedure',
    status: str(resource.status) ?? null,
    recordedAt: ms(context, resource.performedDateTime, period?.start),
    endedAt: ms(context, period?.end),
    detail,
  });
}

function medicationRequest(resource: Resource, context: RecordContext) {
  const detail = medicationDetail(resource);
  put(detail, 'intent', str(resource.intent));
  put(detail, 'requester', refName(resource.requester));
  put(detail, 'reasons', [...(names(resource.reasonCode) ?? []), ...refNames(resource.reasonReference)]);
  const validity = (
    resource.dispenseRequest as { validityPeriod?: { start?: unknown; end?: unknown } } | undefined
  )?.validityPeriod;
  put(
    detail,
    'refills',
    num(
      (resource.dispenseRequest as { numberOfRepeatsAllowed?: unknown } | undefined)?.numberOfRepeatsAllowed,
    ),
  );
  return record('medication', resource, {
    display: medicationName(resource, context),
    status: str(resource.status) ?? null,
    recordedAt: ms(context, resource.authoredOn, validity?.start),
    endedAt: ms(context, boundsEnd(resource.dosageInstruction)),
    detail,
  });
}

function medicationStatement(resource: Resource, context: RecordContext) {
  const period = resource.effectivePeriod as { start?: unknown; end?: unknown } | undefined;
  const detail = medicationDetail(resource);
  put(detail, 'informationSource', refName(resource.informationSource));
  put(detail, 'reasons', [...(names(resource.reasonCode) ?? []), ...refNames(resource.reasonReference)]);
  return record('medication', resource, {
    display: medicationName(resource, context),
    status: str(resource.status) ?? null,
    recordedAt: ms(context, resource.effectiveDateTime, period?.start, resource.dateAsserted),
    endedAt: ms(context, period?.end, boundsEnd(resource.dosage)),
    detail,
  });
}

function immunization(resource: Resource, context: RecordContext) {
  const detail = withCodes(resource.vaccineCode);
  put(detail, 'cvx', codeIn(resource.vaccineCode, CVX));
  put(detail, 'lotNumber', str(resource.lotNumber));
  put(detail, 'site', conceptName(resource.site));
  put(detail, 'route', conceptName(resource.route));
  put(detail, 'dose', quantityText(resource.doseQuantity));
  put(detail, 'performers', performers(resource.performer));
  put(detail, 'location', refName(resource.location));
  put(detail, 'manufacturer', refName(resource.manufacturer));
  put(
    detail,
    'primarySource',
    typeof resource.primarySource === 'boolean' ? resource.primarySource : undefined,
  );
  put(detail, 'statusReason', conceptName(resource.statusReason));
  put(detail, 'occurrence', str(resource.occurrenceString));
  put(detail, 'notes', notes(resource.note));
  return record('immunization', resource, {
    display: conceptName(resource.vaccineCode) ?? 'Unnamed vaccine',
    status: str(resource.status) ?? null,
    recordedAt: ms(context, resource.occurrenceDateTime, resource.recorded),
    endedAt: null,
    detail,
  });
}

function allergy(resource: Resource, context: RecordContext) {
  const onsetPeriod = resource.onsetPeriod as { start?: unknown } | undefined;
  const detail = withCodes(resource.code);
  put(detail, 'type', str(resource.type));
  put(detail, 'categories', strings(resource.category));
  put(detail, 'criticality', str(resource.criticality));
  put(detail, 'verificationStatus', conceptCode(resource.verificationStatus));
  const reactions = list(resource.reaction).map((reaction) => {
    const out: Record<string, unknown> = {};
    put(out, 'manifestations', names(reaction.manifestation));
    put(out, 'severity', str(reaction.severity));
    put(out, 'description', str(reaction.description));
    put(out, 'substance', conceptName(reaction.substance));
    put(out, 'onset', readFhirTime(reaction.onset, context.zone)?.ms);
    return out;
  });
  put(
    detail,
    'reactions',
    reactions.filter((r) => Object.keys(r).length > 0),
  );
  put(detail, 'lastOccurrence', ms(context, resource.lastOccurrence) ?? undefined);
  put(detail, 'notes', notes(resource.note));
  return record('allergy', resource, {
    display: conceptName(resource.code) ?? 'Unnamed allergy',
    status: conceptCode(resource.clinicalStatus) ?? null,
    recordedAt: ms(context, resource.onsetDateTime, onsetPeriod?.start, resource.recordedDate),
    endedAt: null,
    detail,
  });
}

function encounter(resource: Resource, context: RecordContext) {
  const period = resource.period as { start?: unknown; end?: unknown } | undefined;
  const detail: Record<string, unknown> = {
    codes: [...list(resource.type).flatMap(codesOf), ...classCodes(resource.class)],
  };
  const className = classDisplay(resource.class);
  put(detail, 'class', className);
  put(detail, 'types', names(resource.type));
  put(detail, 'serviceType', conceptName(resource.serviceType));
  put(
    detail,
    'locations',
    list(resource.location)
      .map((l) => refName(l.location))
      .filter(isString),
  );
  put(detail, 'serviceProvider', refName(resource.serviceProvider));
  put(detail, 'participants', performers(resource.participant, 'individual'));
  put(detail, 'reasons', [...(names(resource.reasonCode) ?? []), ...refNames(resource.reasonReference)]);
  const hospitalization = resource.hospitalization as { dischargeDisposition?: unknown } | undefined;
  put(detail, 'dischargeDisposition', conceptName(hospitalization?.dischargeDisposition));
  return record('encounter', resource, {
    display: names(resource.type)?.[0] ?? conceptName(resource.serviceType) ?? className ?? 'Encounter',
    status: str(resource.status) ?? null,
    recordedAt: ms(context, period?.start),
    endedAt: ms(context, period?.end),
    detail,
  });
}

// ---------------------------------------------------------------------------------------------------
// Helpers

function record(
  category: ClinicalCategory,
  resource: Resource,
  fields: Pick<ClinicalRecordInput, 'display' | 'status' | 'recordedAt' | 'endedAt' | 'detail'>,
): Omit<ClinicalRecordInput, 'source' | 'originId'> {
  return { resourceType: resource.resourceType, category, ...fields };
}

/** A detail object that starts with the concept's codes. */
function withCodes(concept: unknown): Record<string, unknown> {
  return { codes: codesOf(concept) };
}

/** [{system, code, display}] of a CodeableConcept's codings, each field only when present. */
function codesOf(concept: unknown): { system?: string; code?: string; display?: string }[] {
  return codings(concept)
    .map((c) => {
      const out: { system?: string; code?: string; display?: string } = {};
      const system = str(c.system);
      const code = str(c.code);
      const display = str(c.display);
      if (system !== undefined) out.system = system;
      if (code !== undefined) out.code = code;
      if (display !== undefined) out.display = display;
      return out;
    })
    .filter((c) => c.code !== undefined || c.display !== undefined);
}

/** Sets `key` when the value says something (not undefined, not an empty list). */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value) && value.length === 0) return;
  target[key] = value;
}

/** Epoch ms of the first of the values that reads as a FHIR date, else null. */
function ms(context: RecordContext, ...values: unknown[]): number | null {
  for (const value of values) {
    const time = readFhirTime(value, context.zone);
    if (time) return time.ms;
  }
  return null;
}

/** The objects of a FHIR list field. */
function list(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value)
    ? value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null)
    : [];
}

const isString = (value: unknown): value is string => typeof value === 'string';

function strings(value: unknown): string[] | undefined {
  const out = Array.isArray(value) ? value.map(str).filter(isString) : [];
  return out.length > 0 ? out : undefined;
}

/** The names of a list of CodeableConcepts (or of one). */
function names(value: unknown): string[] | undefined {
  const concepts = Array.isArray(value) ? value : value === undefined ? [] : [value];
  const out = concepts.map((c) => conceptName(c)).filter(isString);
  return out.length > 0 ? out : undefined;
}

/** A status CodeableConcept's code (clinicalStatus "active"), else its text. */
function conceptCode(concept: unknown): string | undefined {
  const first = codings(concept).find((c) => str(c.code));
  return str(first?.code) ?? conceptName(concept);
}

function refName(reference: unknown): string | undefined {
  return str((reference as { display?: unknown } | undefined)?.display);
}

function refNames(value: unknown): string[] {
  return list(value).map(refName).filter(isString);
}

/** Who performed it: `performer[].actor.display` (or another field holding the reference). */
function performers(value: unknown, field = 'actor'): string[] {
  return list(value)
    .map((p) => refName(p[field]))
    .filter(isString);
}

function notes(value: unknown): string[] {
  return list(value)
    .map((n) => str(n.text))
    .filter(isString);
}

function quantityText(value: unknown): string | undefined {
  const q = value as { value?: unknown; unit?: unknown; code?: unknown } | undefined;
  const amount = num(q?.value);
  if (amount === undefined) return undefined;
  const unit = str(q?.unit) ?? str(q?.code);
  return unit === undefined ? `${amount}` : `${amount} ${unit}`;
}

function ageText(value: unknown): string | undefined {
  const text = quantityText(value);
  return text === undefined ? undefined : `age ${text}`;
}

/** Words for the v3 ActCode encounter classes (terminology.hl7.org/ValueSet/v3-ActEncounterCode). */
const ENCOUNTER_CLASSES: Record<string, string> = {
  AMB: 'Ambulatory visit',
  EMER: 'Emergency visit',
  FLD: 'Field visit',
  HH: 'Home health visit',
  IMP: 'Inpatient stay',
  ACUTE: 'Inpatient acute stay',
  NONAC: 'Inpatient non-acute stay',
  OBSENC: 'Observation stay',
  PRENC: 'Pre-admission',
  SS: 'Short stay',
  VR: 'Virtual visit',
};

/** Encounter.class is a Coding in R4 (a list of CodeableConcepts in R5). */
function classDisplay(value: unknown): string | undefined {
  if (Array.isArray(value)) return names(value)?.[0];
  const coding = value as { display?: unknown; code?: unknown } | undefined;
  const code = str(coding?.code);
  return str(coding?.display) ?? (code === undefined ? undefined : (ENCOUNTER_CLASSES[code] ?? code));
}

function classCodes(value: unknown): { system?: string; code?: string; display?: string }[] {
  if (Array.isArray(value)) return value.flatMap(codesOf);
  if (typeof value !== 'object' || value === null) return [];
  return codesOf({ coding: [value] });
}

// Medications -----------------------------------------------------------------------------------

/** The codes and dosage of a MedicationRequest or MedicationStatement. */
function medicationDetail(resource: Resource): Record<string, unknown> {
  const concept = resource.medicationCodeableConcept ?? containedMedication(resource)?.code;
  const detail = withCodes(concept);
  const dosages = list(resource.dosageInstruction ?? resource.dosage);
  put(detail, 'dosage', dosages.map(dosageText).filter(isString));
  put(detail, 'route', conceptName(dosages[0]?.route));
  put(detail, 'categories', names(resource.category));
  put(detail, 'notes', notes(resource.note));
  return detail;
}

/** What the medication is called: its concept, the contained or referenced Medication, the reference's display. */
function medicationName(resource: Resource, context: RecordContext): string {
  const fromConcept = conceptName(resource.medicationCodeableConcept);
  if (fromConcept !== undefined) return fromConcept;
  const contained = conceptName(containedMedication(resource)?.code);
  if (contained !== undefined) return contained;
  const reference = resource.medicationReference as { reference?: unknown; display?: unknown } | undefined;
  const key = referenceKey(reference?.reference);
  return (
    (key === undefined ? undefined : context.medications.get(key)) ??
    str(reference?.display) ??
    'Unnamed medication'
  );
}

/** The Medication a "#id" reference points at among the resource's contained resources. */
function containedMedication(resource: Resource): Record<string, unknown> | undefined {
  const ref = str((resource.medicationReference as { reference?: unknown } | undefined)?.reference);
  if (ref === undefined || !ref.startsWith('#')) return undefined;
  return list(resource.contained).find((c) => c.resourceType === 'Medication' && c.id === ref.slice(1));
}

/** A dosage as people read it: its text, else the patient instruction, else dose and timing put together. */
function dosageText(dosage: Record<string, unknown>): string | undefined {
  const text = str(dosage.text) ?? str(dosage.patientInstruction);
  if (text !== undefined) return text;
  const doseAndRate = list(dosage.doseAndRate)[0];
  const dose = quantityText(doseAndRate?.doseQuantity);
  const timing =
    conceptName((dosage.timing as { code?: unknown } | undefined)?.code) ?? repeatText(dosage.timing);
  const parts = [dose, timing].filter(isString);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

function repeatText(timing: unknown): string | undefined {
  const repeat = (timing as { repeat?: Record<string, unknown> } | undefined)?.repeat;
  const frequency = num(repeat?.frequency);
  const period = num(repeat?.period);
  const unit = str(repeat?.periodUnit);
  if (frequency === undefined || period === undefined || unit === undefined) return undefined;
  const units: Record<string, string> = {
    s: 'second',
    min: 'minute',
    h: 'hour',
    d: 'day',
    wk: 'week',
    mo: 'month',
    a: 'year',
  };
  const word = units[unit] ?? unit;
  return `${frequency} time${frequency === 1 ? '' : 's'} every ${period === 1 ? word : `${period} ${word}s`}`;
}

/** The end of the first dosage's timing bounds, when the course has one. */
function boundsEnd(value: unknown): unknown {
  const timing = list(value)[0]?.timing as { repeat?: { boundsPeriod?: { end?: unknown } } } | undefined;
  return timing?.repeat?.boundsPeriod?.end;
}
