import { randomUUID } from 'node:crypto';
import type { Insight, InsightsQuery } from '@healthfolio/core';
import { runInsights, type EngineInput, type Finding } from '@healthfolio/insights';
import { notFound } from '../../http/errors';
import { type GoalsRepository, toGoalSpec } from '../goals';
import { type SamplesQuery, DAY_MS, localDayIn } from '../metrics';
import type { InsightRow, InsightsRepository } from './insights.repository';
import { presentInsight } from './present';

/** Days of daily data the engine reads: a year for baselines and correlations, plus the recent window. */
export const ENGINE_DAYS = 400;
/** Lab results older than this no longer raise insights. */
const LAB_MAX_AGE_DAYS = 2 * 365;
const CGM_DAYS = 14;
/**
 * Days of data before "No insights yet" stops asking for more: a trend needs 14 days (packages/insights
 * MIN_TREND_DAYS), the baseline of an unusual day 28, a correlation 30 paired days.
 */
export const DAYS_FOR_FIRST_INSIGHTS = 14;

export interface RunResult {
  /**
   * Insights that are new, or whose severity rose, and are not dismissed: what an alert tells. Never one
   * about the day in progress (a finding marked `partial`, "today so far"): by evening it says otherwise.
   */
  fresh: Insight[];
  /** Standing (not dismissed) insights after the run. */
  standing: number;
}

/**
 * Runs the engine over one user's data and keeps its findings: the same finding (same key) updates
 * its insight instead of adding another, a dismissed one stays dismissed, and one that no longer
 * holds is removed.
 */
export class InsightsService {
  constructor(
    private readonly insights: InsightsRepository,
    private readonly samples: Pick<
      SamplesQuery,
      | 'timeZone'
      | 'language'
      | 'includesSandbox'
      | 'dailySeries'
      | 'labResults'
      | 'glucoseReadings'
      | 'daysWithData'
    >,
    private readonly goals: GoalsRepository,
    private readonly now: () => number,
  ) {}

  async list(userId: string, query: InsightsQuery): Promise<Insight[]> {
    const rows = await this.insights.list(userId, {
      ...(query.type !== 'all' ? { type: query.type } : {}),
      ...(query.severity !== 'all' ? { severity: query.severity } : {}),
    });
    return rows.map(presentInsight);
  }

  /** Days with data in the engine's window against the days the first insights need. */
  async coverage(userId: string): Promise<{ dataDays: number; daysNeeded: number }> {
    const zone = (await this.samples.timeZone(userId)) ?? 'UTC';
    const today = localDayIn(zone, this.now());
    const dataDays = await this.samples.daysWithData(userId, today - ENGINE_DAYS);
    return { dataDays, daysNeeded: DAYS_FOR_FIRST_INSIGHTS };
  }

  async dismiss(userId: string, id: string): Promise<Insight> {
    const row = await this.insights.get(userId, id);
    if (!row) throw notFound('Insight');
    const at = row.dismissed_at ?? this.now();
    if (row.dismissed_at === null) await this.insights.dismiss(userId, id, at);
    return presentInsight({ ...row, dismissed_at: at });
  }

  /**
   * Reads what the engine needs; kept apart from `run` so the bench can time the engine alone. `today`
   * is the local day of `now` in the person's profile zone (UTC without one): the day in progress, which
   * the engine never compares as a whole day.
   */
  async input(userId: string): Promise<EngineInput> {
    const zone = (await this.samples.timeZone(userId)) ?? 'UTC';
    const at = this.now();
    const today = localDayIn(zone, at);
    // Merged days leave sandbox data out already; the readings read from samples do it here.
    const sandbox = { excludeSandbox: !(await this.samples.includesSandbox(userId)) };
    const [series, labs, glucoseReadings, goals, language] = await Promise.all([
      this.samples.dailySeries(userId, today - ENGINE_DAYS, today),
      this.samples.labResults(userId, at - LAB_MAX_AGE_DAYS * DAY_MS, sandbox),
      this.samples.glucoseReadings(userId, at - CGM_DAYS * DAY_MS, sandbox),
      this.goals.list(userId),
      this.samples.language(userId),
    ]);
    return {
      today,
      series,
      labs,
      glucoseReadings,
      goals: goals.map(toGoalSpec),
      ...(language ? { language } : {}),
    };
  }

  async run(userId: string): Promise<RunResult> {
    const findings = dedupe(runInsights(await this.input(userId)));
    const at = this.now();
    const existing = new Map((await this.insights.all(userId)).map((row) => [row.key, row]));
    const fresh: Insight[] = [];
    let standing = 0;
    for (const finding of findings) {
      const old = existing.get(finding.key);
      existing.delete(finding.key);
      const values = toValues(finding, at);
      if (old) {
        await this.insights.update(userId, old.id, values);
        if (old.dismissed_at !== null) continue;
        standing++;
        if (alertable(finding) && rank(finding.severity) > rank(old.severity))
          fresh.push(presentInsight({ ...old, ...values }));
      } else {
        const row: InsightRow = {
          id: randomUUID(),
          user_id: userId,
          key: finding.key,
          ...values,
          created_at: at,
          dismissed_at: null,
          alerted_at: null,
        };
        await this.insights.insert(row);
        standing++;
        if (alertable(finding)) fresh.push(presentInsight(row));
      }
    }
    // Findings that no longer hold go; dismissed ones stay, so they stay dismissed if they come back.
    const gone = [...existing.values()].filter((row) => row.dismissed_at === null).map((row) => row.id);
    await this.insights.remove(userId, gone);
    await this.insights.markRun(userId, at);
    return { fresh, standing };
  }

  /** Whether the engine has ever run for the person (a first visit runs it). */
  hasRun(userId: string): Promise<boolean> {
    return this.insights.hasRun(userId);
  }

  async markAlerted(userId: string, ids: readonly string[]): Promise<void> {
    await this.insights.markAlerted(userId, ids, this.now());
  }
}

/** A finding about the day so far is shown, never mailed. */
const alertable = (finding: Finding) => finding.partial !== true;

const rank = (severity: string) => (severity === 'critical' ? 2 : severity === 'warning' ? 1 : 0);

/** Two rules naming one finding the same would fight over one row; the first wins. */
function dedupe(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => !seen.has(f.key) && !!seen.add(f.key));
}

function toValues(finding: Finding, at: number) {
  return {
    type: finding.type,
    severity: finding.severity,
    title: finding.title,
    description: finding.description,
    evidence: finding.evidence ?? '',
    actionable: finding.actionable ? 1 : 0,
    recommendations: JSON.stringify(finding.recommendations),
    related_metrics: JSON.stringify(finding.relatedMetrics),
    window_from: finding.window.from,
    window_to: finding.window.to,
    figures: JSON.stringify(finding.values),
    series: JSON.stringify(finding.series),
    updated_at: at,
  };
}
