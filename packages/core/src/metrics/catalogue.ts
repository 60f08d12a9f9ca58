import { z } from 'zod';
import { activityMetrics } from './activity';
import { administrativeMetrics } from './admin';
import { bodyMetrics } from './body';
import { exposureMetrics } from './exposure';
import { kidneyLabMetrics } from './labs-kidney';
import { metabolicLabMetrics } from './labs-metabolic';
import { otherLabMetrics } from './labs';
import { movementMetrics } from './movement';
import { nutritionMetrics } from './nutrition';
import { sleepMetrics } from './sleep';
import type { MetricDefinition } from './types';
import { extendedVitalMetrics } from './vitals-extended';
import { vitalMetrics } from './vitals';

export { SPEC_METRIC_KINDS, SPEC_SYNONYMS } from './spec-kinds';

/** Every metric kind the app stores, grouped as the dashboard shows them. */
export const metricCatalogue = [
  ...activityMetrics,
  ...movementMetrics,
  ...sleepMetrics,
  ...vitalMetrics,
  ...extendedVitalMetrics,
  ...exposureMetrics,
  ...bodyMetrics,
  ...nutritionMetrics,
  ...metabolicLabMetrics,
  ...kidneyLabMetrics,
  ...otherLabMetrics,
  ...administrativeMetrics,
] as const;

/** A canonical metric kind. */
export type MetricKind = (typeof metricCatalogue)[number]['kind'];

export const metricKinds: readonly MetricKind[] = metricCatalogue.map((metric) => metric.kind);

/** Lower-case, and any run of spaces, hyphens, dots or other punctuation becomes one underscore. */
function nameKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

function buildIndex<V>(entries: Iterable<[string, V]>, what: string): ReadonlyMap<string, V> {
  const index = new Map<string, V>();
  for (const [key, value] of entries) {
    const existing = index.get(key);
    if (existing !== undefined && existing !== value) {
      throw new Error(`Metric catalogue: ${what} "${key}" is claimed twice`);
    }
    index.set(key, value);
  }
  return index;
}

const byKind = new Map<string, MetricDefinition<MetricKind>>(
  metricCatalogue.map((metric) => [metric.kind, metric]),
);

const byName = buildIndex(
  metricCatalogue.flatMap((metric): [string, MetricKind][] =>
    [metric.kind, ...metric.aliases].map((name) => [nameKey(name), metric.kind]),
  ),
  'name',
);

const byLoinc = buildIndex(
  metricCatalogue.flatMap((metric): [string, MetricDefinition<MetricKind>][] => {
    const codes = [metric.loinc, ...(metric.loincAliases ?? [])];
    return codes.filter((code): code is string => code !== undefined).map((code) => [code, metric]);
  }),
  'LOINC code',
);

/** The definition of a canonical kind, or undefined. Use resolveMetricKind first for user input. */
export function getMetric(kind: string): MetricDefinition<MetricKind> | undefined {
  return byKind.get(kind);
}

/**
 * The canonical kind for a name or alias, tolerant of case, spaces and hyphens
 * ("Blood Sugar", "HbA1c", "heart-rate"), or undefined when nothing matches.
 */
export function resolveMetricKind(nameOrAlias: string): MetricKind | undefined {
  return byName.get(nameKey(nameOrAlias));
}

/** The metric a LOINC code (primary or alternate) is stored under. */
export function findMetricByLoinc(code: string): MetricDefinition<MetricKind> | undefined {
  return byLoinc.get(code.trim());
}

/** Accepts any kind or alias and yields the canonical kind. */
export const metricKindSchema = z.string().transform((name, ctx): MetricKind => {
  const kind = resolveMetricKind(name);
  if (kind === undefined) {
    ctx.addIssue({ code: 'custom', message: `Unknown metric kind "${name}"` });
    return z.NEVER;
  }
  return kind;
});
