import type { MetricBucket } from '@healthfolio/core';
import type { ChartData } from './chart-data';
import { i18n } from '../../../i18n';
import { pointDate } from './point-format';

/** One row per point, latest first: what the canvas shows, as text. */
export interface ChartRow {
  date: string;
  values: string[];
  source?: string;
}

export function chartRows(data: ChartData, bucket: MetricBucket, limit: number): ChartRow[] {
  const rows: ChartRow[] = [];
  for (let i = data.x.length - 1; i >= 0 && rows.length < limit; i--) {
    const values = data.series.map((s) => {
      const v = s.values[i];
      return v === null || v === undefined ? '—' : data.format(v);
    });
    const source = data.sources?.[i];
    rows.push({ date: pointDate(data.x[i]!, bucket), values, ...(source ? { source } : {}) });
  }
  return rows;
}

function extremes(values: readonly (number | null)[]): { min: number; max: number } | undefined {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v === null) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return min <= max ? { min, max } : undefined;
}

/** "3 readings from Nov 1, 2026 to Nov 22, 2026. Latest 80 kg; lowest 79.5 kg, highest 81 kg." */
export function chartSummary(data: ChartData, bucket: MetricBucket): string {
  const n = data.x.length;
  if (n === 0) return i18n.t('metrics:summary.none');
  const first = pointDate(data.x[0]!, bucket);
  const head =
    n === 1
      ? i18n.t(`metrics:summary.one.${bucket}`, { day: first })
      : i18n.t(`metrics:summary.many.${bucket}`, {
          n,
          from: first,
          to: pointDate(data.x[n - 1]!, bucket),
        });
  const parts = data.series.map((s) => {
    const latest = s.values[n - 1];
    const range = extremes(s.values);
    const latestText = latest === null || latest === undefined ? '—' : data.format(latest);
    const text =
      range && n > 1
        ? i18n.t('metrics:summary.latestRange', {
            latest: latestText,
            low: data.format(range.min),
            high: data.format(range.max),
          })
        : i18n.t('metrics:summary.latest', { latest: latestText });
    return data.series.length > 1 ? `${s.name}: ${text}` : text;
  });
  const perDay = data.dailyMean ? ` ${i18n.t('metrics:summary.dailyMean')}` : '';
  return `${head} ${parts.join(' ')}${perDay}`;
}
