import type { Locator, Page } from '@playwright/test';

/**
 * /dashboard: today at a glance (cards by `overview-<kind>` test id), every metric's card by category,
 * and the "Add a measurement" dialog; a card leads to its metric page (/metrics/:kind) and its chart.
 */
export class DashboardPage {
  readonly main: Locator;
  readonly heading: Locator;
  readonly emptyState: Locator;
  readonly addButton: Locator;
  readonly dialog: Locator;
  readonly snackbar: Locator;

  constructor(readonly page: Page) {
    this.main = page.locator('main#main-content');
    this.heading = page.getByRole('heading', { level: 1 });
    this.emptyState = page.getByRole('heading', { name: 'No health data yet' });
    this.addButton = this.main.getByRole('button', { name: 'Add a measurement' });
    this.dialog = page.getByRole('dialog', { name: 'Add a measurement' });
    this.snackbar = page.getByText('Measurement saved');
  }

  async goto(): Promise<void> {
    await this.page.goto('/dashboard');
    await this.heading.waitFor();
  }

  /** The card of one metric in "All your metrics", by its label ("Weight", "LDL cholesterol"). */
  card(label: string): Locator {
    return this.main.getByRole('article', { name: label, exact: true });
  }

  /** A card of the overview at the top: `today-steps`, `sleep`, `resting_heart_rate`, `weight`, `goal`. */
  overviewCard(id: string): Locator {
    return this.main.getByTestId(`overview-${id}`);
  }

  /** The chart section of a metric's page. */
  chart(label: string): Locator {
    return this.main.getByRole('region', { name: `${label} over time` });
  }

  /** Opens a metric's page from its card, as a tap on the card does, and answers its chart. */
  async openChart(label: string): Promise<Locator> {
    await this.card(label).getByRole('link', { name: label, exact: true }).click();
    await this.page.waitForURL(/\/metrics\//);
    return this.chart(label);
  }

  /** Fills the dialog as a person would: choose the type, type the value, pick a unit, save. */
  async addMeasurement(entry: { type: string; value: string; unit?: string }): Promise<void> {
    await this.addButton.click();
    await this.dialog.getByRole('combobox', { name: 'Type' }).click();
    await this.page.getByRole('option', { name: entry.type, exact: true }).click();
    await this.dialog.getByRole('textbox', { name: 'Value' }).fill(entry.value);
    if (entry.unit) {
      await this.dialog.getByRole('combobox', { name: 'Unit' }).click();
      await this.page.getByRole('option', { name: entry.unit, exact: true }).click();
    }
    await this.dialog.getByRole('button', { name: 'Save' }).click();
  }
}
