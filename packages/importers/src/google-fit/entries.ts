import { csvHeader } from '../shared/csv';
import type { ImportFile } from '../types';
import { parseDataSource, type DataSource } from './data-source';

/** A file of the Takeout "Fit" folder (or a Health Connect export) and what it holds. */
export type FitEntry =
  | { kind: 'day-csv'; file: ImportFile; date: string }
  | { kind: 'summary-csv'; file: ImportFile }
  | { kind: 'points'; file: ImportFile; source: DataSource }
  | { kind: 'session'; file: ImportFile }
  | { kind: 'activity-track'; file: ImportFile }
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
  if (/\.json$/i.test(name)) return classifyJson(file);
  // "Activities/2024-03-10T10_30_00-04_00_PT35M_Running.tcx": an activity's track, beside its session.
  if (/(?:^|\/)Fit\/Activities\/(?:.*\/)?[^/]+\.tcx$/i.test(name)) {
    const head = (await file.head()).toString('utf8');
    return head.includes('<TrainingCenterDatabase') ? { kind: 'activity-track', file } : undefined;
  }
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
// "All Sessions/2024-03-10T07_30_00.000-04_00_RUNNING.json": {"fitnessActivity": "running", "startTime": …}
async function classifyJson(file: ImportFile): Promise<FitEntry | undefined> {
  const text = (await file.head())
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (!text.startsWith('{')) return undefined;
  if (/"fitnessActivity"\s*:/.test(text) && /"startTime"\s*:/.test(text)) return { kind: 'session', file };
  if (!/"Data Points"\s*:/.test(text)) return undefined;
  const id = /"Data Source"\s*:\s*"([^"]*)"/.exec(text)?.[1];
  const named = id ? parseDataSource(id) : undefined;
  if (named) return { kind: 'points', file, source: named };
  // No "Data Source" in the head: the type from the first point, the stream from the file's name.
  const dataType = /"dataTypeName"\s*:\s*"(com\.google\.[\w.]+)"/.exec(text)?.[1];
  if (!dataType) return undefined;
  const base = file.name
    .split('/')
    .pop()!
    .replace(/\.json$/i, '');
  const source: DataSource = {
    id: base,
    dataType,
    stream: base,
    merged: /merge_|_merged/.test(base) && !base.includes('resting_heart_rate'),
    device: null,
  };
  return { kind: 'points', file, source };
}
