import type { Locator, Page } from '@playwright/test';

/** /forgot-password and /reset-password?code=… */
export class PasswordResetPages {
  readonly email: Locator;
  readonly sendLink: Locator;
  readonly newPassword: Locator;
  readonly setPassword: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email');
    this.sendLink = page.getByRole('button', { name: 'Send reset link' });
    this.newPassword = page.getByLabel('New password');
    this.setPassword = page.getByRole('button', { name: 'Set new password' });
    this.alert = page.getByRole('alert');
  }

  async requestReset(email: string): Promise<void> {
    await this.page.goto('/forgot-password');
    await this.email.fill(email);
    await this.sendLink.click();
  }

  async setNewPassword(code: string, password: string): Promise<void> {
    await this.page.goto(`/reset-password?code=${encodeURIComponent(code)}`);
    await this.newPassword.fill(password);
    await this.setPassword.click();
  }
}
