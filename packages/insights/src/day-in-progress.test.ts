import { describe, expect, it } from 'vitest';
import type { DailySeries, EngineInput, Finding, GoalSpec } from './types';
import { runInsights } from './engine';
import { anomalyRule } from './anomaly';
import { correlationRule } from './correlation';
import { goalProgressRule } from './goal-progress';
import { recommendationRule } from './recommendation';
import { trendRule } from './trend';
import { isoDay } from './shared/days';
import { todayAt } from './test-support/clock';
import { engineInput } from './test-support/input';
import { ada } from './test-support/personas';
import { logNormal, mulberry32 } from './test-support/random';
import { TODAY, series } from './test-support/series';

/**
 * Ben's steps: 120 ordinary days of about 9,000 ending on `lastDay`, which holds only `last` — at 8 am
 * the steps so far, or the whole of a day spent in bed.
 */
function steps(lastDay: number, last: number): DailySeries {
  const random = mulberry32(7);
  return series('steps', 120, (i) => (i === 119 ? last : logNormal(random, 9000, 0.25)), lastDay);
}

/** The same input with every series' value on `day` replaced (or removed, with null). */
function withDay(input: EngineInput, day: number, value: (old: number, kind: string) => number | null) {
  const series = new Map<string, DailySeries>();
  for (const [kind, item] of input.series) {
    const days: number[] = [];
    const values: number[] = [];
    item.days.forEach((d, i) => {
      const next = d === day ? value(item.values[i]!, kind) : item.values[i]!;
      if (next === null) return;
      days.push(d);
      values.push(next);
    });
    series.set(kind, { ...item, days, values });
  }
  return { ...input, series };
}

const anomalies = (findings: Finding[]) => findings.filter((finding) => finding.type === 'anomaly');

