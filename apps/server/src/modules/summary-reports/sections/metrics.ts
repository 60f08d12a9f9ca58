import {
  displayUnitFor,
  getConverter,
  getMetric,
  unitLabel,
  metricCatalogue,
  type MetricCategory,
  type MetricDefinition,
  type ReportBlock,
  type UnitSystem,
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
 * How a kind's chart reads in the person's units: its label and a conversion from the canonical unit
 * (core's converter; "lb", "mi", "°F" with imperial units). Kinds without a display keep the stored unit.
 */
function chartUnit(kind: string, unit: string, system: UnitSystem) {
  const display = displayUnitFor(kind, system);
  if (!display || display.unitCode === unit) return { label: unitLabel(unit), convert: (v: number) => v };
  return { label: display.unit, convert: getConverter(unit, display.unitCode, kind) };
}

/**
 * Vitals, activity, sleep or body: a sentence per kind with its mean and trend (the insights' test), a
 * table of every kind, and a chart of each kind's weekly means.
 */
export function metricSection(data: ReportData, category: MetricCategory): ReportBlock[] {
  const summaries: PeriodSummary[] = [];
  for (const kind of kindsOf(category)) {
    const label = getMetric(kind)?.label ?? kind;
    const summary = summarisePeriod(data.series.get(kind), data.fromDay, data.toDay, label, data.units);
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
      formatValue(s.metric, s.mean, data.units),
      formatValue(s.metric, s.min, data.units),
      formatValue(s.metric, s.max, data.units),
      String(s.days),
      s.trend.direction === 'steady' ? 'No clear trend' : s.trend.direction === 'up' ? 'Rising' : 'Falling',
    ]),
    source: sourcesOf(data, kinds),
  });
  for (const s of summaries.filter((x) => x.weeks.length >= 2).slice(0, MAX_CHARTS)) {
    const unit = chartUnit(s.metric, s.unit, data.units);
    blocks.push({
      type: 'line',
      caption: `${getMetric(s.metric)?.label ?? s.metric}, weekly mean (${unit.label}), ${period}`,
      unit: unit.label,
      points: s.weeks.map((w) => ({ x: isoDay(w.week), y: unit.convert(w.mean) })),
      source: sourcesOf(data, [s.metric]),
    });
  }
  return blocks;
}
