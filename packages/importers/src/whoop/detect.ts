import { csvHeader } from '../shared/csv';
import { looksLikeText } from '../shared/text-entries';
import type { ImportFile } from '../types';

/** The four CSVs of WHOOP's "Export data" zip, told apart by their header rows. */
export type WhoopTable = 'cycles' | 'sleeps' | 'workouts' | 'journal';

export interface WhoopFile {
  file: ImportFile;
  table: WhoopTable;
}

export function tableOf(header: readonly string[]): WhoopTable | undefined {
  const has = (name: string) => header.includes(name);
  if (!has('Cycle start time')) return undefined;
  if (has('Recovery score %')) return 'cycles';
  if (has('Workout start time') && has('Activity name')) return 'workouts';
  if (has('Sleep onset') && has('Wake onset')) return 'sleeps';
  if (has('Question text')) return 'journal';
  return undefined;
}

/** The export's tables in a fixed order (cycles, sleeps, workouts), whatever the zip's order. */
export async function whoopFiles(files: readonly ImportFile[]): Promise<WhoopFile[]> {
  const found: WhoopFile[] = [];
  for (const file of files) {
    if (!looksLikeText(file, files)) continue;
    const table = tableOf(csvHeader(await file.head()));
    if (table) found.push({ file, table });
  }
  const order: WhoopTable[] = ['cycles', 'sleeps', 'workouts', 'journal'];
  return found.sort((a, b) => order.indexOf(a.table) - order.indexOf(b.table));
}

export async function detectWhoop(files: readonly ImportFile[]): Promise<number> {
  return (await whoopFiles(files)).length > 0 ? 0.95 : 0;
}
