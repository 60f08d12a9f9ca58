import type { EngineInput, Finding } from '../types';
import { chartSeries, cleanPoints, slicePoints } from '../shared/points';
import { glucoseStats } from '../glucose/agp';
import { words } from '../words';

/** One day of readings every 5 minutes: less than this is too little to judge time in range. */
export const MIN_CGM_READINGS = 288;
/** International consensus targets for most adults with diabetes (Battelino et al., Diabetes Care 2019). */
export const CGM_TARGETS = {
  inRangeLow: 70,
  inRangeHigh: 180,
  veryLow: 54,
  /** Time below 70 mg/dL: under 4 %. */
  maxBelow: 0.04,
  /** Time below 54 mg/dL: under 1 %. */
  maxVeryLow: 0.01,
  /** Time in 70–180 mg/dL: over 70 %. */
  minInRange: 0.7,
} as const;

export interface CgmSummary {
  n: number;
  below: number;
  veryLow: number;
  inRange: number;
  above: number;
  mean: number;
  /** Glucose management indicator, % (Bergenstal et al. 2018). */
  gmi: number;
}

export function summariseCgm(readings: readonly number[]): CgmSummary | undefined {
  const valid = readings.filter((value) => Number.isFinite(value) && value > 0);
  if (valid.length < MIN_CGM_READINGS) return undefined;
  const stats = glucoseStats(valid)!;
  const { veryLow, low, inRange, high, veryHigh } = stats.ranges;
  return {
    n: stats.n,
    below: veryLow + low,
    veryLow,
    inRange,
    above: high + veryHigh,
    mean: stats.mean,
    gmi: stats.gmi,
  };
}

/** (c) of the anomaly rule: CGM time below range (critical) and time in range (warning) of the last 14 days. */
export function cgmFindings(input: EngineInput): Finding[] {
  const summary = summariseCgm(input.glucoseReadings);
  if (!summary) return [];
  const w = words(input.language, input.today);
  const window = { from: input.today - 13, to: input.today };
  const glucose = input.series.get('blood_glucose');
  const daily = slicePoints(cleanPoints(glucose), window.from, window.to);
  const series =
    daily.days.length > 0
      ? [
          chartSeries('blood_glucose', glucose?.unit ?? 'mg/dL', daily, {
            band: {
              low: CGM_TARGETS.inRangeLow,
              high: CGM_TARGETS.inRangeHigh,
              label: w.say.cgmTarget,
            },
          }),
        ]
      : [];
  const values = {
    readings: summary.n,
    timeBelowRange: summary.below,
    timeVeryLow: summary.veryLow,
    timeInRange: summary.inRange,
    timeAboveRange: summary.above,
    meanGlucose: summary.mean,
    gmi: summary.gmi,
  };
  const shared = {
    type: 'anomaly' as const,
    actionable: true,
    relatedMetrics: ['blood_glucose'],
    window,
    values,
    series,
  };
  const findings: Finding[] = [];
  if (summary.below > CGM_TARGETS.maxBelow || summary.veryLow > CGM_TARGETS.maxVeryLow) {
    findings.push({
      ...shared,
      key: 'anomaly:cgm:time_below_range',
      severity: 'critical',
      title: w.say.cgmLowTitle(w.percent(summary.below)),
      description: w.say.cgmLowDescription(
        w.percent(summary.below),
        w.number(summary.n, 0),
        w.percent(summary.veryLow),
      ),
      recommendations: w.say.cgmLowAdvice,
    });
  }
  if (summary.inRange < CGM_TARGETS.minInRange) {
    findings.push({
      ...shared,
      key: 'anomaly:cgm:time_in_range',
      severity: 'warning',
      title: w.say.cgmRangeTitle(w.percent(summary.inRange, 0)),
      description: w.say.cgmRangeDescription(
        w.percent(summary.inRange),
        w.percent(summary.above),
        w.percent(summary.below),
        w.number(summary.mean, 0),
        w.number(summary.gmi, 1),
      ),
      recommendations: w.say.cgmRangeAdvice,
    });
  }
  return findings;
}
