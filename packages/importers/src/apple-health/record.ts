import type { NewSample } from '@healthfolio/core';
import { AttributeSlots } from './attributes';
import { bytesEqual, copyBytes, decodeAttribute, parseNumber } from './bytes';
import { DateReader, type ParsedDate } from './dates';
import { recordMappings, type CategoryValue, type RecordMapping } from './map';
import { CORRELATION_COPY, skipReason } from './skip-reasons';
import { Skip } from './tally';
import { unitFor, unitProblem } from './units';

export const SOURCE = 'apple_healthkit';

const TYPE = 0;
const UNIT = 1;
const VALUE = 2;
const SOURCE_NAME = 3;
const START = 4;
const END = 5;
const LEGACY_SOURCE = 6;

/**
 * The attributes of <Record> we read; device, sourceVersion and creationDate are passed over.
 * Exports of iOS 8 name the writing app or device `source` where later ones write `sourceName`.
 */
export const recordAttributes = () =>
  new AttributeSlots(['type', 'unit', 'value', 'sourceName', 'startDate', 'endDate', 'source']);

interface ResolvedUnit {
  unit: string;
  problem: string | undefined;
}

/** Outcome of mapping one record: a sample, a problem to report, or the kind of skipped reading it is. */
export type Mapped = NewSample | string | Skip;

/** One record type as this import met it: its mapping, or why it is skipped. */
interface TypeState {
  name: string;
  mapping: RecordMapping | undefined;
  skip: Skip | undefined;
  /** Category values not kept, by value, made on first sight. */
  valueSkips: Map<string, Skip> | undefined;
  /** Repeats of Correlation members, made on the first repeat. */
  copy: Skip | undefined;
}

type CategorySample = Exclude<CategoryValue, { skip: string }>;
type ResolvedValue = CategorySample | Skip;

/**
 * Turns <Record> attributes into samples. Records arrive grouped by type and source, so the type,
 * source and unit of the previous record are kept as bytes and compared before anything is decoded;
 * a type (or category value) seen before is looked up once per run of records, never per record.
 */
export class RecordMapper {
  private lastType: Uint8Array | undefined;
  private state: TypeState = {
    name: '',
    mapping: undefined,
    skip: undefined,
    valueSkips: undefined,
    copy: undefined,
  };
  private readonly types = new Map<string, TypeState>();
  private lastSource: Uint8Array | undefined;
  private sourceName = '';
  private lastUnit: Uint8Array | undefined;
  private lastUnitKind = '';
  private resolved: ResolvedUnit = { unit: '', problem: undefined };
  private readonly units = new Map<string, ResolvedUnit>();
  private lastValue: Uint8Array | undefined;
  private lastOutcome: ResolvedValue | undefined;
  private readonly dates: DateReader;
  private readonly start: ParsedDate = { ms: 0, offsetMin: 0 };
  private readonly end: ParsedDate = { ms: 0, offsetMin: 0 };
  /** Whether the last sample mapped is of a kind HealthKit may also write inside a Correlation. */
  deduped = false;

  constructor(timeZone: string) {
    this.dates = new DateReader(timeZone);
  }

