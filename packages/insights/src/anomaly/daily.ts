import type { DailySeries, Finding } from '../types';
import { isoDay, lastWholeDay } from '../shared/days';
import { isNumericKind, kindProfile } from '../shared/kinds';
import { chartSeries, cleanPoints, round, slicePoints, type Points } from '../shared/points';
import { mad, median } from '../stats';
import { words, type Words } from '../words';

/** Whole days looked at for something unusual: the 7 before today (today is not over, see README). */
export const RECENT_DAYS = 7;
/** The baseline: the 90 days before them. */
export const BASELINE_DAYS = 90;
export const MIN_BASELINE_DAYS = 28;
/** |robust z| from here on is unusual (see the README for the measured false-positive rate). */
export const ANOMALY_Z = 4;

interface Scale {
  name: 'linear' | 'log';
  to: (value: number) => number;
  from: (value: number) => number;
}

/** Right-skewed totals (steps, calories) are compared on a log scale, where their spread is symmetric. */
function scaleFor(kind: string): Scale {
  const offset = kindProfile(kind).logOffset;
  if (offset === undefined) return { name: 'linear', to: (v) => v, from: (v) => v };
  return { name: 'log', to: (v) => Math.log(v + offset), from: (v) => Math.max(0, Math.exp(v) - offset) };
}

export interface DayAnomaly {
  day: number;
  value: number;
  z: number;
}

/** A metric's unusual recent days against the person's own baseline, oldest first. */
export function baselineAnomalies(series: DailySeries, today: number) {
  return anomaliesIn(series.metric, cleanPoints(series), today);
}

/**
 * The same over points already cleaned (the false-positive test runs it on every day of many years).
 * Only whole days count: the recent days end yesterday, so a day in progress (4,700 steps by 8 am) is
 * never set against whole days.
 */
export function anomaliesIn(kind: string, all: Points, today: number) {
  const scale = scaleFor(kind);
  const usable = (value: number) => Number.isFinite(scale.to(value));
  const to = lastWholeDay(today);
  const from = to - RECENT_DAYS - BASELINE_DAYS + 1;
  const baseline = slicePoints(all, from, to - RECENT_DAYS);
  const base = baseline.values.filter(usable).map(scale.to);
  if (base.length < MIN_BASELINE_DAYS) return undefined;
  const center = median(base);
  const sigma = 1.4826 * mad(base, center);
  if (!(sigma > 0)) return undefined;
  const recent = slicePoints(all, to - RECENT_DAYS + 1, to);
  const flagged: DayAnomaly[] = [];
  recent.days.forEach((day, i) => {
    const value = recent.values[i]!;
    if (!usable(value)) return;
    const z = (scale.to(value) - center) / sigma;
    if (Math.abs(z) >= ANOMALY_Z) flagged.push({ day, value, z });
  });
  if (flagged.length === 0) return undefined;
  return {
    kind,
    from,
    to,
    flagged,
    baseline,
    recent,
    scale: scale.name,
    center,
    sigma,
    usual: scale.from(center),
    band: { low: scale.from(center - ANOMALY_Z * sigma), high: scale.from(center + ANOMALY_Z * sigma) },
  };
}

function advice(kind: string, high: boolean, w: Words): string[] {
  if (kind === 'resting_heart_rate' && high) return w.say.anomalyAdviceHighRestingHeartRate;
  if (kind === 'oxygen_saturation' && !high) return w.say.anomalyAdviceLowOxygen;
  return w.say.anomalyAdviceOther;
}

/** (a) of the anomaly rule: a recent day far from the person's own 90-day baseline. */
export function dailyAnomalyFinding(
  series: DailySeries,
  today: number,
  language?: string,
): Finding | undefined {
  const w = words(language, today);
  if (!isNumericKind(series.metric)) return undefined;
  const result = baselineAnomalies(series, today);
  if (!result) return undefined;
  const { kind, flagged } = result;
  const first = flagged[0]!;
  const worst = flagged.reduce((a, b) => (Math.abs(b.z) > Math.abs(a.z) ? b : a));
  const high = worst.z > 0;
  const better = kindProfile(kind).better;
  const unhealthy = better !== undefined && (better === 'up') !== high;
  const others = flagged.filter((item) => item !== worst).map((item) => w.day(item.day));
  const { from, to } = result;
  const recommendations = advice(kind, high, w);
  return {
    key: `anomaly:${kind}:${isoDay(first.day)}`,
    type: 'anomaly',
    severity: unhealthy ? 'warning' : 'info',
    title: w.say.anomalyTitle(w.label(kind), high, w.day(worst.day), w.value(kind, worst.value)),
    description: w.say.anomalyDescription(
      w.label(kind),
      w.day(worst.day),
      w.value(kind, worst.value),
      w.value(kind, result.usual),
      result.baseline.days.length,
      w.day(from),
      w.day(to - RECENT_DAYS),
      high,
      w.value(kind, high ? result.band.high : result.band.low),
      others,
    ),
    actionable: unhealthy,
    recommendations,
    relatedMetrics: [kind],
    window: { from, to },
    values: {
      value: worst.value,
      day: isoDay(worst.day),
      z: worst.z,
      baselineMedian: result.usual,
      baselineMad: result.sigma / 1.4826,
      baselineDays: result.baseline.days.length,
      scale: result.scale,
      threshold: ANOMALY_Z,
      flaggedDays: flagged.length,
      bandLow: result.band.low,
      bandHigh: result.band.high,
    },
    series: [
      chartSeries(
        kind,
        series.unit,
        {
          days: [...result.baseline.days, ...result.recent.days],
          values: [...result.baseline.values, ...result.recent.values],
        },
        {
          band: { low: round(result.band.low), high: round(result.band.high), label: w.say.usualRange },
          highlight: flagged.map((item) => isoDay(item.day)),
        },
      ),
    ],
  };
}
