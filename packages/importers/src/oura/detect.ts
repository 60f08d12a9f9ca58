import { looksLikeText } from '../shared/text-entries';
import type { ImportFile } from '../types';
import { recordKind } from './records';
import { TRENDS_COLUMNS } from './trends';

/**
 * The three shapes an Oura export comes in: the membership hub's zip of `App Data/*.csv` (";"-separated,
 * API field names), API v2 JSON documents, and the older dashboard's "trends" CSV.
 */
type Shape = { shape: 'app-csv'; delimiter: ';' | ',' } | { shape: 'trends-csv' } | { shape: 'json' };
export type OuraFile = Shape & { file: ImportFile };

const SLEEP_OR_DAILY = /"(bedtime_start|spo2_percentage|active_calories|equivalent_walking_distance)"\s*:/;
const HEART_RATE = /"bpm"\s*:/;

function shapeOf(head: string): Shape | undefined {
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('{') || text.startsWith('[')) {
    const heartRate = HEART_RATE.test(text) && /"source"\s*:/.test(text) && /"timestamp"\s*:/.test(text);
    return SLEEP_OR_DAILY.test(text) || heartRate ? { shape: 'json' } : undefined;
  }
  const line = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = line.split(';').length > line.split(',').length ? ';' : ',';
  const header = line.split(delimiter).map((h) => h.trim().replace(/^"|"$/g, ''));
  if (header[0]?.toLowerCase() === 'date' && TRENDS_COLUMNS.filter((c) => header.includes(c)).length >= 2) {
    return { shape: 'trends-csv' };
  }
  const kind = recordKind(Object.fromEntries(header.map((h) => [h, ''])));
  if (kind === 'heartrate')
    return header.length === 3 && header.includes('source') ? { shape: 'app-csv', delimiter } : undefined;
  if (kind && header.includes('id') && header.includes('day')) return { shape: 'app-csv', delimiter };
  return undefined;
}

export async function ouraFiles(files: readonly ImportFile[]): Promise<OuraFile[]> {
  const found: OuraFile[] = [];
  for (const file of files) {
    if (!looksLikeText(file, files) && !/\.json$/i.test(file.name)) continue;
    const shape = shapeOf((await file.head()).toString('utf8'));
    if (shape) found.push({ file, ...shape });
  }
  return found;
}

export async function detectOura(files: readonly ImportFile[]): Promise<number> {
  return (await ouraFiles(files)).length > 0 ? 0.9 : 0;
}
