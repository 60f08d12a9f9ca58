import { csvHeader } from '../shared/csv';
import { looksLikeText } from '../shared/text-entries';
import type { ImportFile } from '../types';

export type GlucoseUnit = 'mg/dL' | 'mmol/L';

export const TIMESTAMP_COLUMN = 'Timestamp (YYYY-MM-DDThh:mm:ss)';

export interface ClarityFile {
  file: ImportFile;
  unit: GlucoseUnit;
}

/** The glucose unit a Clarity header names in its "Glucose Value (…)" column. */
export function clarityUnit(header: readonly string[]): GlucoseUnit | undefined {
  if (header.includes('Glucose Value (mg/dL)')) return 'mg/dL';
  if (header.includes('Glucose Value (mmol/L)')) return 'mmol/L';
  return undefined;
}

/** The upload's Clarity exports, by their header row. */
export async function clarityFiles(files: readonly ImportFile[]): Promise<ClarityFile[]> {
  const found: ClarityFile[] = [];
  for (const file of files) {
    if (!looksLikeText(file, files)) continue;
    const header = csvHeader(await file.head());
    const unit = clarityUnit(header);
    if (header[0] === 'Index' && header.includes(TIMESTAMP_COLUMN) && header.includes('Event Type') && unit) {
      found.push({ file, unit });
    }
  }
  return found;
}

export async function detectClarity(files: readonly ImportFile[]): Promise<number> {
  return (await clarityFiles(files)).length > 0 ? 0.95 : 0;
}
