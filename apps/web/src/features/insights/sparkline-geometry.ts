import type { TFunction } from 'i18next';
import { formatDayRange } from '../../lib/day-format';
import type { DisplaySeries } from './series-display';

const DAY_MS = 86_400_000;
/** The widest a highlighted day is drawn, in viewBox units. */
const MAX_COLUMN = 12;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

export interface SparklineGeometry {
  /** The SVG path through the points. */
  line: string;
  /** Points drawn as dots: the highlighted days, or every point when there are few. */
  dots: { x: number; y: number; highlighted: boolean }[];
  /** The band as a rectangle across the plot. */
  band?: { y: number; height: number };
  /** A column per highlighted day. */
  columns: { x: number; width: number }[];
}

/** Lays out a series in a `width` × `height` box (y grows down), padding so nothing touches the edge. */
export function sparklineGeometry(series: DisplaySeries, width: number, height: number): SparklineGeometry {
  const { points, band } = series;
  const pad = 4;
  const days = points.map((p) => dayNumber(p.day));
  const first = Math.min(...days);
  const last = Math.max(...days);
  const values = points.map((p) => p.value);
  for (const bound of [band?.low, band?.high]) if (bound !== null && bound !== undefined) values.push(bound);
  // An open band ("below 100") still needs some room on its open side to be seen as a band.
  if (band && band.low === null && band.high !== null) values.push(band.high / 2);
  if (band && band.high === null && band.low !== null) values.push(band.low * 1.5);
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  const spread = hi - lo || Math.abs(hi) * 0.1 || 1;
  [lo, hi] = [lo - spread * 0.08, hi + spread * 0.08];
  // One slot a day, the point in its middle, so a highlighted day's column sits under its point.
  const step = (width - 2 * pad) / (last - first + 1);
  const x = (day: number) => pad + (day - first + 0.5) * step;
  const y = (value: number) => pad + (1 - (value - lo) / (hi - lo)) * (height - 2 * pad);

  const highlighted = new Set(series.highlight);
  const line = points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(days[i]!).toFixed(1)},${y(p.value).toFixed(1)}`)
    .join(' ');
  const few = points.length <= 12;
  const dots = points
    .map((p, i) => ({ x: x(days[i]!), y: y(p.value), highlighted: highlighted.has(p.day) }))
    .filter((d) => few || d.highlighted);
  const columns = series.highlight
    .map(dayNumber)
    .filter((day) => day >= first && day <= last)
    .map((day) => {
      // Days side by side join into one shaded stretch; a lone day stays a narrow column.
      const columnWidth = Math.min(Math.max(step, 2), MAX_COLUMN);
      return { x: x(day) - columnWidth / 2, width: columnWidth };
    });
  const result: SparklineGeometry = { line, dots, columns };
  if (band && (band.low !== null || band.high !== null)) {
    const top = band.high === null ? 0 : Math.max(0, y(band.high));
    const bottom = band.low === null ? height : Math.min(height, y(band.low));
    result.band = { y: top, height: Math.max(0, bottom - top) };
  }
  return result;
}

/** What the sparkline shows, as a sentence for screen readers, in the language of `t`. */
export function sparklineSummary(series: DisplaySeries, t: TFunction<'insights'>): string {
  const { points, band, format } = series;
  if (points.length === 0) return t('sparkline.noData', { label: series.label });
  const sorted = [...points].sort((a, b) => a.day.localeCompare(b.day));
  const firstPoint = sorted[0]!;
  const lastPoint = sorted[sorted.length - 1]!;
  const values = points.map((p) => p.value);
  const n = points.length;
  const parts = [
    t('sparkline.days', {
      label: series.label,
      count: n,
      range: formatDayRange(firstPoint.day, lastPoint.day),
    }),
    n === 1
      ? t('sparkline.one', { value: format(firstPoint.value) })
      : t('sparkline.many', {
          first: format(firstPoint.value),
          last: format(lastPoint.value),
          lowest: format(Math.min(...values)),
          highest: format(Math.max(...values)),
        }),
  ];
  if (band && (band.low !== null || band.high !== null)) {
    const range =
      band.low !== null && band.high !== null
        ? `${series.formatNumber(band.low)}–${format(band.high)}`
        : band.low !== null
          ? t('sparkline.orMore', { value: format(band.low) })
          : t('sparkline.upTo', { value: format(band.high!) });
    parts.push(t('sparkline.shaded', { label: band.label, range }));
  }
  const marked = series.highlight.length;
  if (marked > 0) parts.push(t('sparkline.highlighted', { count: marked }));
  return parts.join(' ');
}
