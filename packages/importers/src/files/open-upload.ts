import type { ImportFile } from '../types';
import { fileFromPath, gunzippedFile, isGzip, isZip } from './disk-file';
import { defaultZipLimits, openZip, type ZipLimits } from './zip';

export interface OpenUpload {
  files: ImportFile[];
  /** Whether the upload was an archive whose files were listed. */
  archive: boolean;
  close(): void;
}

/**
 * An upload as the files importers read: a zip's entries, a gzip's content, or the file itself.
 * Decided by magic bytes, never by the name.
 */
export async function openUpload(
  path: string,
  name: string,
  size: number,
  limits: ZipLimits = defaultZipLimits,
): Promise<OpenUpload> {
  const file = fileFromPath(path, name, size);
  const head = await file.head();
  if (isZip(head)) {
    const zip = await openZip(path, limits);
    const files = zip.files.map((f) => (f.name.endsWith('.gz') ? gunzippedFile(f, f.name.slice(0, -3)) : f));
    return { files, archive: true, close: zip.close };
  }
  if (isGzip(head)) {
    return { files: [gunzippedFile(file, name.replace(/\.gz$/i, ''))], archive: false, close: () => {} };
  }
  return { files: [file], archive: false, close: () => {} };
}
