import type { Locator, Page } from '@playwright/test';

type FileToChoose = string | { name: string; mimeType: string; buffer: Buffer };

/** /data-sources: "Import a file" (drop zone, upload progress, the import's card) and "Import history". */
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
