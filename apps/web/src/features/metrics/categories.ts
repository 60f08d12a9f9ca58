import type { MetricCategory } from '@healthfolio/core';
import { categoryLabel } from './words';

/** The dashboard's sections, in the order people look for them. */
export const categoryOrder: readonly MetricCategory[] = [
  'activity',
  'vitals',
  'sleep',
  'body',
  'nutrition',
  'labs',
  'administrative',
  'custom',
];

/** Items grouped by category in `categoryOrder`; unknown categories go last, under their own name. */
export function groupByCategory<T extends { category: string }>(items: readonly T[]) {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(item.category, [...(groups.get(item.category) ?? []), item]);
  const rank = (c: string) => {
    const i = categoryOrder.indexOf(c as MetricCategory);
    return i === -1 ? categoryOrder.length : i;
  };
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([category, members]) => ({
      category,
      label: categoryLabel(category),
      items: members,
    }));
}
