import type { SampleMeta } from '@healthfolio/core';
import { codings, conceptName, conceptText, num, str } from './coded';
import type { Quantity } from './fhir-types';

/** An Observation's (or a component's) value[x] as the importer keeps it. */
export interface ReadValue {
  /** The number, or for "<0.5" the bound; undefined for a result that is only text ("NEGATIVE"). */
  value?: number;
  unit?: string;
  /** The result as printed when it is not a plain number. */
  valueText?: string;
}

/** "<0.5", ">= 60", "5.2 mmol/L", "≤1": a comparator, a number, and an optional unit. */
// A titer ("1:40") or a range ("5-10") is not one number: the unit may not start with ":" or "-".
const NUMBER_TEXT = /^([<>]=?|[≤≥])?\s*(-?\d+(?:\.\d+)?)\s*([^\d\s:-].*)?$/;

/** The value[x] of an Observation or component; undefined when it has none (dataAbsentReason, a panel). */
export function readValue(element: Record<string, unknown>): ReadValue | undefined {
  if (typeof element.valueQuantity === 'object' && element.valueQuantity !== null) {
    return fromQuantity(element.valueQuantity as Quantity);
  }
  const integer = num(element.valueInteger);
  if (integer !== undefined) return { value: integer };
  const text = str(element.valueString);
  if (text !== undefined) return fromText(text);
  if (element.valueCodeableConcept !== undefined) {
    const name = conceptName(element.valueCodeableConcept);
    return name === undefined ? undefined : fromText(name);
  }
  if (typeof element.valueBoolean === 'boolean')
    return { valueText: element.valueBoolean ? 'true' : 'false' };
  return undefined;
}

function fromQuantity(quantity: Quantity): ReadValue | undefined {
  const value = num(quantity.value);
  if (value === undefined) return undefined;
  // `code` is the UCUM code when the system is UCUM; `unit` is the human spelling ("lbs").
  const unit = str(quantity.code) ?? str(quantity.unit);
  const comparator = str(quantity.comparator);
  const read: ReadValue = { value };
  if (unit !== undefined) read.unit = unit;
  if (comparator !== undefined) read.valueText = `${comparator}${value}`;
  return read;
}

function fromText(text: string): ReadValue {
  const match = NUMBER_TEXT.exec(text);
  if (!match) return { valueText: text };
  const read: ReadValue = { value: Number(match[2]), valueText: text };
  if (match[3]) read.unit = match[3].trim();
  return read;
}

/** The first reference range as meta keeps it, or undefined when it holds nothing. */
export function readRange(element: Record<string, unknown>): SampleMeta['referenceRange'] {
  const ranges = element.referenceRange;
  const first: unknown = Array.isArray(ranges) ? ranges[0] : undefined;
  if (typeof first !== 'object' || first === null) return undefined;
  const range = first as { low?: Quantity; high?: Quantity; text?: unknown };
  const out: NonNullable<SampleMeta['referenceRange']> = {};
  const low = num(range.low?.value);
  const high = num(range.high?.value);
  const text = str(range.text);
  if (low !== undefined) out.low = low;
  if (high !== undefined) out.high = high;
  if (text !== undefined) out.text = text;
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The unit the range is written in, for a text result ("<0.5") that carries none itself. */
export function rangeUnit(element: Record<string, unknown>): string | undefined {
  const ranges = element.referenceRange;
  const first = (Array.isArray(ranges) ? ranges[0] : undefined) as
    { low?: Quantity; high?: Quantity } | undefined;
  return str(first?.low?.code) ?? str(first?.low?.unit) ?? str(first?.high?.code) ?? str(first?.high?.unit);
}

/** The interpretation as sent (v3 ObservationInterpretation code, else its text). */
export function readInterpretation(element: Record<string, unknown>): string | undefined {
  const list = element.interpretation;
  const first: unknown = Array.isArray(list) ? list[0] : undefined;
  if (first === undefined) return undefined;
  return str(codings(first)[0]?.code) ?? conceptText(first) ?? str(codings(first)[0]?.display);
}

const FLAGS: Record<string, string | null> = {
  H: 'high',
  HU: 'high',
  'H>': 'high',
  L: 'low',
  LU: 'low',
  'L<': 'low',
  HH: 'critical',
  LL: 'critical',
  AA: 'critical',
  A: 'abnormal',
  N: null,
  NORMAL: null,
  HIGH: 'high',
  LOW: 'low',
  ABNORMAL: 'abnormal',
};

/**
 * The sample flag for an interpretation: high, low, abnormal, critical (HH, LL, AA or any "critical"
 * or "panic" text), null for normal; undefined when the interpretation says nothing we know.
 */
export function flagFor(interpretation: string | undefined): string | null | undefined {
  if (interpretation === undefined) return undefined;
  const key = interpretation.trim().toUpperCase();
  if (/CRITICAL|PANIC/.test(key)) return 'critical';
  return key in FLAGS ? FLAGS[key] : undefined;
}
