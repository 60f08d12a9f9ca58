import type { UcumConvertResult } from '@lhncbc/ucum-lhc';
import type { MetricDefinition } from '../metrics/types';
import { normalizeUnit } from './normalize';
import { ucum } from './ucum';
import { requireMetric } from './catalogue-units';
import { linearConverter, type Converter, type Linear } from './linear';
import { UnitError } from './unit-error';

type Conversion = Linear | { refused: string };

/**
 * Kind → from → to, by the caller's own spellings: the hot path is three lookups on strings V8 has
 * already hashed, with no key to build. The UCUM work is shared by normalized units below.
 */
const converters = new Map<string, Map<string, Map<string, Converter | UnitError>>>();
const conversions = new Map<string, Conversion>();
let cachedConverters = 0;
// Files full of junk units must not grow the cache without bound; real data uses a few dozen pairs.
const MAX_CACHED = 10_000;

let last: { fromUnit: string; toUnit: string; kind: string | undefined; converter: Converter } | undefined;

/**
 * A function converting numbers from one unit to another, for bulk use: the UCUM work is done once
 * per (from, to, kind) and each value costs one multiply-add. `kind` supplies the molar mass for
 * mg/dL ↔ mmol/L and the kind's own unit conventions.
 * @throws UnitError for unknown units and for units that cannot be converted.
 */
export function getConverter(fromUnit: string, toUnit: string, kind?: string): Converter {
  // Imports convert long runs of samples with the same units; remember the last answer.
  if (last && last.fromUnit === fromUnit && last.toUnit === toUnit && last.kind === kind) {
    return last.converter;
  }
  if (cachedConverters >= MAX_CACHED) {
    converters.clear();
    cachedConverters = 0;
  }
  const byFrom = converters.get(kind ?? '') ?? setAndReturn(converters, kind ?? '', new Map());
  const byTo = byFrom.get(fromUnit) ?? setAndReturn(byFrom, fromUnit, new Map());
  let converter = byTo.get(toUnit);
  if (converter === undefined) {
    try {
      converter = buildConverter(fromUnit, toUnit, kind);
    } catch (error) {
      if (!(error instanceof UnitError)) throw error;
      converter = error;
    }
    byTo.set(toUnit, converter);
    cachedConverters += 1;
  }
  if (converter instanceof UnitError) throw new UnitError(converter.message);
  last = { fromUnit, toUnit, kind, converter };
  return converter;
}

function buildConverter(fromUnit: string, toUnit: string, kind: string | undefined): Converter {
  return linearConverter(linearConversion(fromUnit, toUnit, kind));
}

/**
 * `to = from × factor + offset` for two units of a kind (or of none): the UCUM work behind getConverter,
 * for `catalogue-conversions.ts`, which keeps these numbers for the catalogue's own units so that the web
 * converts without UCUM. @throws UnitError as getConverter does.
 */
export function linearConversion(fromUnit: string, toUnit: string, kind: string | undefined): Linear {
  const metric = kind === undefined ? undefined : requireMetric(kind);
  const from = normalizeUnit(fromUnit);
  const to = normalizeUnit(toUnit);
  const key = `${from}\u0000${to}\u0000${metric?.kind ?? ''}`;
  let conversion = conversions.get(key);
  if (!conversion) {
    conversion = findConversion(from, to, metric);
    conversions.set(key, conversion);
  }
  if ('refused' in conversion) {
    const forKind = metric ? ` for ${metric.kind}` : '';
    throw new UnitError(`Unit "${fromUnit}" cannot be converted to ${toUnit}${forKind}${conversion.refused}`);
  }
  return conversion;
}

function setAndReturn<K, V>(map: Map<K, V>, key: K, value: V): V {
  map.set(key, value);
  return value;
}

/** `value` in `fromUnit` expressed in `toUnit`. See getConverter. */
export function convert(value: number, fromUnit: string, toUnit: string, kind?: string): number {
  return getConverter(fromUnit, toUnit, kind)(value);
}

/** A unit this kind treats as its canonical one (labs print ALT in IU/L, meaning U/L). */
function asCanonical(unit: string, metric: MetricDefinition | undefined): string {
  return metric?.unit && metric.unitEquivalents?.includes(unit) ? metric.unit : unit;
}

function findConversion(fromCode: string, toCode: string, metric: MetricDefinition | undefined): Conversion {
  const from = asCanonical(fromCode, metric);
  const to = asCanonical(toCode, metric);
  if (from === to) return { factor: 1, offset: 0 };
  for (const special of metric?.specialConversions ?? []) {
    if (special.from === from && special.to === to) return { factor: special.factor, offset: special.offset };
    if (special.from === to && special.to === from) {
      return { factor: 1 / special.factor, offset: -special.offset / special.factor };
    }
  }
  return ucumConversion(from, to, metric);
}

// UCUM refuses to convert arbitrary units (m[IU]/L → u[IU]/mL) although only the prefixes differ.
// Standing in a real unit nothing here uses (candela) lets UCUM do the prefix arithmetic.
const ARBITRARY = /\[(IU|iU)\]/;
const ARBITRARY_ALL = new RegExp(ARBITRARY.source, 'g');

function ucumConversion(from: string, to: string, metric: MetricDefinition | undefined): Conversion {
  let [source, target] = [from, to];
  if (ARBITRARY.test(from) && ARBITRARY.test(to) && !/cd/.test(from + to)) {
    [source, target] = [from.replace(ARBITRARY_ALL, 'cd'), to.replace(ARBITRARY_ALL, 'cd')];
  }
  const options = { molecularWeight: metric?.molarMass, charge: metric?.charge };
  const at = (value: number): UcumConvertResult => ucum().convertUnitTo(source, value, target, options);
  const zero = at(0);
  const ten = at(10);
  const far = at(SPAN);
  if (far.status !== 'succeeded' || far.toVal === null || zero.toVal === null || ten.toVal === null) {
    return { refused: refusalReason(far) };
  }
  // A wide span keeps UCUM's rounding noise (it converts °F through kelvin) out of the factor.
  const offset = tidyConstant(zero.toVal);
  const factor = tidyConstant((far.toVal - zero.toVal) / SPAN);
  const expected = offset + 10 * factor;
  if (Math.abs(ten.toVal - expected) > 1e-9 * Math.max(1, Math.abs(expected))) {
    return { refused: ' (the conversion is not linear)' };
  }
  // Every dimensionless unit is commensurable in UCUM, so "%" would silently become a fraction of
  // {count} and mmol/mol a tenth of a percent; only annotation-only differences are let through.
  if (factor !== 1 && isDimensionless(from) && isDimensionless(to)) return { refused: '' };
  return { factor, offset };
}

function refusalReason(result: UcumConvertResult): string {
  const message = result.msg.join(' ');
  if (/molecular weight/i.test(message)) return ' (no molar mass is known for it)';
  if (/charge/i.test(message)) return ' (no ionic charge is known for it)';
  return '';
}

function isDimensionless(unit: string): boolean {
  return ucum().convertUnitTo(unit, 1, '1').status === 'succeeded';
}

const SPAN = 1e6;

/** Snaps a factor that is a short decimal but for floating-point dust (0.9999999999999998 → 1, 31.999999999999943 → 32). */
function tidyConstant(value: number): number {
  const snapped = Number(value.toPrecision(12));
  return Math.abs(snapped - value) <= 1e-14 * Math.abs(value) ? snapped : value;
}
