import type { OverviewCard, UnitSystem } from '@healthfolio/core';
import { i18n } from '../../../i18n';
import { formatValue } from '../format';

/** The sparkline as a sentence: "Last 30 days: 28 days with data, lowest 48 bpm, highest 56 bpm." */
export function sparkSummary(item: Pick<OverviewCard, 'type' | 'spark'>, system: UnitSystem): string {
  const values = item.spark.filter((v): v is number => v !== null);
  if (values.length === 0) return i18n.t('metrics:spark.none');
  const show = (v: number) => formatValue(item.type, v, system);
  if (values.length === 1) return i18n.t('metrics:spark.one', { value: show(values[0]!) });
  return i18n.t('metrics:spark.many', {
    n: values.length,
    low: show(Math.min(...values)),
    high: show(Math.max(...values)),
  });
}
