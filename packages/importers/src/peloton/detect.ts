import type { ImportFile } from '../types';

/** The Peloton workouts CSV by its header row. */
export function isPelotonCsv(head: Buffer): boolean {
  const header =
    head
      .toString('utf8', 0, 8192)
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)[0] ?? '';
  return (
    header.includes('Workout Timestamp') &&
    header.includes('Fitness Discipline') &&
    header.includes('Length (minutes)')
  );
}

/** Probed entries of a zip: the CSV is a lone download, but a user may zip it. */
const MAX_PROBED = 20;

export async function pelotonFiles(files: readonly ImportFile[]): Promise<ImportFile[]> {
  const candidates =
    files.length === 1 ? files : files.filter((f) => /\.csv$/i.test(f.name)).slice(0, MAX_PROBED);
  const found: ImportFile[] = [];
  for (const file of candidates) if (isPelotonCsv(await file.head())) found.push(file);
  return found;
}

export async function detectPeloton(files: readonly ImportFile[]): Promise<number> {
  return (await pelotonFiles(files)).length > 0 ? 0.95 : 0;
}
