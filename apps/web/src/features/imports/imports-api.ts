import type { ImportJob, SupportedImportFormat } from '@healthfolio/core';
import { api, toApiError } from '../../lib/api';
import { i18n } from '../../i18n';

/** `GET /api/imports/formats`: every format the server reads, as people call it. */
export const fetchImportFormats = (signal?: AbortSignal) =>
  api.get('/api/imports/formats', { signal }).then((d) => d.formats);

/** `GET /api/imports`: the user's imports, newest first. */
export const fetchImports = (signal?: AbortSignal) =>
  api.get('/api/imports', { signal }).then((d) => d.items);

/** `GET /api/imports/:id`. */
export const fetchImport = (id: string, signal?: AbortSignal) =>
  api.get('/api/imports/:id', { params: { id }, signal });

/**
 * `POST /api/imports` (multipart, field `file`); the server answers 202 with the queued job.
 * `onProgress` gets the share of the file sent so far, 0 to 1.
 */
export function uploadImport(file: File, onProgress: (share: number) => void): Promise<ImportJob> {
  const body = new FormData();
  body.append('file', file, file.name);
  // A FormData body goes as multipart, with the Content-Type (and its boundary) the browser writes.
  return api.post('/api/imports', {
    body,
    onUploadProgress: (event) => {
      const share = event.total ? event.loaded / event.total : (event.progress ?? 0);
      onProgress(Math.min(1, Math.max(0, share)));
    },
  });
}

/** Why the server would not take a file, and (for an unknown format) which formats it reads. */
export interface Refusal {
  message: string;
  formats: SupportedImportFormat[];
}

/** What a refusal without the server's envelope means, by HTTP status (words in the `imports` namespace). */
const fallbackMessages: Record<number, string> = {
  413: 'imports:refusal.tooLarge',
  415: 'imports:refusal.unknownFormat',
};

function formatsOf(details: unknown): SupportedImportFormat[] {
  if (typeof details !== 'object' || details === null || !('formats' in details)) return [];
  const formats = (details as { formats: unknown }).formats;
  if (!Array.isArray(formats)) return [];
  return formats.filter(
    (f): f is SupportedImportFormat =>
      typeof f === 'object' &&
      f !== null &&
      typeof (f as { format?: unknown }).format === 'string' &&
      typeof (f as { label?: unknown }).label === 'string',
  );
}

/** Reads a failed upload: the envelope's message, and for 415 the `details.formats` list. */
export function toRefusal(error: unknown): Refusal {
  const apiError = toApiError(error);
  const status = apiError.status;
  const message =
    apiError.code === 'http' && status && fallbackMessages[status]
      ? i18n.t(fallbackMessages[status])
      : apiError.message;
  return { message, formats: formatsOf(apiError.details) };
}
