import type { Locator, Page } from '@playwright/test';

/** The /login page: email and password, "Sign in", the error alert and the reset link. */
export class LoginPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly errorAlert: Locator;
  readonly forgotPassword: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel('Email');
    this.password = page.getByLabel('Password');
    this.submit = page.getByRole('main').getByRole('button', { name: 'Sign in' });
    this.errorAlert = page.getByRole('alert');
    this.forgotPassword = page.getByRole('link', { name: 'Forgot password?' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/login');
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
}
