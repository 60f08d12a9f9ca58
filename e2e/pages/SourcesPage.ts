import type { Locator, Page } from '@playwright/test';

type FileToChoose = string | { name: string; mimeType: string; buffer: Buffer };

/**
 * /data-sources: "Your sources" and "Connect a source" / "Add a source" (a card per source by category, search, connect / sync / disconnect
 * and their dialogs), "Import a file" (drop zone, upload progress, the import's card) and "Import history".
 */
export class SourcesPage {
  readonly heading: Locator;
  readonly importSection: Locator;
  readonly fileInput: Locator;
  readonly chooseButton: Locator;
  readonly uploadProgress: Locator;
  /** The import just started. */
  readonly importCard: Locator;
  /** The card's result once the import has succeeded: "Imported: 30 added, …". */
  readonly result: Locator;
  /** A file the server would not take. */
  readonly refusal: Locator;
  /** A lab or DEXA report read and waiting: "Review 4 results". */
  readonly reviewButton: Locator;
  /** Why the import stopped: a failed import's message on its card. */
  readonly failure: Locator;
  readonly history: Locator;
  readonly historyItems: Locator;
  /** The source cards by category. */
  readonly connectSection: Locator;
  readonly search: Locator;
  /** Password sign-in for Peloton and Eight Sleep. */
  readonly credentialsDialog: Locator;
  readonly disconnectDialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Sources' });
    this.importSection = page.getByRole('region', { name: 'Import a file', exact: true });
    this.fileInput = this.importSection.getByLabel('File to import');
    this.chooseButton = this.importSection.getByRole('button', { name: 'Choose file' });
    this.uploadProgress = this.importSection.getByRole('progressbar', { name: 'Upload progress' });
    this.importCard = this.importSection.getByTestId('import-card');
    this.result = this.importCard.getByRole('alert').filter({ hasText: /^Imported:/ });
    this.refusal = this.importSection.getByRole('alert').filter({ hasText: 'This file was not imported' });
    this.reviewButton = this.importCard.getByRole('button', { name: /^Review \d+ results?$/ });
    this.failure = this.importCard.getByRole('alert').filter({ hasNotText: /^Imported:/ });
    this.history = page.getByRole('region', { name: 'Import history', exact: true });
    this.historyItems = this.history.getByRole('listitem');
    // "Connect a source" for a person with no data yet; "Add a source" below "Your sources" after.
    this.connectSection = page.getByRole('region', { name: /^(Connect a source|Add a source)$/ });
    this.search = this.connectSection.getByRole('searchbox', { name: 'Search sources' });
    this.credentialsDialog = page.getByRole('dialog', { name: /^Connect / });
    this.disconnectDialog = page.getByRole('dialog', { name: /^Disconnect / });
  }

  /** One source's card, by its name ("Oura", "Peloton"). */
  card(name: string): Locator {
    // A source's card sits in "Your sources" once it is connected or holds data, else in the catalogue.
    return this.page.getByRole('article', { name, exact: true });
  }

  /** A card's state chip: Not connected, Connected, Syncing or Needs attention. */
  status(name: string): Locator {
    return this.card(name).getByTestId('source-status');
  }

  sandboxChip(name: string): Locator {
    return this.card(name).getByText('Sandbox', { exact: true });
  }

  syncProgress(name: string): Locator {
    return this.card(name).getByRole('progressbar', { name: `${name} sync progress` });
  }

  /** A category's heading ("Wearables and fitness"). */
  category(label: string): Locator {
    return this.connectSection.getByRole('heading', { level: 3, name: label, exact: true });
  }

  /** Connects a password provider in its dialog; `sandbox` ticks "Connect the sandbox instead". */
  async connectWithPassword(
    name: string,
    login: { email: string; password: string; sandbox?: boolean },
  ): Promise<void> {
    await this.card(name).getByRole('button', { name: 'Connect', exact: true }).click();
    const dialog = this.credentialsDialog;
    await dialog.waitFor();
    if (login.sandbox) await dialog.getByRole('checkbox', { name: /sandbox instead/ }).check();
    await dialog.getByRole('textbox', { name: 'Email or username' }).fill(login.email);
    await dialog.getByLabel('Password').fill(login.password);
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  }

  /** Disconnects a source, keeping its data or deleting it. */
  async disconnect(name: string, data: 'keep' | 'delete'): Promise<void> {
    await this.card(name).getByRole('button', { name: 'Disconnect', exact: true }).click();
    const dialog = this.disconnectDialog;
    await dialog
      .getByRole('radio', { name: data === 'keep' ? 'Keep its data' : /^Delete everything/ })
      .check();
    await dialog.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/data-sources');
    await this.importSection.waitFor();
  }

  /** Chooses a file as the "Choose file" button's dialog would: a path, or a file made in the test. */
  async choose(file: FileToChoose): Promise<void> {
    await this.fileInput.setInputFiles(file);
  }
}
