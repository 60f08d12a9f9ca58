import { csvHeader } from '../shared/csv';
import type { ImportFile } from '../types';

export type MfpFile = 'nutrition' | 'measurement' | 'exercise';

/**
 * Which file of the export this is, by header: Nutrition-Summary starts "Date,Meal" and has
 * "Calories"; Exercise-Summary starts "Date,Exercise,Type,Exercise Calories,Exercise Minutes".
 * Measurement-Summary is only "Date,Weight", too plain to claim without its entry name.
 */
export async function classify(file: ImportFile): Promise<MfpFile | undefined> {
  if (!/\.csv$/i.test(file.name)) return undefined;
  const header = csvHeader(await file.head());
  if (header[0] !== 'Date') return undefined;
  if (header[1] === 'Meal' && header.includes('Calories')) return 'nutrition';
  if (
    header[1] === 'Exercise' &&
    header.includes('Exercise Calories') &&
    header.includes('Exercise Minutes')
  ) {
    return 'exercise';
  }
  if (/(?:^|\/)Measurement-Summary[^/]*\.csv$/i.test(file.name) && header.includes('Weight'))
    return 'measurement';
  return undefined;
}

/**
 * The account's weight unit. Measurement-Summary's "Weight" names none, but Exercise-Summary's
 * strength column is headed "Kilograms" or "Pounds" by the same account setting.
 */
export async function weightUnitOf(file: ImportFile): Promise<'kg' | 'lb' | undefined> {
  const header = csvHeader(await file.head());
  if (header.includes('Kilograms')) return 'kg';
  if (header.includes('Pounds')) return 'lb';
  return undefined;
}
