import { metricCatalogue, type MetricDefinition, type MetricKind } from '@healthfolio/core';
import { i18n } from '../../i18n';
import { categoryOrder } from '../metrics/categories';
import { categoryLabel, kindLabel } from '../metrics/words';

export interface GoalKindOption {
  kind: MetricKind;
  label: string;
  group: string;
}

/**
 * Every kind a goal can follow, by category and then label: one number in a unit. A pair (blood
 * pressure) is followed through its parts, so a goal can be "systolic under 120".
 */
export function goalKindOptions(): GoalKindOption[] {
  const all = metricCatalogue as readonly MetricDefinition<MetricKind>[];
  const rank = (m: MetricDefinition) => categoryOrder.indexOf(m.category);
  return all
    .filter((m) => m.unit !== null && m.valueType !== 'coded' && m.valueType !== 'pair')
    .map((m) => ({ m, label: kindLabel(m.kind) }))
    .sort((a, b) => rank(a.m) - rank(b.m) || a.label.localeCompare(b.label, i18n.language))
    .map(({ m, label }) => ({ kind: m.kind, label, group: categoryLabel(m.category) }));
}
