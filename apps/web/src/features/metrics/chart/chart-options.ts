import type uPlot from 'uplot';
import type { ChartData } from './chart-data';
import { flaggedPointsPlugin, referenceBandPlugin } from './chart-plugins';
import { outsideBand, type Band } from './reference-band';

export interface ChartColors {
  series: readonly string[];
  text: string;
  grid: string;
  band: string;
  flagged: string;
}

export interface ChartCallbacks {
  /** The hovered point's index (null when the cursor leaves) and the cursor in the chart's CSS pixels. */
  onCursor: (index: number | null, left: number, top: number) => void;
  /** Whether the x axis is zoomed in (drag to zoom, double-click resets). */
  onZoom: (zoomed: boolean) => void;
}

const DAY_S = 86_400;

/** Pads a single point's x range to a day either side, so one reading is still a visible point. */
function xRange(_u: uPlot, min: number, max: number): uPlot.Range.MinMax {
  return min === max ? [min - DAY_S, max + DAY_S] : [min, max];
}

/** Keeps the whole reference band in view, so a reading can be seen against it. */
function yRange(band: Band | undefined) {
  return (_u: uPlot, min: number | null, max: number | null): uPlot.Range.MinMax => {
    let lo = Math.min(min ?? Infinity, band?.low ?? Infinity);
    let hi = Math.max(max ?? -Infinity, band?.high ?? -Infinity);
    if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [0, 1];
    const pad = (hi - lo) * 0.1 || Math.abs(hi) * 0.1 || 1;
    [lo, hi] = [lo - pad, hi + pad];
    return [lo, hi];
  };
}

export function chartOptions(
  data: ChartData,
  band: Band | undefined,
  colors: ChartColors,
  callbacks: ChartCallbacks,
): Omit<uPlot.Options, 'width' | 'height'> {
  const axis = {
    stroke: colors.text,
    grid: { stroke: colors.grid, width: 1 },
    ticks: { stroke: colors.grid },
  };
  const isFlagged = (s: number, i: number) =>
    outsideBand(band, data.series[s - 1]?.values[i]) || /^(h|l|high|low)/i.test(data.flags?.[i] ?? '');
  const plugins: uPlot.Plugin[] = [flaggedPointsPlugin(isFlagged, colors.flagged)];
  if (band) plugins.unshift(referenceBandPlugin(band, colors.band));
  return {
    scales: { x: { time: true, range: xRange }, y: { range: yRange(band) } },
    series: [
      {},
      ...data.series.map((s, i) => ({
        label: s.name,
        stroke: colors.series[i % colors.series.length],
        width: 2,
        spanGaps: true,
        points: { size: 6, fill: colors.series[i % colors.series.length] },
      })),
    ],
    axes: [axis, { ...axis, size: 56, ...(data.unit ? { label: data.unit, labelSize: 20 } : {}) }],
    cursor: { drag: { x: true, y: false }, points: { size: 8 } },
    legend: { show: false },
    plugins,
    hooks: {
      setCursor: [
        (u) =>
          callbacks.onCursor(
            u.cursor.idx ?? null,
            (u.cursor.left ?? 0) + u.over.offsetLeft,
            (u.cursor.top ?? 0) + u.over.offsetTop,
          ),
      ],
      setScale: [
        (u, key) => {
          if (key !== 'x' || data.x.length === 0) return;
          const [first, last] = xRange(u, data.x[0]!, data.x[data.x.length - 1]!) as [number, number];
          const min = u.scales.x?.min ?? first;
          const max = u.scales.x?.max ?? last;
          callbacks.onZoom(min > first + 1 || max < last - 1);
        },
      ],
    },
  };
}
