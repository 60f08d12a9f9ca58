import { isFitHead } from '../shared/fit-decode';
import type { ImportFile } from '../types';

/** Entries looked at in a zip before deciding: enough to see FIT files without opening thousands. */
const MAX_PROBED = 20;

/** The FIT files of an upload, by content. */
export async function fitFiles(files: readonly ImportFile[]): Promise<ImportFile[]> {
  const found: ImportFile[] = [];
  for (const file of files) if (isFitHead(await file.head())) found.push(file);
  return found;
}

/** Strava's export holds its own activities.csv; the strava importer reads that zip (FIT files included). */
async function hasStravaCsv(files: readonly ImportFile[]): Promise<boolean> {
  for (const file of files.filter((f) => /\.csv$/i.test(f.name)).slice(0, MAX_PROBED)) {
    const firstLine = (await file.head()).toString('utf8', 0, 4096).split(/\r?\n/)[0] ?? '';
    if (firstLine.includes('Activity ID') && firstLine.includes('Activity Type')) return true;
  }
  return false;
}

/**
 * One FIT file: certain. A zip of FIT files: likely (0.8), less so (0.4) when it is a Strava export.
 * In a zip, entries named .fit are probed first, then a few others, by their header bytes.
 */
export async function detectFit(files: readonly ImportFile[]): Promise<number> {
  if (files.length === 1) return isFitHead(await files[0]!.head()) ? 0.95 : 0;
  const named = files.filter((f) => /\.fit$/i.test(f.name));
  const probe = [...named.slice(0, MAX_PROBED), ...files.filter((f) => !named.includes(f)).slice(0, 5)];
  let fit = false;
  for (const file of probe) {
    if (isFitHead(await file.head())) {
      fit = true;
      break;
    }
  }
  if (!fit) return 0;
  return (await hasStravaCsv(files)) ? 0.4 : 0.8;
}
