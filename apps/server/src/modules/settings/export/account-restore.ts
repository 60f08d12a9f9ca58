import { randomUUID } from 'node:crypto';
import {
  getMetric,
  goalDirections,
  goalPeriods,
  userDataSourcesSchema,
  userSettingsPatchSchema,
} from '@healthfolio/core';
import type { AccountRestore, RestoredGoal } from '@healthfolio/importers';
import type { AccountService } from '../../account';
import type { GoalRow, GoalsRepository } from '../../goals';
import type { UserDataSourcesRepository } from '../../user';

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);

/**
 * Applies what a Healthfolio export brings besides samples and clinical records (README.md, "Export and
 * import"): its settings as a settings change (validated like one), its data sources added to the
 * account's, its goals added unless the account has an equal one. Applying the same parts again
 * changes nothing, so a second import of the file, or a resumed one, adds no goal twice.
 */
export class AccountRestorer {
  constructor(
    private readonly deps: {
      account: Pick<AccountService, 'updateSettings'>;
      goals: GoalsRepository;
      dataSources: UserDataSourcesRepository;
      now: () => number;
    },
  ) {}

  async apply(userId: string, parts: readonly AccountRestore[]): Promise<void> {
    for (const part of parts) {
      if (part.settings) {
        const patch = userSettingsPatchSchema.safeParse(part.settings);
        if (patch.success) await this.deps.account.updateSettings(userId, patch.data);
      }
      if (part.dataSources) await this.addDataSources(userId, part.dataSources);
      if (part.goals) await this.addGoals(userId, part.goals);
    }
  }

  private async addDataSources(userId: string, kinds: readonly string[]): Promise<void> {
    const known = userDataSourcesSchema.safeParse({ dataSources: kinds });
    if (!known.success) return;
    const current = await this.deps.dataSources.list(userId);
    const added = known.data.dataSources.filter((kind) => !current.includes(kind));
    if (added.length === 0) return;
    await this.deps.dataSources.replace(userId, [...current, ...new Set(added)], this.deps.now());
  }

  private async addGoals(userId: string, goals: readonly RestoredGoal[]): Promise<void> {
    const existing = await this.deps.goals.list(userId);
    const now = this.deps.now();
    for (const goal of goals) {
      const row = toRow(userId, goal, now);
      if (!row || existing.some((e) => sameGoal(e, row))) continue;
      await this.deps.goals.insert(row);
      existing.push(row);
    }
  }
}

function toRow(userId: string, goal: RestoredGoal, now: number): GoalRow | undefined {
  if (!getMetric(goal.metric)) return undefined;
  if (!(goalDirections as readonly string[]).includes(goal.direction)) return undefined;
  if (!(goalPeriods as readonly string[]).includes(goal.period)) return undefined;
  if (goal.period === 'by_date' && !goal.deadline) return undefined;
  const created = dayNumber(goal.created);
  if (!Number.isFinite(created)) return undefined;
  const deadline = goal.deadline ? dayNumber(goal.deadline) : null;
  return {
    id: randomUUID(),
    user_id: userId,
    title: goal.title.slice(0, 120),
    metric: goal.metric,
    target: goal.target,
    direction: goal.direction,
    period: goal.period,
    deadline_day: deadline !== null && Number.isFinite(deadline) ? deadline : null,
    start_value: goal.startValue,
    created_day: created,
    created_at: created * DAY_MS,
    updated_at: now,
    reminded_day: null,
    achieved_period: null,
  };
}

const sameGoal = (a: GoalRow, b: GoalRow) =>
  a.title === b.title &&
  a.metric === b.metric &&
  a.target === b.target &&
  a.direction === b.direction &&
  a.period === b.period &&
  a.deadline_day === b.deadline_day;
