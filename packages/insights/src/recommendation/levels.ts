import type { EngineInput, Finding } from '../types';
import { lastWholeDay } from '../shared/days';
import { chartSeries, cleanPoints, slicePoints, type Points } from '../shared/points';
import { mean } from '../stats';
import { words } from '../words';

/** Levels are averaged over the last 14 whole days (today, not over yet, is left out) and need 10 of them. */
export const LEVEL_DAYS = 14;
export const MIN_LEVEL_DAYS = 10;
/** Adults: at least 7 hours a night (AASM/SRS consensus, Watson et al., Sleep 2015). */
export const MIN_SLEEP_HOURS = 7;
/** Under 5,000 steps a day is "sedentary" (Tudor-Locke et al., 2013). */
export const MIN_STEPS = 5000;
/** WHO 2020: 150–300 minutes of moderate activity a week. */
export const MIN_EXERCISE_WEEKLY = 150;
/** ACC/AHA 2017: home averages of 130/80 mmHg or more are high blood pressure (stage 1); 140/90 stage 2. */
export const BP_STAGE1 = { systolic: 130, diastolic: 80 } as const;
export const BP_STAGE2 = { systolic: 140, diastolic: 90 } as const;

/** The last `days` whole days, ending yesterday: a day in progress would pull every average of totals down. */
function levelWindow(input: EngineInput, days = LEVEL_DAYS): { from: number; to: number } {
  const to = lastWholeDay(input.today);
  return { from: to - days + 1, to };
}

function recent(input: EngineInput, kind: string, days = LEVEL_DAYS): Points & { unit: string } {
  const series = input.series.get(kind);
  const { from, to } = levelWindow(input, days);
  return { ...slicePoints(cleanPoints(series), from, to), unit: series?.unit ?? '' };
}

export function sleepAdvice(input: EngineInput): Finding | undefined {
  const points = recent(input, 'sleep_duration');
  if (points.days.length < MIN_LEVEL_DAYS) return undefined;
  const average = mean(points.values);
  if (average >= MIN_SLEEP_HOURS) return undefined;
  const w = words(input.language, input.today);
  return {
    key: 'recommendation:sleep_duration:below_7h',
    type: 'recommendation',
    severity: 'info',
    title: w.say.sleepTitle(w.value('sleep_duration', average), points.days.length),
    description: w.say.sleepDescription(w.value('sleep_duration', average), LEVEL_DAYS, points.days.length),
    actionable: true,
    recommendations: w.say.sleepAdvice,
    relatedMetrics: ['sleep_duration'],
    window: levelWindow(input),
    values: {
      average,
      nights: points.days.length,
      recommendedMinimum: MIN_SLEEP_HOURS,
      source: 'AASM/SRS 2015',
    },
    series: [
      chartSeries('sleep_duration', points.unit, points, {
        band: { low: MIN_SLEEP_HOURS, high: null, label: w.say.sleepBand },
      }),
    ],
  };
}

export function stepsAdvice(input: EngineInput): Finding | undefined {
  const points = recent(input, 'steps');
  if (points.days.length < MIN_LEVEL_DAYS) return undefined;
  const average = mean(points.values);
  if (average >= MIN_STEPS) return undefined;
  const w = words(input.language, input.today);
  return {
    key: 'recommendation:steps:below_5000',
    type: 'recommendation',
    severity: 'info',
    title: w.say.stepsTitle(w.number(average, 0), LEVEL_DAYS),
    description: w.say.stepsDescription(w.value('steps', average), points.days.length),
    actionable: true,
    recommendations: w.say.stepsAdvice,
    relatedMetrics: ['steps'],
    window: levelWindow(input),
    values: {
      average,
      days: points.days.length,
      threshold: MIN_STEPS,
      source: 'Tudor-Locke 2013; Paluch 2022',
    },
    series: [
      chartSeries('steps', points.unit, points, {
        band: { low: MIN_STEPS, high: null, label: w.say.stepsBand },
      }),
    ],
  };
}

export function exerciseAdvice(input: EngineInput): Finding | undefined {
  const points = recent(input, 'exercise_minutes', 28);
  if (points.days.length < 20) return undefined;
  const weekly = (points.values.reduce((sum, value) => sum + value, 0) / points.days.length) * 7;
  if (weekly >= MIN_EXERCISE_WEEKLY) return undefined;
  const w = words(input.language, input.today);
  return {
    key: 'recommendation:exercise_minutes:below_150',
    type: 'recommendation',
    severity: 'info',
    title: w.say.exerciseTitle(w.number(weekly, 0)),
    description: w.say.exerciseDescription(points.days.length, w.number(weekly, 0)),
    actionable: true,
    recommendations: w.say.exerciseAdvice,
    relatedMetrics: ['exercise_minutes'],
    window: levelWindow(input, 28),
    values: {
      weeklyMinutes: weekly,
      days: points.days.length,
      threshold: MIN_EXERCISE_WEEKLY,
      source: 'WHO 2020',
    },
    series: [chartSeries('exercise_minutes', points.unit, points)],
  };
}

export function bloodPressureAdvice(input: EngineInput): Finding | undefined {
  const systolic = recent(input, 'blood_pressure_systolic');
  const diastolic = recent(input, 'blood_pressure_diastolic');
  if (systolic.days.length < 5 || diastolic.days.length < 5) return undefined;
  const sys = mean(systolic.values);
  const dia = mean(diastolic.values);
  if (sys < BP_STAGE1.systolic && dia < BP_STAGE1.diastolic) return undefined;
  const stage2 = sys >= BP_STAGE2.systolic || dia >= BP_STAGE2.diastolic;
  const w = words(input.language, input.today);
  return {
    key: 'recommendation:blood_pressure:high_average',
    type: 'recommendation',
    severity: stage2 ? 'warning' : 'info',
    title: w.say.pressureTitle(w.number(sys, 0), w.number(dia, 0)),
    description: w.say.pressureDescription(
      LEVEL_DAYS,
      w.day(levelWindow(input).from),
      w.number(sys, 0),
      w.number(dia, 0),
      stage2,
    ),
    actionable: true,
    recommendations: w.say.pressureAdvice,
    relatedMetrics: ['blood_pressure_systolic', 'blood_pressure_diastolic'],
    window: levelWindow(input),
    values: { systolic: sys, diastolic: dia, readings: systolic.days.length, source: 'ACC/AHA 2017' },
    series: [
      chartSeries('blood_pressure_systolic', systolic.unit, systolic, {
        band: { low: null, high: 130, label: w.say.below(130) },
      }),
      chartSeries('blood_pressure_diastolic', diastolic.unit, diastolic, {
        band: { low: null, high: 80, label: w.say.below(80) },
      }),
    ],
  };
}
