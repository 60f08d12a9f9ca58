import {
  findMetricByLoinc,
  getConverter,
  getMetric,
  resolveMetricKind,
  type MetricDefinition,
} from '@healthfolio/core';
import { LAB_NAMES, OTHER_TESTS } from './lab-names';
import { labUnit } from './lab-units';

/** "CHOLESTEROL, TOTAL" → "cholesterol total"; "eGFR If NonAfricn Am" → "egfr if nonafricn am". */
export const nameKey = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** A name as `nameKey` makes it, accents and ß spelled out first: "Glukose nüchtern" → "glukose nuchtern". */
const matchKey = (name: string): string =>
  nameKey(name.normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss'));

const byName = new Map<string, string>(
  Object.entries(LAB_NAMES).flatMap(([kind, names]) =>
    names.map((n): [string, string] => [matchKey(n), kind]),
  ),
);
const otherTests = new Set(OTHER_TESTS.map(matchKey));

export interface LabKind {
  /** A catalogue kind, or `custom`. */
  kind: string;
  loinc: string | null;
}

/**
 * The catalogue kind of a test: by the LOINC code printed with it, by the lab-name table, by the
 * catalogue's aliases, or by an abbreviation in parentheses ("UREA NITROGEN (BUN)"). A match whose
 * unit does not convert to the kind's is not that kind (urine albumin in mg/L is not serum albumin);
 * a result without a number is kept as `custom` with its printed name.
 */
export function labKind(name: string, unit: string | null, numeric: boolean, printedLoinc?: string): LabKind {
  const byLoinc = printedLoinc ? findMetricByLoinc(printedLoinc) : undefined;
  const metric = byLoinc ?? byLabName(name);
  const loinc = printedLoinc ?? metric?.loinc ?? null;
  if (!metric || !numeric || !unitFits(metric, unit)) return { kind: 'custom', loinc: printedLoinc ?? null };
  return { kind: metric.kind, loinc };
}

/** The name as printed, without what is in parentheses, and each parenthesised part: "Haemoglobin (Hb)". */
function candidatesOf(name: string): string[] {
  const inner = [...name.matchAll(/\(([^)]+)\)/g)].map((m) => matchKey(m[1]!));
  const outer = matchKey(name.replace(/\([^)]*\)/g, ' '));
  return [...new Set([matchKey(name), outer, ...inner].filter((k) => k !== ''))];
}

/** Whether a printed name is a test labs report: a catalogue test or a common one it has no kind for. */
export function isKnownTest(name: string): boolean {
  return byLabName(name) !== undefined || candidatesOf(name).some((k) => otherTests.has(k));
}

function byLabName(name: string): MetricDefinition | undefined {
  const candidates = candidatesOf(name);
  for (const candidate of candidates) {
    const kind = byName.get(candidate) ?? resolveMetricKind(candidate);
    const metric = kind && kind !== 'custom' ? getMetric(kind) : undefined;
    if (metric && metric.category === 'labs') return metric;
  }
  return undefined;
}

function unitFits(metric: MetricDefinition, unit: string | null): boolean {
  if (unit === null || metric.unit === null) return true;
  const code = labUnit(unit);
  if (code === undefined) return false;
  try {
    getConverter(code, metric.unit, metric.kind);
    return true;
  } catch {
    return false;
  }
}
