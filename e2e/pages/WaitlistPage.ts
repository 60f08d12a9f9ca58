import type { Locator, Page } from '@playwright/test';

/** The /waitlist page. */
export class WaitlistPage {
  readonly email: Locator;
  readonly name: Locator;
  readonly submit: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email');
    this.name = page.getByLabel('Name (optional)');
    this.submit = page.getByRole('button', { name: 'Join the waitlist' });
    this.alert = page.getByRole('alert');
  }

  async goto(): Promise<void> {
    await this.page.goto('/waitlist');
  }

  async join(email: string, name?: string): Promise<void> {
    await this.email.fill(email);
    if (name) await this.name.fill(name);
    await this.submit.click();
  }
}
