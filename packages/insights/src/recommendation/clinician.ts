import type { EngineInput, Finding } from '../types';
import { labStatus, latestLabs, type LabStatus } from '../anomaly';
import { formatDay } from '../shared/days';
import { formatAmount } from '../shared/format';
import { chartSeries } from '../shared/points';
import { detectTrend, trendAdvice } from '../trend';

/** Plain, general advice for groups of lab results; the clinician weighs it for the person. */
const labAdvice: { kinds: readonly string[]; text: string }[] = [
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
    text: 'Your clinician can weigh your cholesterol against your overall heart risk; diet, activity and weight all affect it (AHA/ACC 2018).',
  },
  {
    kinds: ['hemoglobin_a1c', 'blood_glucose'],
    text: 'Ask your clinician whether a repeat test or a diabetes screen is due; activity and diet both affect blood sugar (ADA Standards of Care).',
  },
  {
    kinds: ['egfr', 'creatinine', 'microalbumin_creatinine_ratio', 'urea_nitrogen'],
    text: 'Kidney results often need a repeat test to confirm; your clinician can say whether one is due (KDIGO).',
  },
];

/** One recommendation for every lab result outside its range: talk with the clinician. */
export function labsAdvice(input: EngineInput): Finding | undefined {
  const statuses = latestLabs(input.labs)
    .map(labStatus)
    .filter((status): status is LabStatus => status !== undefined);
  if (statuses.length === 0) return undefined;
  const names = statuses.map((status) => status.result.name);
  const kinds = statuses.map((status) => status.result.metric);
  const specific = labAdvice
    .filter((advice) => advice.kinds.some((kind) => kinds.includes(kind)))
    .map((advice) => advice.text);
  const days = statuses.map((status) => status.result.day);
  const critical = statuses.some((status) => status.severity === 'critical');
  const count = statuses.length === 1 ? 'a lab result' : `${statuses.length} lab results`;
  return {
    key: 'recommendation:labs:talk_to_clinician',
    type: 'recommendation',
    severity: 'warning',
    title: `Talk with your clinician about ${count} outside the reference range`,
    description:
      `Your latest ${names.join(', ')} ${statuses.length === 1 ? 'result is' : 'results are'} outside the reference ` +
      `range (tested ${formatDay(Math.min(...days), input.today)}${days.length > 1 ? ` to ${formatDay(Math.max(...days), input.today)}` : ''}). ` +
      'A result outside the range is not a diagnosis; your clinician can say what it means for you.',
    actionable: true,
    recommendations: [
      critical
        ? 'Contact your clinician promptly: at least one result is far outside its range or was flagged critical.'
        : 'Bring these results to your next appointment, or ask your clinician whether they need a follow-up.',
      ...specific,
    ],
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
  return {
    key: 'recommendation:resting_heart_rate:rising',
    type: 'recommendation',
    severity: 'info',
    title: 'Resting heart rate rising: consider more recovery',
    description:
      `Your resting heart rate rose by about ${formatAmount('resting_heart_rate', trend.change)} over the last ` +
      `${trend.windowDays} days. A rise often follows short sleep, stress, alcohol, an illness coming on or a block of hard training.`,
    actionable: true,
    recommendations: trendAdvice('resting_heart_rate'),
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
