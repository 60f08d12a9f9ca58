import type { DailySeries, Finding, GoalSpec } from '../types';
import { goalPoints, goalProgress, predictionPoints, targetBand } from '../goals';
import { dayFromIso, isoDay } from '../shared/days';
import { chartSeries } from '../shared/points';
import { words } from '../words';

/** (a) of the prediction rule: when a by-date goal will be reached at the current rate. */
export function goalPrediction(
  goal: GoalSpec,
  series: DailySeries | undefined,
  today: number,
  language?: string,
): Finding | undefined {
  if (goal.period !== 'by_date') return undefined;
  const w = words(language, today);
  const progress = goalProgress(goal, series, today);
  const prediction = progress.prediction;
  if (!prediction || progress.met) return undefined;
  const kind = goal.metric;
  const target = w.value(kind, goal.target);
  const deadline = goal.deadline === null ? '' : w.day(goal.deadline);
  const window = predictionPoints(goalPoints(goal, series, today), today);
  const rate = w.rate(kind, prediction.ratePerDay, 'week');
  let title: string;
  let description: string;
  if (prediction.date === null) {
    title = w.say.goalStalledTitle(goal.title, target);
    description = w.say.goalStalledDescription(window.days.length, w.noun(kind), rate, target, deadline);
  } else {
    const date = w.day(dayFromIso(prediction.date));
    const between =
      prediction.low === prediction.high
        ? undefined
        : prediction.low !== null && prediction.high !== null
          ? { low: w.day(dayFromIso(prediction.low)), high: w.day(dayFromIso(prediction.high)) }
          : ('wide' as const);
    title = w.say.goalWhenTitle(goal.title, target, date);
    description = w.say.goalWhenDescription(
      rate,
      window.days.length,
      target,
      date,
      between,
      deadline,
      prediction.onTrack,
    );
  }
  return {
    key: `prediction:goal:${goal.id}`,
    type: 'prediction',
    severity: prediction.onTrack ? 'info' : 'warning',
    title,
    description,
    actionable: !prediction.onTrack,
    recommendations: prediction.onTrack ? [] : [w.say.offTrackAdvice],
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
    series: [chartSeries(kind, series?.unit ?? '', window, { band: targetBand(goal, w.say.target) })],
  };
}
