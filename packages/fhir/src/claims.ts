import type { NewSample, SampleCode, SampleMeta } from '@healthfolio/core';
import { codedSample } from './clinical';
import { codings, conceptName, conceptText, num, sampleCode, str } from './coded';
import type { FoundResource } from './fhir-types';
import { endAfter, readFhirTime } from './fhir-time';
import {
  label,
  mapped,
  originIdOf,
  problem,
  withStatus,
  type MapContext,
  type Mapped,
  type Skip,
} from './map-context';

/** A Coverage (Medicare Part A, a health plan) as `insurance_coverage` over its period. */
export function mapCoverage(found: FoundResource, context: MapContext): Mapped {
  const coverage = found.resource;
  if (coverage.status === 'entered-in-error') return withStatus(found, 'entered-in-error');
  const period = coverage.period as { start?: unknown; end?: unknown } | undefined;
  const start = readFhirTime(period?.start, context.zone);
  const display = coverageName(coverage);
  if (!display) return problem(`${label(found)} names no plan (class, type or payor)`);
  if (!start) return problem(`${label(found)} (${display}) has no period start`);
  const typeCoding = codings(coverage.type)[0];
  const code: SampleCode = { display };
  if (str(typeCoding?.system)) code.system = typeCoding!.system!;
  if (str(typeCoding?.code)) code.code = typeCoding!.code!;
  const sample = codedSample('insurance_coverage', found, context, start);
  const meta: SampleMeta = { code, provenance: { resourceType: 'Coverage', id: originIdOf(found) } };
  const status = str(coverage.status);
  if (status !== undefined) meta.status = status;
  const payor = payorName(coverage);
  if (payor !== undefined) meta.notes = `Payor: ${payor}`;
  sample.meta = meta;
  const end = endAfter(start, readFhirTime(period?.end, context.zone));
  if (end !== undefined) sample.end = end;
  return mapped([sample]);
}

/** "Medicare Part A" from the classes (group, plan), else the type, else the payor. */
function coverageName(coverage: Record<string, unknown>): string | undefined {
  const classes = Array.isArray(coverage.class) ? (coverage.class as Record<string, unknown>[]) : [];
  const fromClasses = classes
    .map((c) => str(c?.name) ?? str(c?.value))
    .filter((v): v is string => v !== undefined)
    .join(' ');
  const typeName =
    conceptText(coverage.type) ?? str(codings(coverage.type).find((c) => str(c.display))?.display);
  return str(fromClasses) ?? typeName ?? payorName(coverage);
}

function payorName(coverage: Record<string, unknown>): string | undefined {
  const payors = Array.isArray(coverage.payor) ? (coverage.payor as Record<string, unknown>[]) : [];
  for (const payor of payors) {
    const name = str(payor?.display) ?? str((payor?.identifier as { value?: unknown } | undefined)?.value);
    if (name !== undefined) return name;
  }
  return undefined;
}

/** An ExplanationOfBenefit (a claim as paid) as one `medical_service`, named by its first service line. */
export function mapExplanationOfBenefit(found: FoundResource, context: MapContext): Mapped {
  const eob = found.resource;
  if (eob.status === 'entered-in-error') return withStatus(found, 'entered-in-error');
  const items = Array.isArray(eob.item) ? (eob.item as Record<string, unknown>[]).filter(isObject) : [];
  const billable = eob.billablePeriod as { start?: unknown; end?: unknown } | undefined;
  const firstItem = items[0];
  const itemPeriod = firstItem?.servicedPeriod as { start?: unknown } | undefined;
  const start =
    readFhirTime(billable?.start, context.zone) ??
    readFhirTime(firstItem?.servicedDate, context.zone) ??
    readFhirTime(itemPeriod?.start, context.zone) ??
    readFhirTime(eob.created, context.zone);
  const code = serviceCode(items, eob.type);
  if (!code) return problem(`${label(found)} names no service (item productOrService or type)`);
  if (!start) return problem(`${label(found)} (${code.display}) has no billable period or service date`);
  const sample = codedSample('medical_service', found, context, start);
  const provenance: Record<string, string> = { resourceType: 'ExplanationOfBenefit', id: originIdOf(found) };
  const claimType = codings(eob.type).find((c) => str(c.system)?.endsWith('/eob-type'))?.code;
  if (str(claimType)) provenance.claimType = claimType!;
  const meta: SampleMeta = { code, provenance };
  const status = str(eob.status);
  if (status !== undefined) meta.status = status;
  const notes = claimNotes(eob, items);
  if (notes) meta.notes = notes;
  sample.meta = meta;
  const end = endAfter(start, readFhirTime(billable?.end, context.zone));
  if (end !== undefined) sample.end = end;
  const coded = { found, context, start, claimType: provenance.claimType };
  const skipped: Skip[] = [];
  const diagnoses = claimDiagnoses(eob, coded, skipped);
  const procedures = claimProcedures(eob, coded, skipped);
  return mapped([sample, ...diagnoses, ...procedures], skipped);
}

/** A claim's diagnosis or procedure that names no code (a reference to a Condition, say): nothing to keep. */
const UNCODED_DIAGNOSIS: Skip = {
  type: 'ExplanationOfBenefit.diagnosis without a code',
  reason: 'a claim diagnosis is kept by its code, and this one has none',
};
const UNCODED_PROCEDURE: Skip = {
  type: 'ExplanationOfBenefit.procedure without a code',
  reason: 'a claim procedure is kept by its code, and this one has none',
};

interface ClaimContext {
  found: FoundResource;
  context: MapContext;
  start: { ms: number; offsetMin: number; tz?: string };
  claimType: string | undefined;
}

