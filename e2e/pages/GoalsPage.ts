import type { Locator, Page } from '@playwright/test';

export interface GoalEntry {
  metric: string;
  target: string;
  /** As the unit menu lists it: "lb", "kg", "steps". */
  unit?: string;
  direction?: 'At least' | 'At most';
  period?: 'Daily' | 'Weekly' | 'By a date';
  deadline?: string;
  title?: string;
}

/** /goals: the goal cards, the create/edit dialog and the delete confirmation. */
export class GoalsPage {
  readonly main: Locator;
  readonly heading: Locator;
  readonly emptyState: Locator;
  readonly createFirstButton: Locator;
  readonly newGoalButton: Locator;
  readonly dialog: Locator;
  readonly deleteDialog: Locator;
  readonly cards: Locator;

  constructor(readonly page: Page) {
    this.main = page.locator('main#main-content');
    this.heading = page.getByRole('heading', { level: 1, name: 'Goals' });
    this.emptyState = this.main.getByRole('heading', { name: 'No goals yet' });
    this.createFirstButton = this.main.getByRole('button', { name: 'Create your first goal' });
    this.newGoalButton = this.main.getByRole('button', { name: 'New goal' });
    this.dialog = page.getByRole('dialog', { name: /^(New goal|Edit goal)$/ });
    this.deleteDialog = page.getByRole('dialog', { name: 'Delete this goal?' });
    this.cards = this.main.getByRole('article');
  }

  async goto(): Promise<void> {
    await this.page.goto('/goals');
    await this.heading.waitFor();
  }

  /** The card of one goal, by the name it shows ("10,000 steps a day"). */
  card(name: string): Locator {
    return this.main.getByRole('article', { name, exact: true });
  }

  /** Fills the open dialog as a person would: type to find the metric, pick it, type the target, choose. */
  async fill(goal: Partial<GoalEntry>): Promise<void> {
    if (goal.metric) {
      const metric = this.dialog.getByRole('combobox', { name: 'Metric' });
      await metric.fill(goal.metric);
      await this.page.getByRole('option', { name: goal.metric, exact: true }).click();
    }
    if (goal.target !== undefined)
      await this.dialog.getByRole('textbox', { name: 'Target' }).fill(goal.target);
    if (goal.unit) {
      await this.dialog.getByRole('combobox', { name: 'Unit' }).click();
      await this.page.getByRole('option', { name: goal.unit, exact: true }).click();
    }
    if (goal.direction) await this.dialog.getByRole('radio', { name: goal.direction }).check();
    if (goal.period) await this.dialog.getByRole('radio', { name: goal.period }).check();
    if (goal.deadline) await this.dialog.getByLabel(/Reach it by/).fill(goal.deadline);
    if (goal.title !== undefined)
      await this.dialog.getByRole('textbox', { name: 'Title (optional)' }).fill(goal.title);
  }

  async submit(): Promise<void> {
    await this.dialog.getByRole('button', { name: /^(Create goal|Save changes)$/ }).click();
  }

  async edit(card: Locator): Promise<void> {
    await card.getByRole('button', { name: /^Edit/ }).click();
  }

  async delete(card: Locator): Promise<void> {
    await card.getByRole('button', { name: /^Delete/ }).click();
    await this.deleteDialog.getByRole('button', { name: 'Delete', exact: true }).click();
  }
}
