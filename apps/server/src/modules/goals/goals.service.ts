import { randomUUID } from 'node:crypto';
import {
  defaultGoalTitle,
  getMetric,
  toCanonical,
  UnitError,
  type Goal,
  type GoalInput,
} from '@healthfolio/core';
import { goalProgress, type DailySeries } from '@healthfolio/insights';
import { AppError, notFound } from '../../http/errors';
import { type SamplesQuery, dateToDay, localDayIn } from '../metrics';
import { presentGoal, toGoalSpec } from './goal-spec';
import type { GoalRow, GoalsRepository } from './goals.repository';

/** Days of history read for progress: streaks and predictions look back at most this far. */
export const GOAL_HISTORY_DAYS = 400;

/** Goals on any metric kind, with progress, streaks and predictions computed from the daily rollups. */
export class GoalsService {
  constructor(
    private readonly goals: GoalsRepository,
    private readonly samples: Pick<SamplesQuery, 'timeZone' | 'dailySeries'>,
    private readonly now: () => number,
  ) {}

  async list(userId: string): Promise<Goal[]> {
    const rows = await this.goals.list(userId);
    if (rows.length === 0) return [];
    const { today, series } = await this.context(userId, [...new Set(rows.map((r) => r.metric))]);
    return rows.map((row) => this.present(row, series.get(row.metric), today));
  }

  async create(userId: string, input: GoalInput): Promise<Goal> {
    const { today, series } = await this.context(userId, [input.metric]);
    const fields = this.fields(input, series);
    const at = this.now();
    const row: GoalRow = {
      id: randomUUID(),
      user_id: userId,
      ...fields,
      created_day: today,
      created_at: at,
      updated_at: at,
      reminded_day: null,
      achieved_period: null,
    };
    await this.goals.insert(row);
    return this.present(row, series.get(row.metric), today);
  }

  async update(userId: string, id: string, input: GoalInput): Promise<Goal> {
    const existing = await this.goals.get(userId, id);
    if (!existing) throw notFound('Goal');
    const { today, series } = await this.context(userId, [input.metric]);
    const fields = this.fields(input, series);
    // A goal moved to another metric or period starts from the value of today.
    const restart = fields.metric !== existing.metric || fields.period !== existing.period;
    const values = {
      ...fields,
      start_value: restart ? fields.start_value : existing.start_value,
      updated_at: this.now(),
    };
    await this.goals.update(userId, id, values);
    return this.present({ ...existing, ...values }, series.get(fields.metric), today);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.goals.remove(userId, id))) throw notFound('Goal');
  }

  private fields(input: GoalInput, series: ReadonlyMap<string, DailySeries>) {
    let target: number;
    try {
      target = toCanonical(input.metric, input.target, input.unit).value;
    } catch (error) {
      if (error instanceof UnitError) throw new AppError('validation', `unit: ${error.message}`);
      throw error;
    }
    const deadline = input.period === 'by_date' && input.deadline ? input.deadline : null;
    const latest = series.get(input.metric);
    return {
      metric: input.metric,
      target,
      direction: input.direction,
      period: input.period,
      deadline_day: deadline === null ? null : dateToDay(deadline),
      start_value: latest && latest.values.length > 0 ? latest.values[latest.values.length - 1]! : null,
      title:
        input.title ??
        defaultGoalTitle(
          input.metric,
          input.target,
          input.unit ?? getMetric(input.metric)?.unit ?? '',
          input.direction,
          input.period,
          deadline,
        ),
    };
  }

  private present(row: GoalRow, series: DailySeries | undefined, today: number): Goal {
    return presentGoal(row, goalProgress(toGoalSpec(row), series, today));
  }

  /** Today in the user's zone and the daily series of the goals' metrics. */
  private async context(userId: string, kinds: readonly string[]) {
    const zone = (await this.samples.timeZone(userId)) ?? 'UTC';
    const today = localDayIn(zone, this.now());
    const series = await this.samples.dailySeries(userId, today - GOAL_HISTORY_DAYS, today, kinds);
    return { today, series };
  }
}
