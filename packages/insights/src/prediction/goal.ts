import type { DailySeries, Finding, GoalSpec } from '../types';
import { goalPoints, goalProgress, OFF_TRACK_ADVICE, predictionPoints, targetBand } from '../goals';
import { dayFromIso, formatDay, isoDay } from '../shared/days';
import { formatRate, formatValue } from '../shared/format';
import { kindNoun } from '../shared/kinds';
import { chartSeries } from '../shared/points';

/** (a) of the prediction rule: when a by-date goal will be reached at the current rate. */
export function goalPrediction(
  goal: GoalSpec,
  series: DailySeries | undefined,
  today: number,
): Finding | undefined {
  if (goal.period !== 'by_date') return undefined;
  const progress = goalProgress(goal, series, today);
  const prediction = progress.prediction;
  if (!prediction || progress.met) return undefined;
  const kind = goal.metric;
  const target = formatValue(kind, goal.target);
  const deadline = goal.deadline === null ? '' : formatDay(goal.deadline, today);
  const window = predictionPoints(goalPoints(goal, series, today), today);
  const rate = formatRate(kind, prediction.ratePerDay, 'week');
  let title: string;
  let description: string;
  if (prediction.date === null) {
    title = `${goal.title}: not moving toward ${target} at the current rate`;
    description =
      `Over the last ${window.days.length} readings your ${kindNoun(kind)} changed by ${rate}, which does not ` +
      `clearly move it toward ${target}${deadline ? ` by ${deadline}` : ''}.`;
  } else {
    const date = formatDay(dayFromIso(prediction.date), today);
    const between =
      prediction.low === prediction.high
        ? ''
        : prediction.low !== null && prediction.high !== null
          ? ` (between ${formatDay(dayFromIso(prediction.low), today)} and ${formatDay(dayFromIso(prediction.high), today)})`
          : ' (the range is wide: the rate is still uncertain)';
    title = `${goal.title}: ${target} around ${date}`;
    description =
      `At the current rate (${rate} over the last ${window.days.length} readings) you will reach ${target} around ` +
      `${date}${between}` +
      (deadline
        ? prediction.onTrack
          ? `, by your deadline of ${deadline}.`
          : `, after your deadline of ${deadline}.`
        : '.');
  }
  return {
    key: `prediction:goal:${goal.id}`,
    type: 'prediction',
    severity: prediction.onTrack ? 'info' : 'warning',
    title,
    description,
    actionable: !prediction.onTrack,
    recommendations: prediction.onTrack ? [] : [OFF_TRACK_ADVICE],
    relatedMetrics: [kind],
    window: { from: window.days[0] ?? today, to: today },
    values: {
      target: goal.target,
      ratePerDay: prediction.ratePerDay,
      ...(prediction.date !== null ? { date: prediction.date } : {}),
      ...(prediction.low !== null ? { low: prediction.low } : {}),
      ...(prediction.high !== null ? { high: prediction.high } : {}),
      ...(goal.deadline !== null ? { deadline: isoDay(goal.deadline) } : {}),
      onTrack: prediction.onTrack ? 'yes' : 'no',
      n: window.days.length,
    },
    series: [chartSeries(kind, series?.unit ?? '', window, { band: targetBand(goal) })],
  };
}
