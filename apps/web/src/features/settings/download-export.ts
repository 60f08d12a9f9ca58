import type { ExportFormat } from '@healthfolio/core';
import { httpClient } from '../../lib/api';
import { settingsPaths } from './settings-api';

/** The name in `Content-Disposition: attachment; filename="…"` (or filename*=UTF-8''…), if any. */
export function filenameFromDisposition(header: string | undefined | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed escape: fall back to the plain filename parameter.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name.replace(/[/\\]/g, '_') : null;
}

/**
 * Downloads the user's export. A plain link cannot carry the bearer token, so the file is fetched
 * through the API client (token and 401 handling included) and handed to the browser as an object URL.
 */
export async function downloadExport(format: ExportFormat): Promise<string> {
  const response = await httpClient.get<Blob>(settingsPaths.export, {
    params: { format },
    responseType: 'blob',
  });
  const disposition = response.headers['content-disposition'] as string | undefined;
  const filename = filenameFromDisposition(disposition) ?? `healthfolio-export.${format}`;
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty to start it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return filename;
}