  map(buf: Buffer, a: AttributeSlots): Mapped {
    this.deduped = false;
    if (!a.has(TYPE)) return 'A Record has no type';
    const state = this.typeOf(buf, a.start(TYPE), a.end(TYPE));
    const mapping = state.mapping;
    if (!mapping) return state.skip!;
    this.deduped = mapping.deduped;
    let outcome: CategorySample | undefined;
    if (mapping.shape === 'category') {
      const resolved = this.categoryValue(state, mapping, buf, a);
      if (resolved instanceof Skip) return resolved;
      outcome = resolved;
    }
    if (!a.has(START) || !this.dates.read(buf, a.start(START), a.end(START), this.start)) {
      return `${state.name}: startDate ${quoted(buf, a, START)} is not a date`;
    }
    const startMs = this.start.ms;
    let endMs = startMs;
    if (a.has(END)) {
      if (!this.dates.read(buf, a.start(END), a.end(END), this.end)) {
        return `${state.name}: endDate ${quoted(buf, a, END)} is not a date`;
      }
      endMs = this.end.ms;
      if (endMs < startMs) return `${state.name}: endDate is before startDate`;
    }
    let kind = mapping.kind;
    let value: number;
    let unit: string;
    const shape = mapping.shape;
    if (shape === 'quantity' || shape === 'fraction') {
      value = a.has(VALUE) ? parseNumber(buf, a.start(VALUE), a.end(VALUE)) : NaN;
      if (Number.isNaN(value)) return `${state.name}: value ${quoted(buf, a, VALUE)} is not a number`;
      if (!a.has(UNIT)) return `${state.name}: the value has no unit`;
      const resolved = this.unitOf(kind, buf, a.start(UNIT), a.end(UNIT));
      if (resolved.problem) return `${state.name}: ${resolved.problem}`;
      unit = resolved.unit;
      // HealthKit keeps percentages as fractions of 1 and writes them so under the unit "%".
      if (shape === 'fraction') value = Number((value * 100).toPrecision(12));
    } else if (outcome !== undefined) {
      kind = outcome.kind;
      value = outcome.value === 'minutes' ? (endMs - startMs) / 60_000 : outcome.value;
      unit = outcome.unit;
    } else {
      value = (endMs - startMs) / 60_000;
      unit = 'min';
    }
    return {
      kind,
      start: startMs,
      end: endMs,
      value,
      unit,
      utcOffsetMin: this.start.offsetMin,
      // Set from an HKTimeZone MetadataEntry when one follows; present on every sample so all share one shape.
      tz: undefined,
      source: SOURCE,
      device: this.deviceOf(buf, a),
    };
  }

  /** The skipped reading a repeated Correlation member is, for the type of the record mapped last. */
  copySkip(): Skip {
    return (this.state.copy ??= new Skip(this.state.name, CORRELATION_COPY));
  }

  private typeOf(buf: Buffer, start: number, end: number): TypeState {
    if (this.lastType !== undefined && bytesEqual(buf, start, end, this.lastType)) return this.state;
    this.lastType = copyBytes(buf, start, end);
    this.lastValue = undefined;
    const name = decodeAttribute(buf, start, end);
    let state = this.types.get(name);
    if (!state) {
      const mapping = recordMappings.get(name);
      const skip = mapping ? undefined : new Skip(name, skipReason(name));
      state = { name, mapping, skip, valueSkips: undefined, copy: undefined };
      this.types.set(name, state);
    }
    this.state = state;
    return state;
  }

  private categoryValue(
    state: TypeState,
    mapping: RecordMapping,
    buf: Buffer,
    a: AttributeSlots,
  ): ResolvedValue {
    const start = a.has(VALUE) ? a.start(VALUE) : 0;
    const end = a.has(VALUE) ? a.end(VALUE) : 0;
    if (this.lastValue !== undefined && bytesEqual(buf, start, end, this.lastValue)) return this.lastOutcome!;
    this.lastValue = copyBytes(buf, start, end);
    const written = decodeAttribute(buf, start, end);
    const becomes: CategoryValue = mapping.values!.get(written) ?? mapping.otherValue!;
    let outcome: ResolvedValue;
    if ('skip' in becomes) {
      state.valueSkips ??= new Map();
      let skip = state.valueSkips.get(written);
      if (!skip) {
        skip = new Skip(`${state.name} (${written || 'no value'})`, becomes.skip);
        state.valueSkips.set(written, skip);
      }
      outcome = skip;
    } else outcome = becomes;
    this.lastOutcome = outcome;
    return outcome;
  }

  private deviceOf(buf: Buffer, a: AttributeSlots): string | null {
    if (a.has(SOURCE_NAME)) return this.sourceOf(buf, a.start(SOURCE_NAME), a.end(SOURCE_NAME));
    if (a.has(LEGACY_SOURCE)) return this.sourceOf(buf, a.start(LEGACY_SOURCE), a.end(LEGACY_SOURCE));
    return null;
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
}

function quoted(buf: Buffer, a: AttributeSlots, i: number): string {
  if (!a.has(i)) return '(missing)';
  const text = decodeAttribute(buf, a.start(i), a.end(i));
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
}
