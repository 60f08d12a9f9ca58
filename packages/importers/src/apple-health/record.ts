import type { NewSample } from '@healthfolio/core';
import { AttributeSlots } from './attributes';
import { bytesEqual, copyBytes, decodeAttribute, parseNumber } from './bytes';
import { DateReader, type ParsedDate } from './dates';
import { ASLEEP_VALUES, recordMappings, type RecordMapping } from './map';
import { unitFor, unitProblem } from './units';

export const SOURCE = 'apple_healthkit';

const TYPE = 0;
const UNIT = 1;
const VALUE = 2;
const SOURCE_NAME = 3;
const START = 4;
const END = 5;

/** The attributes of <Record> we read; device, sourceVersion and creationDate are passed over. */
export const recordAttributes = () =>
  new AttributeSlots(['type', 'unit', 'value', 'sourceName', 'startDate', 'endDate']);

interface ResolvedUnit {
  unit: string;
  problem: string | undefined;
}

/** Outcome of mapping one record: a sample, a problem to report, or nothing to keep. */
export type Mapped = NewSample | string | null;

/**
 * Turns <Record> attributes into samples. Records arrive grouped by type and source, so the type,
 * source and unit of the previous record are kept as bytes and compared before anything is decoded.
 */
export class RecordMapper {
  private lastType: Uint8Array | undefined;
  private lastTypeName = '';
  private mapping: RecordMapping | undefined;
  private lastSource: Uint8Array | undefined;
  private sourceName = '';
  private lastUnit: Uint8Array | undefined;
  private lastUnitKind = '';
  private resolved: ResolvedUnit = { unit: '', problem: undefined };
  private readonly units = new Map<string, ResolvedUnit>();
  private lastValue: Uint8Array | undefined;
  private lastAsleep = false;
  private readonly dates: DateReader;
  private readonly start: ParsedDate = { ms: 0, offsetMin: 0 };
  private readonly end: ParsedDate = { ms: 0, offsetMin: 0 };
  /** Whether the last sample mapped is of a kind HealthKit may also write inside a Correlation. */
  deduped = false;

  constructor(timeZone: string) {
    this.dates = new DateReader(timeZone);
  }

  map(buf: Buffer, a: AttributeSlots): Mapped {
    if (!a.has(TYPE)) return 'A Record has no type';
    const mapping = this.mappingOf(buf, a.start(TYPE), a.end(TYPE));
    if (!mapping) return null;
    this.deduped = mapping.deduped;
    if (!a.has(START) || !this.dates.read(buf, a.start(START), a.end(START), this.start)) {
      return `${this.lastTypeName}: startDate ${quoted(buf, a, START)} is not a date`;
    }
    const startMs = this.start.ms;
    let endMs = startMs;
    if (a.has(END)) {
      if (!this.dates.read(buf, a.start(END), a.end(END), this.end)) {
        return `${this.lastTypeName}: endDate ${quoted(buf, a, END)} is not a date`;
      }
      endMs = this.end.ms;
      if (endMs < startMs) return `${this.lastTypeName}: endDate is before startDate`;
    }
    let value: number;
    let unit: string;
    const shape = mapping.shape;
    if (shape === 'quantity' || shape === 'fraction') {
      value = a.has(VALUE) ? parseNumber(buf, a.start(VALUE), a.end(VALUE)) : NaN;
      if (Number.isNaN(value)) return `${this.lastTypeName}: value ${quoted(buf, a, VALUE)} is not a number`;
      if (!a.has(UNIT)) return `${this.lastTypeName}: the value has no unit`;
      const resolved = this.unitOf(mapping.kind, buf, a.start(UNIT), a.end(UNIT));
      if (resolved.problem) return `${this.lastTypeName}: ${resolved.problem}`;
      unit = resolved.unit;
      // HealthKit keeps percentages as fractions of 1 and writes them so under the unit "%".
      if (shape === 'fraction') value = Number((value * 100).toPrecision(12));
    } else {
      if (shape === 'asleep' && !this.isAsleep(buf, a)) return null;
      value = (endMs - startMs) / 60_000;
      unit = 'min';
    }
    return {
      kind: mapping.kind,
      start: startMs,
      end: endMs,
      value,
      unit,
      utcOffsetMin: this.start.offsetMin,
      source: SOURCE,
      device: a.has(SOURCE_NAME) ? this.sourceOf(buf, a.start(SOURCE_NAME), a.end(SOURCE_NAME)) : null,
    };
  }

  private mappingOf(buf: Buffer, start: number, end: number): RecordMapping | undefined {
    if (this.lastType === undefined || !bytesEqual(buf, start, end, this.lastType)) {
      this.lastType = copyBytes(buf, start, end);
      this.lastTypeName = decodeAttribute(buf, start, end);
      this.mapping = recordMappings.get(this.lastTypeName);
    }
    return this.mapping;
  }

  private sourceOf(buf: Buffer, start: number, end: number): string {
    if (this.lastSource === undefined || !bytesEqual(buf, start, end, this.lastSource)) {
      this.lastSource = copyBytes(buf, start, end);
      this.sourceName = decodeAttribute(buf, start, end);
    }
    return this.sourceName;
  }

  private unitOf(kind: string, buf: Buffer, start: number, end: number): ResolvedUnit {
    if (
      this.lastUnit !== undefined &&
      kind === this.lastUnitKind &&
      bytesEqual(buf, start, end, this.lastUnit)
    ) {
      return this.resolved;
    }
    const written = decodeAttribute(buf, start, end);
    const key = `${kind}\u0000${written}`;
    let resolved = this.units.get(key);
    if (!resolved) {
      const unit = unitFor(kind, written);
      resolved = { unit, problem: unitProblem(kind, unit) };
      this.units.set(key, resolved);
    }
    this.lastUnit = copyBytes(buf, start, end);
    this.lastUnitKind = kind;
    this.resolved = resolved;
    return resolved;
  }

  private isAsleep(buf: Buffer, a: AttributeSlots): boolean {
    if (!a.has(VALUE)) return false;
    const start = a.start(VALUE);
    const end = a.end(VALUE);
    if (this.lastValue === undefined || !bytesEqual(buf, start, end, this.lastValue)) {
      this.lastValue = copyBytes(buf, start, end);
      this.lastAsleep = ASLEEP_VALUES.has(decodeAttribute(buf, start, end));
    }
    return this.lastAsleep;
  }
}

function quoted(buf: Buffer, a: AttributeSlots, i: number): string {
  if (!a.has(i)) return '(missing)';
  const text = decodeAttribute(buf, a.start(i), a.end(i));
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
}