describe('the day in progress', () => {
  it('at 08:00 with 300 steps so far against a usual 9,000: no anomaly, nothing about today', () => {
    const today = todayAt('2026-06-30T08:00:00+02:00', 'Europe/Berlin');
    expect(today).toBe(TODAY);
    const findings = runInsights(engineInput({ today, series: [steps(today, 300)] }));
    expect(anomalies(findings)).toEqual([]);
    expect(findings.filter((finding) => finding.window.to >= today)).toEqual([]);
  });

  it('flags the same 300 steps once the day is over, as a whole day, the next morning', () => {
    const today = todayAt('2026-07-01T08:00:00+02:00', 'Europe/Berlin');
    expect(today).toBe(TODAY + 1);
    const history = steps(TODAY, 300);
    const input = engineInput({
      today,
      series: [{ ...history, days: [...history.days, today], values: [...history.values, 250] }],
    });
    const found = anomalies(runInsights(input));
    expect(found.map((finding) => finding.key)).toEqual(['anomaly:steps:2026-06-30']);
    const [finding] = found;
    expect(finding!.severity).toBe('warning');
    expect(finding!.title).toBe('Steps unusually low on 30 Jun: 300 steps');
    expect(finding!.window).toEqual({ from: TODAY - 96, to: TODAY });
    expect(finding!.values).toMatchObject({
      value: 300,
      day: '2026-06-30',
      flaggedDays: 1,
      baselineDays: 90,
    });
    expect(finding!.series[0]!.highlight).toEqual(['2026-06-30']);
    expect(finding!.series[0]!.points.map((point) => point.day)).not.toContain(isoDay(today));
  });

  it('depends on the zone: at one instant Tokyo’s 30 June is over and New York’s is not', () => {
    // 23:30 UTC: 19:30 on 30 June in New York, 08:30 on 1 July in Tokyo. Both walked 300 steps on 30 June.
    const instant = '2026-06-30T23:30:00Z';
    const newYork = todayAt(instant, 'America/New_York');
    const tokyo = todayAt(instant, 'Asia/Tokyo');
    expect([newYork, tokyo]).toEqual([TODAY, TODAY + 1]);
    const history = steps(TODAY, 300);
    expect(anomalyRule(engineInput({ today: newYork, series: [history] }))).toEqual([]);
    const found = anomalyRule(engineInput({ today: tokyo, series: [history] }));
    expect(found.map((finding) => [finding.key, finding.severity])).toEqual([
      ['anomaly:steps:2026-06-30', 'warning'],
    ]);
  });

  it('never feeds a trend: the trend ends yesterday and is the same whatever today holds so far', () => {
    const random = mulberry32(2);
    // 9,000 steps a day falling 20 a day over 90 days; today 300 so far.
    const falling = series('steps', 90, (i) => (i === 89 ? 300 : logNormal(random, 9000 - 20 * i, 0.15)));
    const input = engineInput({ series: [falling] });
    const [trend, ...rest] = trendRule(input);
    expect(rest).toEqual([]);
    expect(trend!.key).toBe('trend:steps:down');
    expect(trend!.window).toEqual({ from: TODAY - 90, to: TODAY - 1 });
    expect(trend!.values.n).toBe(89);
    expect(trend!.series[0]!.points.at(-1)!.day).toBe(isoDay(TODAY - 1));
    expect(trendRule(withDay(input, TODAY, () => null))).toEqual([trend]);
    expect(trendRule(withDay(input, TODAY, () => 1))).toEqual([trend]);
  });

  it('never feeds a correlation: today’s partial totals of two kinds do not pass for a link', () => {
    // Independent steps and active calories; today both are small so far. Each run has one partial
    // day, but run after run it is always the latest one: the rule gives the same answer without it.
    const random = mulberry32(3);
    const input = engineInput({
      series: [
        series('steps', 200, (i) => (i === 199 ? 400 : logNormal(random, 9000, 0.3))),
        series('active_calories_burned', 200, (i) => (i === 199 ? 20 : logNormal(random, 450, 0.3))),
      ],
    });
    expect(correlationRule(input)).toEqual([]);
    expect(correlationRule(withDay(input, TODAY, () => null))).toEqual([]);
    const planted = correlationPlanted();
    const [finding] = correlationRule(planted);
    expect(finding!.window).toEqual({ from: TODAY - 365, to: TODAY - 1 });
    expect(correlationRule(withDay(planted, TODAY, (old) => old / 10))).toEqual(correlationRule(planted));
  });

  it('averages whole days only for recommendations: 5,300 steps a day and 300 so far is no advice', () => {
    // Counting today would make it (13 × 5,300 + 300) / 14 = 4,943, under the 5,000 of the advice.
    const input = engineInput({ series: [series('steps', 15, (i) => (i === 14 ? 300 : 5300))] });
    expect(recommendationRule(input)).toEqual([]);
    const low = engineInput({ series: [series('steps', 15, (i) => (i === 14 ? 9000 : 4000))] });
    const [advice] = recommendationRule(low);
    expect(advice!.key).toBe('recommendation:steps:below_5000');
    expect(advice!.values).toMatchObject({ average: 4000, days: 14 });
    expect(advice!.window).toEqual({ from: TODAY - 14, to: TODAY - 1 });
  });

  it('tells goal progress so far without counting today as missed, or as met while it can still change', () => {
    const calories: GoalSpec = {
      id: 'kcal',
      title: 'At most 2,000 kcal a day',
      metric: 'nutrition_calories',
      target: 2000,
      direction: 'at_most',
      period: 'daily',
      deadline: null,
      createdDay: TODAY - 60,
      startValue: null,
    };
    // Ten days under 2,000, and 300 kcal by breakfast today.
    const eaten = series('nutrition_calories', 11, (i) => (i === 10 ? 300 : 1800));
    const [finding] = goalProgressRule(engineInput({ series: [eaten], goals: [calories] }));
    expect(finding!.title).toBe('10 of the last 10 days at or below 2,000 kcal; streak 10 days');
    expect(finding!.description).toBe(
      'Today so far: 300 kcal (100 % of the way, within your target for now). Your best streak is 10 days.',
    );
    expect(finding!.values).toMatchObject({ streak: 10, bestStreak: 10, current: 300 });
    expect(finding!.partial).toBe(true);
    expect(finding!.severity).toBe('info');
  });

  it('leaves every finding but the ones about today so far, and this morning’s weigh-in, unchanged by today’s data', () => {
    const input = ada();
    const strip = (findings: Finding[]) =>
      findings.filter((finding) => !finding.partial && !finding.key.endsWith(':ada-weight'));
    const before = strip(runInsights(input));
    expect(before.map((finding) => finding.key)).toEqual([
      'anomaly:lab:vitamin_d',
      'recommendation:labs:talk_to_clinician',
      'trend:resting_heart_rate:up',
      'correlation:exercise_minutes:sleep_duration',
      'recommendation:resting_heart_rate:rising',
    ]);
    expect(strip(runInsights(withDay(input, TODAY, (old) => old * 0.3)))).toEqual(before);
    expect(strip(runInsights(withDay(input, TODAY, () => null)))).toEqual(before);
  });
});

/** Exercise on day d costs sleep on d + 1 (the correlation rule's planted pair), 200 days. */
function correlationPlanted(): EngineInput {
  const random = mulberry32(1);
  const exercise = Array.from({ length: 200 }, () => Math.max(0, 45 + 25 * (random() * 2 - 1) * 1.7));
  return engineInput({
    series: [
      series('exercise_minutes', 200, (i) => exercise[i]!),
      series(
        'sleep_duration',
        200,
        (i) => 7.6 - 0.01 * (i > 0 ? exercise[i - 1]! : 45) + 0.4 * (random() - 0.5),
      ),
    ],
  });
}
