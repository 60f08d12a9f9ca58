import { csvHeader } from '../shared/csv';
import type { ImportFile } from '../types';

/** A file of the Takeout "Fit" folder (or a Health Connect export) and what it holds. */
export type FitEntry =
  | { kind: 'day-csv'; file: ImportFile; date: string }
  | { kind: 'summary-csv'; file: ImportFile }
  | { kind: 'points'; file: ImportFile; dataType: string; merged: boolean }
  | { kind: 'health-connect'; file: ImportFile };

// Per-day files are named by their date: "Daily activity metrics/2024-03-10.csv". The name is the
// only place the date is written, so here it is content.
const DAY_NAME = /(?:^|\/)(\d{4}-\d{2}-\d{2})\.csv$/;
const SQLITE = Buffer.from('SQLite format 3\0', 'latin1');

const METRIC_COLUMNS = [
  'Step count',
  'Move Minutes count',
  'Calories (kcal)',
  'Distance (m)',
  'Heart Points',
];

export async function classify(file: ImportFile): Promise<FitEntry | undefined> {
  const name = file.name;
  if (/\.csv$/i.test(name)) return classifyCsv(file);
  if (/\.json$/i.test(name)) return classifyPoints(file);
  if (/(?:^|\/)health_connect_export\.db$/i.test(name)) {
    const head = await file.head();
    return head.subarray(0, SQLITE.length).equals(SQLITE) ? { kind: 'health-connect', file } : undefined;
  }
  return undefined;
}

async function classifyCsv(file: ImportFile): Promise<FitEntry | undefined> {
  const header = csvHeader(await file.head());
  if (!METRIC_COLUMNS.some((c) => header.includes(c))) return undefined;
  if (header[0] === 'Date') return { kind: 'summary-csv', file };
  const day = DAY_NAME.exec(file.name);
  if (header[0] === 'Start time' && header[1] === 'End time' && day)
    return { kind: 'day-csv', file, date: day[1]! };
  return undefined;
}

// "All Data/derived_com.google.step_count.delta_com.google.android.gms_merge_step_deltas.json":
// {"Data Source": "derived:com.google.step_count.delta:com.google.android.gms:merge_step_deltas", "Data Points": [...]}
async function classifyPoints(file: ImportFile): Promise<FitEntry | undefined> {
  const text = (await file.head())
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (!text.startsWith('{') || !/"Data Points"\s*:/.test(text)) return undefined;
  const source = /"Data Source"\s*:\s*"([^"]*)"/.exec(text)?.[1];
  const dataType =
    (source ? /^(?:raw|derived):(com\.google\.[\w.]+):/.exec(source)?.[1] : undefined) ??
    /"dataTypeName"\s*:\s*"(com\.google\.[\w.]+)"/.exec(text)?.[1];
  if (!dataType) return undefined;
  const merged = /merge_/.test(source ?? file.name);
  return { kind: 'points', file, dataType, merged };
}
