import { metricCatalogue, type MetricDefinition, type MetricKind } from '@healthfolio/core';
import { categoryLabels, categoryOrder } from '../metrics/categories';

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
    .sort((a, b) => rank(a) - rank(b) || a.label.localeCompare(b.label))
    .map((m) => ({ kind: m.kind, label: m.label, group: categoryLabels[m.category] }));
}
