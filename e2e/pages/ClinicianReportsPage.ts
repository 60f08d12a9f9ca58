import type { Locator, Page } from '@playwright/test';

/** The Reports page (issue 23): the new-report form and the list of reports. */
export class ClinicianReportsPage {
  readonly heading: Locator;
  readonly emptyState: Locator;
  readonly generateButton: Locator;
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Reports', level: 1 });
    this.emptyState = page.getByText('No reports yet');
    this.generateButton = page.getByRole('button', { name: 'Generate report' });
    this.rows = page.getByTestId('report-row');
  }

  async goto() {
    await this.page.goto('/reports');
  }

  section(name: string): Locator {
    return this.page.getByRole('checkbox', { name });
  }
}
