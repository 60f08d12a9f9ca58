import type { ImportJob, ReportConfirm } from '@healthfolio/core';
import { api, httpClient } from '../../../lib/api';
import { HttpError } from '../../../lib/http';

const importPath = (id: string) => `/imports/${encodeURIComponent(id)}`;

/** `POST /api/imports/:id/confirm`: writes the reviewed results; answers the succeeded import. */
export const confirmImport = (id: string, body: ReportConfirm): Promise<ImportJob> =>
  api.post('/api/imports/:id/confirm', { params: { id }, body });

/** `DELETE /api/imports/:id`: drops a report under review, and its file; nothing is written. */
export const discardImport = (id: string): Promise<void> =>
  api.delete('/api/imports/:id', { params: { id } });

/** The client's path of the original PDF: `documentUrl` under the client's /api base. */
export function documentPath(job: Pick<ImportJob, 'id' | 'documentUrl'>): string {
  const url = job.documentUrl ?? `/api${importPath(job.id)}/document`;
  return url.replace(/^\/api(?=\/)/, '');
}

/**
 * `GET /api/imports/:id/document`: the original PDF, with the bearer token (so not a plain link). A
 * refusal's body arrives as bytes too; it is decoded so the error envelope's message can be shown.
 */
export async function fetchDocument(
  job: Pick<ImportJob, 'id' | 'documentUrl'>,
  signal?: AbortSignal,
): Promise<ArrayBuffer> {
  try {
    const response = await httpClient.get<ArrayBuffer>(documentPath(job), {
      responseType: 'arraybuffer',
      signal,
    });
    return response.data;
  } catch (error) {
    if (error instanceof HttpError && error.response?.data instanceof ArrayBuffer) {
      try {
        error.response.data = JSON.parse(new TextDecoder().decode(error.response.data)) as unknown;
      } catch {
        // not JSON: the status line says enough
      }
    }
    throw error;
  }
}
