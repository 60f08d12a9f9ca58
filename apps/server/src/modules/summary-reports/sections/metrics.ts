import {
  getMetric,
  unitLabel,
  metricCatalogue,
  type MetricCategory,
  type MetricDefinition,
  type ReportBlock,
} from '@healthfolio/core';
import { formatValue, isoDay, summarisePeriod, type PeriodSummary } from '@healthfolio/insights';
import type { ReportData } from '../report-data';
import { sourcesOf } from './sources';

/** Charts a section draws at most; the table lists every kind. */
const MAX_CHARTS = 8;

const kindsOf = (category: MetricCategory) =>
  (metricCatalogue as readonly MetricDefinition[])
    .filter((m) => m.category === category && m.valueType !== 'coded' && m.unit !== null)
    .map((m) => m.kind);

/**
 * Vitals, activity, sleep or body: a sentence per kind with its mean and trend (the insights' test), a
 * table of every kind, and a chart of each kind's weekly means.
 */
export function metricSection(data: ReportData, category: MetricCategory): ReportBlock[] {
  const summaries: PeriodSummary[] = [];
  for (const kind of kindsOf(category)) {
    const label = getMetric(kind)?.label ?? kind;
    const summary = summarisePeriod(data.series.get(kind), data.fromDay, data.toDay, label);
    if (summary) summaries.push(summary);
  }
  const period = `${isoDay(data.fromDay)} to ${isoDay(data.toDay)}`;
  if (summaries.length === 0) return [{ type: 'text', text: `No data in ${period}.` }];
  const kinds = summaries.map((s) => s.metric);
  const blocks: ReportBlock[] = summaries.map((s) => ({ type: 'text', text: s.sentence }));
  blocks.push({
    type: 'table',
    caption: `Daily values, ${period}`,
    columns: ['Measure', 'Mean', 'Lowest day', 'Highest day', 'Days', 'Trend'],
    rows: summaries.map((s) => [
      getMetric(s.metric)?.label ?? s.metric,
      formatValue(s.metric, s.mean),
      formatValue(s.metric, s.min),
      formatValue(s.metric, s.max),
      String(s.days),
      s.trend.direction === 'steady' ? 'No clear trend' : s.trend.direction === 'up' ? 'Rising' : 'Falling',
    ]),
    source: sourcesOf(data, kinds),
  });
  for (const s of summaries.filter((x) => x.weeks.length >= 2).slice(0, MAX_CHARTS)) {
    blocks.push({
      type: 'line',
      caption: `${getMetric(s.metric)?.label ?? s.metric}, weekly mean (${unitLabel(s.unit)}), ${period}`,
      unit: unitLabel(s.unit),
      points: s.weeks.map((w) => ({ x: isoDay(w.week), y: w.mean })),
      source: sourcesOf(data, [s.metric]),
    });
  }
  return blocks;
}
