import { getMetric, type ReportBlock } from '@healthfolio/core';
import { formatValue, healthScore, isoDay, type HealthScore } from '@healthfolio/insights';
import type { ReportData } from '../report-data';
import { sourcesOf } from './sources';

/** Kinds the summary's key figures show when the person has them. */
const KEY_KINDS = [
  'resting_heart_rate',
  'heart_rate_variability',
  'blood_pressure_systolic',
  'blood_pressure_diastolic',
  'steps',
  'exercise_minutes',
  'sleep_duration',
  'weight',
  'body_fat',
];

/** The health score's parts as a table: the same figures as `GET /api/health-score`. */
export function scoreBlocks(score: HealthScore, source: string): ReportBlock[] {
  return [
    {
      type: 'text',
      text:
        score.score === null
          ? `Health score: not computed. ${score.reason ?? ''}`
          : `Health score: ${score.score} of 100 on ${score.day}, the weighted mean of the parts below that have enough data (see README "Health score" for each scale).`,
    },
    {
      type: 'table',
      caption: `Health score parts, the 14 days to ${score.day}`,
      columns: ['Part', 'Weight', 'Score', 'Data behind it'],
      rows: score.parts.map((p) => [
        p.name,
        String(p.weight),
        p.score === null ? '–' : String(p.score),
        p.basis,
      ]),
      source,
    },
  ];
}

/** Who, when, the health score today, and the period's key figures. */
export function summarySection(data: ReportData): ReportBlock[] {
  const period = `${isoDay(data.fromDay)} to ${isoDay(data.toDay)}`;
  const score = healthScore({ today: data.today, series: data.series, labs: data.labsForScore });
  const rows: string[][] = [];
  for (const kind of KEY_KINDS) {
    const series = data.series.get(kind);
    if (!series) continue;
    const values = series.days.flatMap((d, i) =>
      d >= data.fromDay && d <= data.toDay ? [series.values[i]!] : [],
    );
    if (values.length === 0) continue;
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    rows.push([getMetric(kind)?.label ?? kind, formatValue(kind, mean, data.units), String(values.length)]);
  }
  return [
    { type: 'text', text: `Report for ${data.person}, covering ${period} (times in ${data.zone}).` },
    ...scoreBlocks(score, sourcesOf(data, [...data.series.keys()])),
    rows.length > 0
      ? {
          type: 'table',
          caption: `Key figures, daily means over ${period}`,
          columns: ['Measure', 'Mean', 'Days with data'],
          rows,
          source: sourcesOf(data, KEY_KINDS),
        }
      : { type: 'text', text: `No daily measurements in ${period}.` },
  ];
}

const SEVERITY = { critical: 'Critical', warning: 'Warning', info: 'Info' } as const;

/** The insights standing now (not dismissed), most severe first, each with the window it rests on. */
export function insightsSection(data: ReportData): ReportBlock[] {
  const standing = data.insights.filter((i) => i.dismissedAt === null);
  if (standing.length === 0) return [{ type: 'text', text: 'No standing insights.' }];
  const order = { critical: 0, warning: 1, info: 2 };
  const sorted = [...standing].sort((a, b) => order[a.severity] - order[b.severity]);
  return [
    {
      type: 'table',
      caption: 'Insights found in your data',
      columns: ['Severity', 'Insight', 'What it rests on', 'Window'],
      rows: sorted.map((i) => [
        SEVERITY[i.severity],
        `${i.title}. ${i.description}`,
        i.relatedMetrics.map((m) => getMetric(m)?.label ?? m).join(', '),
        `${i.window.from} to ${i.window.to}`,
      ]),
      flagged: sorted.flatMap((i, n) => (i.severity === 'info' ? [] : [n])),
      source: 'Source: Healthfolio insights computed from your own data, as of the report date',
    },
  ];
}

/** Goals with their current progress and streaks. */
export function goalsSection(data: ReportData): ReportBlock[] {
  if (data.goals.length === 0) return [{ type: 'text', text: 'No goals set.' }];
  return [
    {
      type: 'table',
      caption: 'Goals and progress',
      columns: ['Goal', 'Target', 'Current', 'Progress', 'Streak', 'Set on'],
      rows: data.goals.map((g) => [
        g.title,
        `${g.direction === 'at_least' ? 'at least' : 'at most'} ${formatValue(g.metric, g.target, data.units)} (${g.period.replace('_', ' ')})`,
        g.progress.current === null ? '–' : formatValue(g.metric, g.progress.current, data.units),
        `${Math.round(g.progress.percent)} %${g.progress.met ? ', met' : ''}`,
        `${g.progress.streak} (best ${g.progress.bestStreak})`,
        g.createdAt.slice(0, 10),
      ]),
      source: sourcesOf(
        data,
        data.goals.map((g) => g.metric),
      ),
    },
  ];
}
