import { csvHeader } from '../shared/csv';
import type { ImportFile } from '../types';

export type WithingsFile = 'weight' | 'bp' | 'sleep' | 'steps';

/**
 * Which file of "Download my data" this is, by its header row ("Date","Weight (kg)",… for weight.csv;
 * "Date","Heart rate","Systolic","Diastolic" for bp.csv; from,to,light (s),deep (s),… for sleep.csv).
 * aggregates_steps.csv has only "date,value", so there its entry name is needed as well.
 */
export async function classify(file: ImportFile): Promise<WithingsFile | undefined> {
  if (!/\.csv$/i.test(file.name)) return undefined;
  const header = csvHeader(await file.head());
  if (
    header[0] === 'Date' &&
    /^Weight \((kg|lb)\)$/.test(header[1] ?? '') &&
    header.some((h) => /^Fat mass \(/.test(h))
  ) {
    return 'weight';
  }
  if (header[0] === 'Date' && header.includes('Systolic') && header.includes('Diastolic')) return 'bp';
  if (
    header[0] === 'from' &&
    header[1] === 'to' &&
    header.includes('light (s)') &&
    header.includes('deep (s)')
  ) {
    return 'sleep';
  }
  if (/(?:^|\/)aggregates_steps\.csv$/.test(file.name) && header[0] === 'date' && header[1] === 'value')
    return 'steps';
  return undefined;
}

/** The unit a header names in parentheses: "Weight (kg)" → "kg". */
export const unitOf = (header: string): string | undefined => /\(([^)]+)\)\s*$/.exec(header)?.[1];
