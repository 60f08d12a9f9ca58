import type { MetricCategory } from '@healthfolio/core';

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

export const categoryLabels: Record<MetricCategory, string> = {
  activity: 'Activity',
  vitals: 'Vitals',
  sleep: 'Sleep',
  body: 'Body',
  nutrition: 'Nutrition',
  labs: 'Labs',
  administrative: 'Records',
  custom: 'Custom',
};

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
      label: categoryLabels[category as MetricCategory] ?? category,
      items: members,
    }));
}