/**
 * The claim's diagnoses (`diagnosis[].diagnosisCodeableConcept`, ICD-10-CM on Blue Button claims) as
 * `diagnosis` samples at the claim's start. One per code: a claim lists a code again as principal and
 * admitting. Origin `<claim id>#diagnosis-<code>`, so a re-read claim gives the same rows.
 */
function claimDiagnoses(eob: Record<string, unknown>, claim: ClaimContext, skipped: Skip[]): NewSample[] {
  const entries = Array.isArray(eob.diagnosis) ? (eob.diagnosis as Record<string, unknown>[]) : [];
  const out: NewSample[] = [];
  const seen = new Set<string>();
  for (const entry of entries.filter(isObject)) {
    const code = claimCode(entry.diagnosisCodeableConcept);
    if (!code) {
      skipped.push(UNCODED_DIAGNOSIS);
      continue;
    }
    const key = code.code ?? `${String(entry.sequence ?? out.length + 1)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const sample = codedSample('diagnosis', claim.found, claim.context, claim.start);
    sample.originId = `${originIdOf(claim.found)}#diagnosis-${key}`;
    const role = (Array.isArray(entry.type) ? (entry.type as unknown[]) : [])
      .flatMap((t) => codings(t))
      .map((c) => str(c.code))
      .find((c) => c !== undefined);
    sample.meta = { code, provenance: claimProvenance(claim, role ? { diagnosisType: role } : {}) };
    out.push(sample);
  }
  return out;
}

/**
 * The claim's procedures (`procedure[].procedureCodeableConcept`, ICD-10-PCS on inpatient and outpatient
 * claims) as `procedure` samples on their own date, else the claim's start.
 */
function claimProcedures(eob: Record<string, unknown>, claim: ClaimContext, skipped: Skip[]): NewSample[] {
  const entries = Array.isArray(eob.procedure) ? (eob.procedure as Record<string, unknown>[]) : [];
  const out: NewSample[] = [];
  for (const entry of entries.filter(isObject)) {
    const code = claimCode(entry.procedureCodeableConcept);
    if (!code) {
      skipped.push(UNCODED_PROCEDURE);
      continue;
    }
    const start = readFhirTime(entry.date, claim.context.zone) ?? claim.start;
    const sample = codedSample('procedure', claim.found, claim.context, start);
    sample.originId = `${originIdOf(claim.found)}#procedure-${code.code ?? String(entry.sequence ?? out.length + 1)}`;
    sample.meta = { code, provenance: claimProvenance(claim, {}) };
    out.push(sample);
  }
  return out;
}

function claimProvenance(claim: ClaimContext, extra: Record<string, string>): Record<string, string> {
  return {
    resourceType: 'ExplanationOfBenefit',
    id: originIdOf(claim.found),
    ...(claim.claimType ? { claimType: claim.claimType } : {}),
    ...extra,
  };
}

/** A claim's coded concept; a bare code is named by its system ("ICD-10 E119"). */
function claimCode(concept: unknown): SampleCode | undefined {
  const code = sampleCode(concept);
  if (code && code.display === code.code && code.system) {
    const named = SYSTEM_NAMES.find(([pattern]) => pattern.test(code.system!));
    if (named) code.display = `${named[1]} ${code.code}`;
  }
  return code;
}

const SYSTEM_NAMES: [RegExp, string][] = [
  [/hcpcs/i, 'HCPCS'],
  [/cpt/i, 'CPT'],
  [/ndc/i, 'NDC'],
  // ICD-10-PCS, as Blue Button names its system for claim procedures.
  [/icd-10-pcs|Medicare\/Coding\/ICD10/i, 'ICD-10-PCS'],
  [/icd-10|icd10/i, 'ICD-10'],
];

/** The first service line's code; a bare code is named by its system ("HCPCS 92999"). Else the claim type. */
function serviceCode(items: Record<string, unknown>[], type: unknown): SampleCode | undefined {
  for (const item of items) {
    const code = sampleCode(item.productOrService);
    if (!code) continue;
    if (code.display === code.code && code.system) {
      const named = SYSTEM_NAMES.find(([pattern]) => pattern.test(code.system!));
      if (named) code.display = `${named[1]} ${code.code}`;
    }
    return code;
  }
  const typeCoding = codings(type).find((c) => str(c.display));
  const display = typeCoding ? str(typeCoding.display) : conceptName(type);
  if (display === undefined) return undefined;
  const code: SampleCode = { display };
  if (typeCoding?.system) code.system = typeCoding.system;
  if (typeCoding?.code) code.code = typeCoding.code;
  return code;
}

/** "Paid 199.99 USD · Claim Total Charge Amount 245.04 USD · 3 service lines". */
function claimNotes(eob: Record<string, unknown>, items: Record<string, unknown>[]): string | undefined {
  const parts: string[] = [];
  const payment = money((eob.payment as { amount?: unknown } | undefined)?.amount);
  if (payment) parts.push(`Paid ${payment}`);
  const totals = Array.isArray(eob.total) ? (eob.total as Record<string, unknown>[]).filter(isObject) : [];
  for (const total of totals) {
    const amount = money(total.amount);
    const what = codings(total.category)
      .map((c) => str(c.display))
      .find((d) => d !== undefined);
    if (amount && what) parts.push(`${what} ${amount}`);
  }
  if (items.length > 1) parts.push(`${items.length} service lines`);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

function money(value: unknown): string | undefined {
  const amount = num((value as { value?: unknown } | undefined)?.value);
  if (amount === undefined) return undefined;
  const currency = str((value as { currency?: unknown }).currency);
  return `${amount.toFixed(2)}${currency ? ` ${currency}` : ''}`;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
