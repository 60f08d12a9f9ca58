import type { Locator, Page } from '@playwright/test';

/** /insights: Refresh, the type and severity filters, and one card per insight. */
export class InsightsPage {
  readonly main: Locator;
  readonly heading: Locator;
  readonly refreshButton: Locator;
  readonly typeFilter: Locator;
  readonly severityFilter: Locator;
  readonly cards: Locator;
  readonly emptyState: Locator;
  readonly noMatch: Locator;

  constructor(readonly page: Page) {
    this.main = page.locator('main#main-content');
    this.heading = page.getByRole('heading', { level: 1, name: 'Insights' });
    this.refreshButton = this.main.getByRole('button', { name: /^Refresh/ });
    this.typeFilter = this.main.getByRole('combobox', { name: 'Type' });
    this.severityFilter = this.main.getByRole('combobox', { name: 'Severity' });
    this.cards = this.main.getByRole('article');
    this.emptyState = this.main.getByRole('heading', { name: 'No insights yet' });
    this.noMatch = this.main.getByRole('heading', { name: 'No insights match these filters' });
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/insights${query}`);
    await this.heading.waitFor();
  }

  /** Runs the engine now and waits until it has answered. */
  async refresh(): Promise<void> {
    await this.refreshButton.click();
    await this.page.getByRole('button', { name: 'Refresh', exact: true }).waitFor();
  }

  /** The cards whose title matches. */
  card(title: string | RegExp): Locator {
    return this.cards.filter({ has: this.page.getByRole('heading', { name: title }) });
  }

  /** The cards with this chip: a type ("Trend") or a severity ("Warning"). */
  tagged(chip: string): Locator {
    return this.cards.filter({ has: this.page.getByText(chip, { exact: true }) });
  }

  async filterByType(label: string): Promise<void> {
    await this.typeFilter.click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }

  async filterBySeverity(label: string): Promise<void> {
    await this.severityFilter.click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }

  async dismiss(card: Locator): Promise<void> {
    await card.getByRole('button', { name: /^Dismiss/ }).click();
  }
}
