import type { EngineInput, Finding } from '../types';
import { formatDay, lastWholeDay } from '../shared/days';
import { formatNumber, formatValue } from '../shared/format';
import { chartSeries, cleanPoints, slicePoints, type Points } from '../shared/points';
import { mean } from '../stats';

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
  return {
    key: 'recommendation:sleep_duration:below_7h',
    type: 'recommendation',
    severity: 'info',
    title: `Average sleep ${formatValue('sleep_duration', average)} over the last ${points.days.length} nights`,
    description:
      `You slept ${formatValue('sleep_duration', average)} a night on average over the last ${LEVEL_DAYS} days ` +
      `(${points.days.length} nights recorded). Adults are advised to sleep at least 7 hours a night regularly ` +
      `(American Academy of Sleep Medicine and Sleep Research Society, 2015).`,
    actionable: true,
    recommendations: [
      'Consider a regular bedtime that leaves room for at least 7 hours of sleep.',
      'A dark, cool, quiet bedroom and no caffeine late in the day often help.',
      'Talk with your clinician if you sleep poorly despite enough time in bed, or if you snore loudly or feel sleepy in the day.',
    ],
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
        band: { low: MIN_SLEEP_HOURS, high: null, label: 'At least 7 h' },
      }),
    ],
  };
}

export function stepsAdvice(input: EngineInput): Finding | undefined {
  const points = recent(input, 'steps');
  if (points.days.length < MIN_LEVEL_DAYS) return undefined;
  const average = mean(points.values);
  if (average >= MIN_STEPS) return undefined;
  return {
    key: 'recommendation:steps:below_5000',
    type: 'recommendation',
    severity: 'info',
    title: `Steps averaging ${formatNumber(average, 0)} a day over the last ${LEVEL_DAYS} days`,
    description:
      `You averaged ${formatValue('steps', average)} a day over ${points.days.length} days with data. Under 5,000 a day ` +
      `is usually counted as a sedentary level (Tudor-Locke et al., 2013), and in large studies more daily steps went ` +
      `with lower mortality up to about 6,000–10,000 a day (Paluch et al., Lancet Public Health 2022).`,
    actionable: true,
    recommendations: [
      'Consider adding short walks through the day, such as 10 minutes after meals, and building up gradually.',
      'If a health condition limits your walking, talk with your clinician about the right amount for you.',
    ],
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
        band: { low: MIN_STEPS, high: null, label: '5,000 steps' },
      }),
    ],
  };
}

export function exerciseAdvice(input: EngineInput): Finding | undefined {
  const points = recent(input, 'exercise_minutes', 28);
  if (points.days.length < 20) return undefined;
  const weekly = (points.values.reduce((sum, value) => sum + value, 0) / points.days.length) * 7;
  if (weekly >= MIN_EXERCISE_WEEKLY) return undefined;
  return {
    key: 'recommendation:exercise_minutes:below_150',
    type: 'recommendation',
    severity: 'info',
    title: `About ${formatNumber(weekly, 0)} minutes of exercise a week over the last 4 weeks`,
    description:
      `Over the last 28 days (${points.days.length} with data) you recorded about ${formatNumber(weekly, 0)} minutes of ` +
      `exercise a week. The WHO advises adults 150–300 minutes of moderate activity a week, or 75–150 of vigorous ` +
      `activity (WHO guidelines on physical activity, 2020).`,
    actionable: true,
    recommendations: [
      'Consider building up to 150 minutes a week, for example 30 minutes of brisk walking on five days.',
      'If you have a heart condition or other health concern, talk with your clinician before starting something strenuous.',
    ],
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
  return {
    key: 'recommendation:blood_pressure:high_average',
    type: 'recommendation',
    severity: stage2 ? 'warning' : 'info',
    title: `Blood pressure averaging ${formatNumber(sys, 0)}/${formatNumber(dia, 0)} mmHg`,
    description:
      `Your blood pressure readings over the last ${LEVEL_DAYS} days (from ${formatDay(levelWindow(input).from, input.today)}) ` +
      `average ${formatNumber(sys, 0)}/${formatNumber(dia, 0)} mmHg. The ACC/AHA 2017 guideline counts home averages of ` +
      `130/80 or more as high blood pressure${stage2 ? ', and 140/90 or more as stage 2' : ''}.`,
    actionable: true,
    recommendations: [
      'Talk with your clinician about these readings; one or two weeks of home readings are what they usually ask for.',
      'Measure seated after 5 minutes of rest, arm supported at heart level, two readings a minute apart.',
      'Less salt, regular activity, less alcohol and a healthy weight all tend to lower blood pressure.',
    ],
    relatedMetrics: ['blood_pressure_systolic', 'blood_pressure_diastolic'],
    window: levelWindow(input),
    values: { systolic: sys, diastolic: dia, readings: systolic.days.length, source: 'ACC/AHA 2017' },
    series: [
      chartSeries('blood_pressure_systolic', systolic.unit, systolic, {
        band: { low: null, high: 130, label: 'Below 130' },
      }),
      chartSeries('blood_pressure_diastolic', diastolic.unit, diastolic, {
        band: { low: null, high: 80, label: 'Below 80' },
      }),
    ],
  };
}
