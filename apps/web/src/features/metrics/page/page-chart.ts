import {
  displayUnitFor,
  catalogueConverter,
  getMetric,
  type MetricsSeries,
  type UnitSystem,
} from '@healthfolio/core';
import uPlot from 'uplot';
import type { ChartData } from '../chart/chart-data';
import { flaggedPointsPlugin, referenceBandPlugin } from '../chart/chart-plugins';
import { outsideBand, type Band } from '../chart/reference-band';
import { trailingMean } from './period';
import { currentLocale, i18n } from '../../../i18n';

/** One line, bar or band of the metric page's chart, on the left (`y`) or right (`y2`) scale. */
export interface PageSeries {
  name: string;
  kind: 'bars' | 'line' | 'dashed' | 'band-low' | 'band-high' | 'points';
  scale: 'y' | 'y2';
  color: string;
  x: number[];
  values: (number | null)[];
}

export interface PageChartColors {
  main: string;
  average: string;
  band: string;
  compare: string;
  overlay: string;
  text: string;
  grid: string;
  reference: string;
  flagged: string;
}

/** A bucketed avg kind's min and max per bucket in display units, aligned with toChartData's points. */
export function minMaxOf(
  series: MetricsSeries,
  system: UnitSystem,
): { min: (number | null)[]; max: (number | null)[] } | undefined {
  const metric = getMetric(series.type);
  if (series.bucket === 'raw' || metric?.aggregation !== 'avg' || metric.valueType === 'pair')
    return undefined;
  const spec = displayUnitFor(series.type, system);
  const convert =
    spec && metric.unit ? catalogueConverter(metric.unit, spec.unitCode, metric.kind) : (v: number) => v;
  const items = series.items.filter((i) => i.count > 0);
  const c = (v: number | null) => (v === null ? null : convert(v));
  return { min: items.map((i) => c(i.min)), max: items.map((i) => c(i.max)) };
}

interface Layers {
  main: ChartData;
  /** Sum kinds drawn as bars (daily totals), with a 7-day average line when in days. */
  bars: boolean;
  withAverage: boolean;
  minMax?: { min: (number | null)[]; max: (number | null)[] };
  /** The previous period, already shifted onto this one. */
  compare?: ChartData;
  overlay?: ChartData;
}

/** The series the chart draws, in drawing order (band first, then bars, lines, comparisons). */
export function pageSeries(layers: Layers, colors: PageChartColors): PageSeries[] {
  const { main } = layers;
  const out: PageSeries[] = [];
  if (layers.minMax) {
    out.push(
      {
        name: i18n.t('metrics:chart.lowest'),
        kind: 'band-low',
        scale: 'y',
        color: colors.band,
        x: main.x,
        values: layers.minMax.min,
      },
      {
        name: i18n.t('metrics:chart.highest'),
        kind: 'band-high',
        scale: 'y',
        color: colors.band,
        x: main.x,
        values: layers.minMax.max,
      },
    );
  }
  main.series.forEach((s, i) => {
    const name = layers.minMax ? i18n.t('metrics:chart.mean', { name: s.name }) : s.name;
    out.push({
      name,
      kind: layers.bars ? 'bars' : main.sources ? 'points' : 'line',
      scale: 'y',
      color: i === 0 ? colors.main : colors.overlay,
      x: main.x,
      values: s.values,
    });
  });
  if (layers.bars && layers.withAverage && main.series[0]) {
    out.push({
      name: i18n.t('metrics:chart.average7'),
      kind: 'line',
      scale: 'y',
      color: colors.average,
      x: main.x,
      values: trailingMean(main.x, main.series[0].values),
    });
  }
  if (layers.compare?.series[0]) {
    out.push({
      name: i18n.t('metrics:chart.previous'),
      kind: 'dashed',
      scale: 'y',
      color: colors.compare,
      x: layers.compare.x,
      values: layers.compare.series[0].values,
    });
  }
  if (layers.overlay?.series[0]) {
    const s = layers.overlay.series[0];
    out.push({
      name: s.name,
      kind: 'line',
      scale: 'y2',
      color: colors.overlay,
      x: layers.overlay.x,
      values: s.values,
    });
  }
  return out;
}

/** The series on one x axis (uPlot wants every series on the same x values). */
export function aligned(series: readonly PageSeries[]): uPlot.AlignedData {
  const xs = [...new Set(series.flatMap((s) => s.x))].sort((a, b) => a - b);
  const index = new Map(xs.map((x, i) => [x, i]));
  const columns = series.map((s) => {
    const column: (number | null)[] = new Array<number | null>(xs.length).fill(null);
    s.x.forEach((x, i) => {
      column[index.get(x)!] = s.values[i] ?? null;
    });
    return column;
  });
  return [xs, ...columns] as uPlot.AlignedData;
}

