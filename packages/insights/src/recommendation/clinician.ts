import type { EngineInput, Finding } from '../types';
import { labStatus, latestLabs, type LabStatus } from '../anomaly';
import { chartSeries } from '../shared/points';
import { detectTrend, trendAdvice } from '../trend';
import { words, type Phrases } from '../words';

/** Plain, general advice for groups of lab results (words/en.ts labsAdviceGroups); the clinician weighs it. */
const labAdvice: { kinds: readonly string[]; text: keyof Phrases['labsAdviceGroups'] }[] = [
  {
    kinds: [
      'ldl_cholesterol',
      'ldl_calculated_nih',
      'total_cholesterol',
      'triglycerides',
      'apolipoprotein_b',
      'hdl_cholesterol',
      'vldl_cholesterol',
    ],
    text: 'cholesterol',
  },
  {
    kinds: ['hemoglobin_a1c', 'blood_glucose'],
    text: 'glucose',
  },
  {
    kinds: ['egfr', 'creatinine', 'microalbumin_creatinine_ratio', 'urea_nitrogen'],
    text: 'kidney',
  },
];

/** One recommendation for every lab result outside its range: talk with the clinician. */
export function labsAdvice(input: EngineInput): Finding | undefined {
  const statuses = latestLabs(input.labs)
    .map(labStatus)
    .filter((status): status is LabStatus => status !== undefined);
  if (statuses.length === 0) return undefined;
  const w = words(input.language, input.today);
  const names = statuses.map((status) => status.result.name);
  const kinds = statuses.map((status) => status.result.metric);
  const specific = labAdvice
    .filter((advice) => advice.kinds.some((kind) => kinds.includes(kind)))
    .map((advice) => w.say.labsAdviceGroups[advice.text]);
  const days = statuses.map((status) => status.result.day);
  const critical = statuses.some((status) => status.severity === 'critical');
  return {
    key: 'recommendation:labs:talk_to_clinician',
    type: 'recommendation',
    severity: 'warning',
    title: w.say.labsTitle(statuses.length),
    description: w.say.labsDescription(
      names.join(', '),
      statuses.length,
      w.day(Math.min(...days)),
      days.length > 1 ? w.day(Math.max(...days)) : undefined,
    ),
    actionable: true,
    recommendations: [critical ? w.say.labsAdviceCritical : w.say.labsAdviceFollowUp, ...specific],
    relatedMetrics: [...new Set(kinds)],
    window: { from: Math.min(...days), to: Math.max(...days) },
    values: {
      results: statuses.length,
      critical: statuses.filter((status) => status.severity === 'critical').length,
    },
    series: [],
  };
}

/** A rising resting heart rate: the trend rule's finding, turned into what to do about it. */
export function restingHeartRateAdvice(input: EngineInput): Finding | undefined {
  const series = input.series.get('resting_heart_rate');
  const trend = detectTrend(series, input.today);
  if (!trend || trend.direction !== 'up') return undefined;
  const w = words(input.language, input.today);
  return {
    key: 'recommendation:resting_heart_rate:rising',
    type: 'recommendation',
    severity: 'info',
    title: w.say.restingTitle,
    description: w.say.restingDescription(w.amount('resting_heart_rate', trend.change), trend.windowDays),
    actionable: true,
    recommendations: trendAdvice('resting_heart_rate', w),
    relatedMetrics: ['resting_heart_rate'],
    window: { from: trend.from, to: trend.to },
    values: {
      change: trend.change,
      slopePerDay: trend.fit.slope,
      windowDays: trend.windowDays,
      p: trend.test.p,
    },
    series: [chartSeries('resting_heart_rate', series?.unit ?? '/min', trend.points)],
  };
}
