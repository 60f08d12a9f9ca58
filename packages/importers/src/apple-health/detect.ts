import type { ImportFile } from '../types';

/** How many XML files of an archive are opened to look for the export: it holds one, beside the CDA. */
const MAX_PROBED = 8;
const ROOT_TAG = /<HealthData[\s>/]/;

/** Whether a file's first bytes are those of export.xml (not export_cda.xml, whose root is ClinicalDocument). */
export function isExportHead(head: Buffer): boolean {
  const text = head.toString('latin1');
  return text.includes('<!DOCTYPE HealthData') || ROOT_TAG.test(text);
}

/**
 * The export.xml of an upload. A lone file is judged by its content whatever its name; in an archive only
 * the .xml entries are opened (routes are .gpx, ECGs .csv), `…/export.xml` first, and each is judged
 * by its content.
 */
export async function findExport(files: readonly ImportFile[]): Promise<ImportFile | undefined> {
  const candidates =
    files.length === 1
      ? files
      : files
          .filter((f) => /\.xml$/i.test(f.name))
          .sort((a, b) => Number(isExportName(b.name)) - Number(isExportName(a.name)))
          .slice(0, MAX_PROBED);
  for (const file of candidates) {
    if (isExportHead(await file.head())) return file;
  }
  return undefined;
}

const isExportName = (name: string) => /(^|\/)export\.xml$/i.test(name);
