import type { Locator, Page } from '@playwright/test';

/** "Review <file>": the results read from a lab or DEXA report, beside the page each was read from. */
export class ReportReviewDialog {
  readonly dialog: Locator;
  readonly rows: Locator;
  /** The rendered PDF page (a canvas) and the box over the selected or hovered result's region. */
  readonly pageCanvas: Locator;
  readonly highlight: Locator;
  readonly pageNumber: Locator;
  readonly discardButton: Locator;
  readonly downloadButton: Locator;

  constructor(
    readonly page: Page,
    fileName: string,
  ) {
    this.dialog = page.getByRole('dialog', { name: `Review ${fileName}` });
    this.rows = this.dialog.getByTestId('review-row');
    this.pageCanvas = this.dialog.getByRole('img', { name: `Page 1 of ${fileName}` });
    this.highlight = this.dialog.getByTestId('region-highlight');
    this.pageNumber = this.dialog.getByTestId('pdf-page-number');
    this.discardButton = this.dialog.getByRole('button', { name: 'Discard', exact: true });
    this.downloadButton = this.dialog.getByRole('button', { name: 'Download original PDF' });
  }

  /** The row of a result, by the name the lab printed ("GLUCOSE"). */
  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('rowheader', { name }) });
  }

  value(name: string): Locator {
    return this.dialog.getByRole('textbox', { name: `Value of ${name}`, exact: true });
  }

  unit(name: string): Locator {
    return this.dialog.getByRole('textbox', { name: `Unit of ${name}`, exact: true });
  }

  leaveOut(name: string): Locator {
    return this.dialog.getByRole('checkbox', { name: `Leave out ${name}`, exact: true });
  }

  /** "Save 4 results". */
  saveButton(count: number): Locator {
    return this.dialog.getByRole('button', { name: `Save ${count} result${count === 1 ? '' : 's'}` });
  }

  /** Types a corrected value over what was read. */
  async correct(name: string, value: string): Promise<void> {
    await this.value(name).fill(value);
  }
}
