import type { Locator, Page } from '@playwright/test';

/** /settings: one named region per section, the "Saved" snackbar and the delete-account dialog. */
export class SettingsPage {
  readonly heading: Locator;
  readonly profile: Locator;
  readonly password: Locator;
  readonly notifications: Locator;
  readonly privacy: Locator;
  readonly dataSharing: Locator;
  readonly preferences: Locator;
  readonly sandboxData: Locator;
  readonly sourcePriority: Locator;
  readonly securityActivity: Locator;
  readonly yourData: Locator;
  readonly saved: Locator;
  readonly deleteDialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Settings' });
    const section = (name: string) => page.getByRole('region', { name, exact: true });
    this.profile = section('Profile');
    this.password = section('Password');
    this.notifications = section('Notifications');
    this.privacy = section('Privacy');
    this.dataSharing = section('Data sharing');
    this.preferences = section('Preferences');
    this.sandboxData = section('Sandbox data');
    this.sourcePriority = section('Source priority');
    this.securityActivity = section('Security activity');
    this.yourData = section('Your data');
    this.saved = page.getByRole('status').filter({ hasText: /^Saved$/ });
    this.deleteDialog = page.getByRole('dialog', { name: 'Delete your account?' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/settings');
    await this.profile.waitFor();
  }

  /** A setting's on/off switch, by its label. */
  switch(label: string): Locator {
    return this.page.getByRole('switch', { name: label });
  }

  /** Turns "Include sandbox data" on or off and waits for the server to have made the days again. */
  async includeSandboxData(on: boolean): Promise<void> {
    await this.goto();
    const toggle = this.switch('Include sandbox data');
    if (on) await toggle.check();
    else await toggle.uncheck();
    await this.saved.waitFor();
  }

  async saveName(name: string): Promise<void> {
    await this.profile.getByLabel('Name').fill(name);
    await this.profile.getByRole('button', { name: 'Save name' }).click();
  }

  async changePassword(current: string, next: string): Promise<void> {
    await this.password.getByLabel('Current password').fill(current);
    await this.password.getByLabel('New password').fill(next);
    await this.password.getByRole('button', { name: 'Change password' }).click();
  }

  async choose(
    label: 'Language' | 'Theme' | 'Units' | 'Time zone' | 'Sign out after inactivity',
    option: string,
  ) {
    await this.page.getByLabel(label, { exact: true }).selectOption({ label: option });
  }

  /** Starts the export in `format` and returns the browser's download. */
  async exportData(format: 'JSON' | 'CSV (zip)' | 'FHIR') {
    await this.yourData.getByRole('radio', { name: format }).check();
    const download = this.page.waitForEvent('download');
    await this.yourData.getByRole('button', { name: 'Export my data' }).click();
    return download;
  }

  /** The metric's source streams in the "Source priority" section, best first. */
  priorityList(label: string): Locator {
    return this.sourcePriority.getByRole('list', { name: `Sources of ${label}, first wins` });
  }

  async deleteAccount(email: string): Promise<void> {
    await this.yourData.getByRole('button', { name: 'Delete account' }).click();
    await this.deleteDialog.getByLabel('Type your email to confirm').fill(email);
    await this.deleteDialog.getByRole('button', { name: 'Delete my account' }).click();
  }
}
