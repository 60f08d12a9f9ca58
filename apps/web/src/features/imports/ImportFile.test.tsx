// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiData, apiError, never, onApi, rawError, type Reply } from '../../test/msw';
import { ImportFile } from './ImportFile';
import { importJob, testQueryClient, WithQueries } from './test-utils';

/** `POST /api/imports` (the upload) answers this. */
const serveUpload = (reply: Reply) => onApi('post', '/api/imports', reply);

// As the server lists them; a format this web has no words for is named by the server's label.
const formats = [
  { format: 'apple-health', label: 'Apple Health export (export.zip or export.xml)' },
  { format: 'dexcom-clarity', label: 'Dexcom Clarity CSV export' },
  { format: 'next-year', label: 'A format added after this web was built' },
];
const named =
  'Apple Health export (export.zip or export.xml), Dexcom Clarity CSV export, A format added after this web was built';

function refused(status: number, error: { code: string; message: string; details?: unknown }) {
  return apiError(status, error.code, error.message, error.details);
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
    onApi('get', '/api/imports/formats', { formats });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('lists the formats the server reads', async () => {
    renderImportFile();
    expect((await screen.findByText(/^We read /)).textContent).toContain(`We read ${named}.`);
  });

  it('uploads the chosen file and shows how much has been sent', async () => {
    // MSW sends a body at once; the browser's pace is its XMLHttpRequest's to tell: 42 % sent, no answer yet.
    const sent: { method: string; url: string; body: unknown }[] = [];
    class HalfwayXhr {
      readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
      responseType = '';
      private method = '';
      private url = '';
      open(method: string, url: string) {
        this.method = method;
        this.url = url;
      }
      setRequestHeader() {}
      send(body: unknown) {
        sent.push({ method: this.method, url: this.url, body });
        this.upload.onprogress?.({ loaded: 42, total: 100, lengthComputable: true } as ProgressEvent);
      }
    }
    vi.stubGlobal('XMLHttpRequest', HalfwayXhr);
    renderImportFile();
    await choose();
    expect(await screen.findByText('Uploading clarity.csv — 42 %')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/imports' });
    expect(((sent[0]?.body as FormData).get('file') as File).name).toBe('clarity.csv');
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe(
      '42',
    );
    expect(screen.getByRole('button', { name: 'Choose file' }).hasAttribute('disabled')).toBe(true);
  });

  it('sends the file as a form to the imports endpoint', async () => {
    const uploads = serveUpload(never);
    renderImportFile();
    await choose();
    await vi.waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]?.body).toContain('Content-Disposition: form-data; name="file"; filename="clarity.csv"');
    expect(screen.getByRole('button', { name: 'Choose file' }).hasAttribute('disabled')).toBe(true);
  });

  it("shows a refused format's message and the formats we read", async () => {
    serveUpload(
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
    serveUpload(refused(415, { code: 'unsupported_media_type', message, details: { formats } }));
    renderImportFile();
    await choose('notes.txt');
    expect((await screen.findByRole('alert')).textContent).toBe(`This file was not imported${message}`);
  });

  it('says a file is too large even when the answer has no envelope', async () => {
    serveUpload(rawError(413, '<html>413</html>'));
    renderImportFile();
    await choose('huge.zip');
    expect((await screen.findByRole('alert')).textContent).toContain('larger than the server accepts');
  });

  it('follows the import to its result, then refreshes the metrics', async () => {
    serveUpload(apiData(importJob(), 202));
    onApi(
      'get',
      '/api/imports/:id',
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
    serveUpload(apiData(failed, 202));
    onApi('get', '/api/imports/:id', failed);
    renderImportFile();
    await choose();
    expect(await screen.findByText('The file ends in the middle of a record (line 31).')).toBeTruthy();
    expect(screen.getByText('These records belong to Jane Doe, not to you.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Show why records were rejected/ }));
    expect(screen.getByText(/clarity\.csv, line 14/)).toBeTruthy();
    expect(screen.getByText(/is not a number/)).toBeTruthy();
  });
});
