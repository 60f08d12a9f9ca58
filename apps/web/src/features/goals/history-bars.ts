import { getMetric, type Goal } from '@healthfolio/core';

/** Fewer periods than this are drawn as narrow bars at the right, not stretched across the card. */
const MIN_SLOTS = 12;

export interface Bar {
  x: number;
  width: number;
  y: number;
  height: number;
  met: boolean;
}

export interface BarsGeometry {
  bars: Bar[];
  /** Where the target line runs. */
  targetY: number;
}

/**
 * Bars of the goal's last periods in a `width` × `height` box, the newest at the right. Totals (steps
 * a day) stand on zero; levels (weight, a lab) stand on a floor just under the lowest value, so a move
 * from 82 to 80 kg shows.
 */
export function historyBars(goal: Goal, width: number, height: number): BarsGeometry {
  const { history } = goal.progress;
  const values = history.flatMap((h) => (h.value === null ? [] : [h.value]));
  const level = goal.period === 'by_date' || getMetric(goal.metric)?.aggregation !== 'sum';
  const high = Math.max(goal.target, ...values);
  const low = Math.min(goal.target, ...values);
  const spread = high - low || Math.abs(high) * 0.05 || 1;
  const floor = level ? low - spread * 0.5 : 0;
  const top = high + spread * 0.15;
  const y = (value: number) => height - ((value - floor) / (top - floor || 1)) * height;
  const slot = width / Math.max(history.length, MIN_SLOTS);
  const gap = Math.min(2, slot * 0.2);
  const left = width - slot * history.length;
  const bars = history.map((h, i) => {
    const barHeight = h.value === null ? 1 : Math.max(1, height - y(h.value));
    return {
      x: left + i * slot + gap / 2,
      width: slot - gap,
      y: height - barHeight,
      height: barHeight,
      met: h.met,
    };
  });
  return { bars, targetY: y(goal.target) };
}