const DAY_S = 86_400;

/** Month and weekday names for the time axis, in the current language (uPlot's own are English). */
function dateNames(): uPlot.DateNames {
  const locale = currentLocale();
  const names = (options: Intl.DateTimeFormatOptions, dates: Date[]) =>
    dates.map((d) => new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(d));
  const months = Array.from({ length: 12 }, (_, m) => new Date(Date.UTC(2024, m, 1)));
  const days = Array.from({ length: 7 }, (_, d) => new Date(Date.UTC(2024, 0, 7 + d))); // 7 Jan 2024: a Sunday
  return {
    MMMM: names({ month: 'long' }, months),
    MMM: names({ month: 'short' }, months),
    WWWW: names({ weekday: 'long' }, days),
    WWW: names({ weekday: 'short' }, days),
  };
}

export function pageChartOptions(
  series: readonly PageSeries[],
  units: { y: string; y2?: string },
  colors: PageChartColors,
  band: Band | undefined,
): Omit<uPlot.Options, 'width' | 'height'> {
  const axis = {
    stroke: colors.text,
    grid: { stroke: colors.grid, width: 1 },
    ticks: { stroke: colors.grid },
  };
  const bars = uPlot.paths.bars!({ size: [0.7, 24] });
  const startsAtZero = series.some((s) => s.kind === 'bars');
  const low = series.findIndex((s) => s.kind === 'band-low') + 1;
  const high = series.findIndex((s) => s.kind === 'band-high') + 1;
  const plugins: uPlot.Plugin[] = [];
  if (band) {
    plugins.push(referenceBandPlugin(band, colors.reference));
    const mainIndex = series.findIndex((s) => s.scale === 'y' && (s.kind === 'points' || s.kind === 'line'));
    plugins.push(
      flaggedPointsPlugin(
        (s, i) => s === mainIndex + 1 && outsideBand(band, series[mainIndex]?.values[i]),
        colors.flagged,
      ),
    );
  }
  return {
    scales: {
      x: { time: true, range: (_u, min, max) => (min === max ? [min - DAY_S, max + DAY_S] : [min, max]) },
      y: {
        range: (_u, min, max) => {
          let lo = Math.min(startsAtZero ? 0 : min, band?.low ?? Infinity);
          let hi = Math.max(max, band?.high ?? -Infinity);
          if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [0, 1];
          const pad = (hi - lo) * 0.08 || Math.abs(hi) * 0.1 || 1;
          [lo, hi] = [startsAtZero && lo === 0 ? 0 : lo - pad, hi + pad];
          return [lo, hi];
        },
      },
      ...(units.y2 !== undefined
        ? { y2: { range: (_u, min, max) => [min - (max - min) * 0.1 - 0.5, max + (max - min) * 0.1 + 0.5] } }
        : {}),
    },
    series: [
      {},
      ...series.map((s) => {
        const base = { label: s.name, scale: s.scale, stroke: s.color, width: 2, spanGaps: true };
        if (s.kind === 'bars') return { ...base, fill: s.color, paths: bars, points: { show: false } };
        if (s.kind === 'band-low' || s.kind === 'band-high')
          return { ...base, stroke: 'transparent', width: 0, points: { show: false } };
        if (s.kind === 'dashed') return { ...base, dash: [6, 4], points: { show: false } };
        if (s.kind === 'points') return { ...base, points: { size: 6, fill: s.color } };
        return { ...base, points: { show: false } };
      }),
    ],
    ...(low > 0 && high > 0
      ? { bands: [{ series: [high, low] as [number, number], fill: colors.band }] }
      : {}),
    axes: [
      axis,
      { ...axis, scale: 'y', size: 60, ...(units.y ? { label: units.y, labelSize: 20 } : {}) },
      ...(units.y2 !== undefined
        ? [
            {
              ...axis,
              scale: 'y2',
              side: 1 as const,
              size: 60,
              grid: { show: false },
              ...(units.y2 ? { label: units.y2, labelSize: 20 } : {}),
            },
          ]
        : []),
    ],
    cursor: { drag: { x: true, y: false }, points: { size: 8 } },
    legend: { show: false },
    fmtDate: (template: string) => uPlot.fmtDate(template, dateNames()),
    plugins,
  };
}
