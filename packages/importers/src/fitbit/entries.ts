import { csvHeader } from '../shared/csv';
import type { ImportFile } from '../types';

export type SeriesType = 'steps' | 'distance' | 'calories' | 'heart_rate';
export type EntryType = SeriesType | 'resting_heart_rate' | 'sleep' | 'weight';

/** A file of the export we read, and what it holds. */
export interface FitbitEntry {
  file: ImportFile;
  type: EntryType;
  format: 'json' | 'csv';
  /** The head shows records of this type, not just an empty list. */
  hasRecords: boolean;
}

// "Global Export Data/steps-2023-01-01.json": one file per type and month (per day for heart rate).
const JSON_NAME =
  /(?:^|\/)(steps|distance|calories|heart_rate|resting_heart_rate|sleep|weight)-\d{4}-\d{2}-\d{2}\.json$/i;
// The newer Takeout "Physical Activity_GoogleData/steps_2024-01-01.csv" time series.
const CSV_NAME = /(?:^|\/)(steps|distance|heart_rate|daily_resting_heart_rate)_\d{4}-\d{2}-\d{2}\.csv$/i;

const MINUTE_TIME = /"dateTime"\s*:\s*"\d{2}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}"/;
const STRING_VALUE = /"value"\s*:\s*"-?[\d.]+"/;

const CSV_HEADERS: Record<string, { type: EntryType; column: string }> = {
  steps: { type: 'steps', column: 'steps' },
  distance: { type: 'distance', column: 'distance' },
  heart_rate: { type: 'heart_rate', column: 'beats per minute' },
  daily_resting_heart_rate: { type: 'resting_heart_rate', column: 'beats per minute' },
};

/** The value column of a newer Takeout time-series CSV. */
export const csvValueColumn = (type: EntryType): string =>
  type === 'heart_rate' || type === 'resting_heart_rate' ? 'beats per minute' : type;

/** What the head of a Global Export Data JSON file shows, whatever the file is called. */
export function jsonContentType(text: string): EntryType | undefined {
  if (/"logId"/.test(text) && /"dateOfSleep"/.test(text)) return 'sleep';
  if (/"logId"/.test(text) && /"bmi"/.test(text) && /"weight"/.test(text)) return 'weight';
  if (!MINUTE_TIME.test(text)) return undefined;
  if (/"bpm"\s*:/.test(text)) return 'heart_rate';
  if (/"value"\s*:\s*\{\s*"date"/.test(text) && /"error"/.test(text)) return 'resting_heart_rate';
  return undefined;
}

/** Classifies one file by its entry name and head; undefined when it is not a file we read. */
export async function classify(file: ImportFile): Promise<FitbitEntry | undefined> {
  const jsonName = JSON_NAME.exec(file.name);
  const csvName = CSV_NAME.exec(file.name);
  if (!jsonName && !csvName && !/\.json$/i.test(file.name)) return undefined;
  const text = (await file.head())
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (csvName) {
    const expected = CSV_HEADERS[csvName[1]!.toLowerCase()]!;
    const header = csvHeader(Buffer.from(text)).map((h) => h.toLowerCase());
    if (header[0] !== 'timestamp' || !header.includes(expected.column)) return undefined;
    return { file, type: expected.type, format: 'csv', hasRecords: text.split('\n').length > 1 };
  }
  if (!text.startsWith('[')) return undefined;
  const content = jsonContentType(text);
  if (jsonName) {
    const type = jsonName[1]!.toLowerCase() as EntryType;
    if (/^\[\s*\]\s*$/.test(text)) return { file, type, format: 'json', hasRecords: false };
    const minuteSeries = MINUTE_TIME.test(text) && STRING_VALUE.test(text);
    const fits =
      content === type || ((type === 'steps' || type === 'distance' || type === 'calories') && minuteSeries);
    return fits ? { file, type, format: 'json', hasRecords: true } : undefined;
  }
  // A loose JSON file without its export name: only the types its content alone gives away.
  return content ? { file, type: content, format: 'json', hasRecords: true } : undefined;
}

/** The account's Profile.csv ("Personal & Account/Profile.csv"), which names the weight unit. */
export async function isProfile(file: ImportFile): Promise<boolean> {
  if (!/(?:^|\/)Profile\.csv$/i.test(file.name)) return false;
  return csvHeader(await file.head()).includes('weight_unit');
}
