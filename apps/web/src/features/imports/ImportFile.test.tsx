// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFailure } from '../../test/api-failure';
import { ImportFile } from './ImportFile';
import { fetchImport, fetchImportFormats, uploadImport } from './imports-api';
import type * as Api from './imports-api';
import { importJob, testQueryClient, WithQueries } from './test-utils';

vi.mock('./imports-api', async (importOriginal) => ({
  ...(await importOriginal<typeof Api>()),
  fetchImportFormats: vi.fn(),
  fetchImport: vi.fn(),
  uploadImport: vi.fn(),
}));

// As the server lists them; a format this web has no words for is named by the server's label.
const formats = [
  { format: 'apple-health', label: 'Apple Health export (export.zip or export.xml)' },
  { format: 'dexcom-clarity', label: 'Dexcom Clarity CSV export' },
  { format: 'next-year', label: 'A format added after this web was built' },
];
const named =
  'Apple Health export (export.zip or export.xml), Dexcom Clarity CSV export, A format added after this web was built';

function refused(status: number, error: Record<string, unknown>) {
  return apiFailure({ method: 'post', url: '/imports' }, status, { error });
}

function renderImportFile() {
  const client = testQueryClient();
  render(
    <WithQueries client={client}>
      <ImportFile />
    </WithQueries>,
  );
  return client;
}

const choose = (name = 'clarity.csv') =>
  userEvent.upload(screen.getByLabelText('File to import'), new File(['Index\n'], name));

describe('ImportFile', () => {
  beforeEach(() => {
    vi.mocked(fetchImportFormats).mockResolvedValue(formats);
  });
  afterEach(() => {
    cleanup();
    vi.resetAllMocks();
  });

  it('lists the formats the server reads', async () => {
    renderImportFile();
    expect((await screen.findByText(/^We read /)).textContent).toContain(`We read ${named}.`);
  });

  it('uploads the chosen file and shows how much has been sent', async () => {
    vi.mocked(uploadImport).mockImplementation((_file, onProgress) => {
      onProgress(0.42);
      return new Promise(() => {});
    });
    renderImportFile();
    await choose();
    expect(vi.mocked(uploadImport).mock.calls[0]?.[0].name).toBe('clarity.csv');
    expect(await screen.findByText('Uploading clarity.csv — 42 %')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe(
      '42',
    );
    expect(screen.getByRole('button', { name: 'Choose file' }).hasAttribute('disabled')).toBe(true);
  });

  it("shows a refused format's message and the formats we read", async () => {
    vi.mocked(uploadImport).mockRejectedValue(
      refused(415, {
        code: 'unsupported_media_type',
        message: 'We could not recognise notes.txt.',
        details: { formats },
      }),
    );
    renderImportFile();
    await choose('notes.txt');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not recognise notes.txt.');
    expect(alert.textContent).toContain(`We read: ${named}.`);
    expect(screen.queryByTestId('import-card')).toBeNull();
  });

  it('names the formats only once when the message already does', async () => {
    const message =
      'This file is not in a format we can import. We read: ' + formats.map((f) => f.label).join('; ') + '.';
    vi.mocked(uploadImport).mockRejectedValue(
      refused(415, { code: 'unsupported_media_type', message, details: { formats } }),
    );
    renderImportFile();
    await choose('notes.txt');
    expect((await screen.findByRole('alert')).textContent).toBe(`This file was not imported${message}`);
  });

  it('says a file is too large even when the answer has no envelope', async () => {
    vi.mocked(uploadImport).mockRejectedValue(
      apiFailure(
        { method: 'post', url: '/imports' },
        413,
        '<html>413</html>',
        'Request failed with status code 413',
      ),
    );
    renderImportFile();
    await choose('huge.zip');
    expect((await screen.findByRole('alert')).textContent).toContain('larger than the server accepts');
  });

  it('follows the import to its result, then refreshes the metrics', async () => {
    vi.mocked(uploadImport).mockResolvedValue(importJob());
    vi.mocked(fetchImport).mockResolvedValue(
      importJob({ status: 'succeeded', bytesRead: 2048, recordsRead: 32, inserted: 30, rejected: 2 }),
    );
    const client = renderImportFile();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await choose();
    expect(await screen.findByText('Records read 0 · Added 0 · Already there 0 · Rejected 0')).toBeTruthy();
    expect(
      (await screen.findByText('Imported: 30 added, 0 already there, 2 rejected', {}, { timeout: 3000 }))
        .textContent,
    ).toBeTruthy();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['metrics'] });
  });

  it('shows a failure, warnings and the reasons for rejections', async () => {
    const failed = importJob({
      status: 'failed',
      failure: 'The file ends in the middle of a record (line 31).',
      warnings: ['These records belong to Jane Doe, not to you.'],
      rejected: 1,
      errors: [{ message: 'Glucose value "High" is not a number', file: 'clarity.csv', line: 14 }],
    });
    vi.mocked(uploadImport).mockResolvedValue(failed);
    vi.mocked(fetchImport).mockResolvedValue(failed);
    renderImportFile();
    await choose();
    expect(await screen.findByText('The file ends in the middle of a record (line 31).')).toBeTruthy();
    expect(screen.getByText('These records belong to Jane Doe, not to you.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Show why records were rejected/ }));
    expect(screen.getByText(/clarity\.csv, line 14/)).toBeTruthy();
    expect(screen.getByText(/is not a number/)).toBeTruthy();
  });
});
