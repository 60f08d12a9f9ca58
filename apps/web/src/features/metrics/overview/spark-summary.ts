import type { OverviewCard, UnitSystem } from '@healthfolio/core';
import { formatValue } from '../format';

/** The sparkline as a sentence: "Last 30 days: 28 days with data, lowest 48 bpm, highest 56 bpm." */
export function sparkSummary(item: Pick<OverviewCard, 'type' | 'spark'>, system: UnitSystem): string {
  const values = item.spark.filter((v): v is number => v !== null);
  if (values.length === 0) return 'Last 30 days: no data.';
  const show = (v: number) => formatValue(item.type, v, system);
  const days = `${values.length} day${values.length === 1 ? '' : 's'} with data`;
  if (values.length === 1) return `Last 30 days: ${days}, ${show(values[0]!)}.`;
  return `Last 30 days: ${days}, lowest ${show(Math.min(...values))}, highest ${show(Math.max(...values))}.`;
}
