import type { ImportFile } from '../types';
import { isFitHead } from '../shared/fit-decode';

export type StravaFileKind = 'activities-csv' | 'gpx' | 'tcx' | 'fit';

/** The first element's name, past the XML declaration, comments, processing instructions and doctype. */
export function rootElement(head: Buffer): string | undefined {
  const text = head
    .toString('utf8', 0, 4096)
    .replace(/^\uFEFF/, '')
    .replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/g, '')
    .trimStart();
  return /^<([A-Za-z_][\w.:-]*)/.exec(text)?.[1]?.split(':').pop();
}

/** activities.csv by its header row: Strava's own "Activity ID" and "Activity Type" columns. */
export function isActivitiesCsv(head: Buffer): boolean {
  const header =
    head
      .toString('utf8', 0, 8192)
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)[0] ?? '';
  return /^"?Activity ID"?,/.test(header) && header.includes('Activity Type');
}

export async function classify(file: ImportFile): Promise<StravaFileKind | undefined> {
  const head = await file.head();
  if (isActivitiesCsv(head)) return 'activities-csv';
  if (isFitHead(head)) return 'fit';
  const root = rootElement(head);
  if (root === 'gpx') return 'gpx';
  if (root === 'TrainingCenterDatabase') return 'tcx';
  return undefined;
}

/** The export's activities.csv: among the entries named .csv, the one with Strava's header. */
export async function findActivitiesCsv(files: readonly ImportFile[]): Promise<ImportFile | undefined> {
  if (files.length === 1) return isActivitiesCsv(await files[0]!.head()) ? files[0] : undefined;
  for (const file of files.filter((f) => /\.csv$/i.test(f.name)).slice(0, MAX_PROBED)) {
    if (isActivitiesCsv(await file.head())) return file;
  }
  return undefined;
}

/** Entries probed for tracks in a zip without activities.csv. */
const MAX_PROBED = 20;

/**
 * A zip holding activities.csv: Strava's export, certain (it outranks garmin-fit on the FIT files in it).
 * One GPX or TCX file: very likely ours. A zip of tracks without the CSV: barely (0.5), so a
 * Google or Fitbit export that also holds TCX files stays its own importer's.
 */
export async function detectStrava(files: readonly ImportFile[]): Promise<number> {
  if (files.length === 1) {
    const kind = await classify(files[0]!);
    return kind === 'activities-csv' ? 0.95 : kind === 'gpx' || kind === 'tcx' ? 0.9 : 0;
  }
  if ((await findActivitiesCsv(files)) !== undefined) return 0.95;
  const tracks = files.filter((f) => /\.(gpx|tcx)$/i.test(f.name)).slice(0, MAX_PROBED);
  for (const file of tracks) {
    const kind = await classify(file);
    if (kind === 'gpx' || kind === 'tcx') return 0.5;
  }
  return 0;
}
