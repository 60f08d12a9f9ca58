import { ChunkBuffer } from '../shared/chunk-buffer';
import { readCsv } from '../shared/csv';
import { guarded } from '../shared/guarded';
import { jsonRecords } from '../shared/json-records';
import { isoLocalDay } from '../shared/local-day';
import { ImportFormatError, type ImportChunk, type ImportContext, type ImportFile } from '../types';
import { classify, type FitEntry } from './entries';
import { rowSamples, rowSpan, type Span } from './map-csv';
import { POINT_TYPES, pointSample } from './map-points';

export const HEALTH_CONNECT_UNSUPPORTED =
  "Health Connect's database export is not supported yet; export through Google Takeout (Fit) instead";

/**
 * The activity-metrics CSVs, "All Data" and Health Connect's export all hold the same measurements,
 * so only one is read: the 15-minute per-day CSVs; else the daily summary; else the All Data points.
 */
export function chooseEntries(entries: FitEntry[]): FitEntry[] {
  const days = entries.filter((e) => e.kind === 'day-csv');
  if (days.length) return days;
  const summary = entries.filter((e) => e.kind === 'summary-csv');
  if (summary.length) return summary;
  const points = entries.filter((e) => e.kind === 'points' && POINT_TYPES[e.dataType]);
  // Each source writes its own file per type; Google's merged stream already combines them without
  // double counting, so where a type has one, the per-source files are left out.
  const mergedTypes = new Set(points.flatMap((e) => (e.kind === 'points' && e.merged ? [e.dataType] : [])));
  return points.filter((e) => e.kind === 'points' && (e.merged || !mergedTypes.has(e.dataType)));
}

export async function* readGoogleFit(
  files: readonly ImportFile[],
  context: ImportContext,
): AsyncGenerator<ImportChunk> {
  const entries: FitEntry[] = [];
  for (const file of [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const entry = await classify(file);
    if (entry) entries.push(entry);
  }
  const chosen = chooseEntries(entries);
  const healthConnect = entries.find((e) => e.kind === 'health-connect');
  if (!chosen.length && healthConnect) {
    throw new ImportFormatError(HEALTH_CONNECT_UNSUPPORTED, { file: healthConnect.file.name });
  }
  const out = new ChunkBuffer();
  if (healthConnect) out.warnOnce(`${HEALTH_CONNECT_UNSUPPORTED}: ${healthConnect.file.name} was skipped.`);
  for (const entry of chosen) {
    if (context.signal?.aborted) return;
    if (entry.kind === 'points') yield* readPoints(entry.file, entry.dataType, context, out);
    else yield* guarded(entry.file, out, () => readRows(entry, context, out));
  }
  yield* out.chunks(true);
}

async function* readRows(
  entry: FitEntry,
  context: ImportContext,
  out: ChunkBuffer,
): AsyncGenerator<ImportChunk> {
  for await (const { cells, line } of readCsv(entry.file)) {
    if (context.signal?.aborted) return;
    out.record();
    const where = { file: entry.file.name, line };
    let span: Span | string;
    if (entry.kind === 'day-csv') {
      span = rowSpan(entry.date, cells, context.timeZone);
    } else {
      const day = isoLocalDay(cells.Date ?? '', context.timeZone);
      span = day
        ? { start: day.start, end: day.end, offsetMin: day.offsetMin, tz: context.timeZone }
        : `Date "${cells.Date ?? ''}" is not a date`;
    }
    if (typeof span === 'string') {
      out.issue({ ...where, message: span });
      continue;
    }
    const { samples, problems } = rowSamples(cells, span, entry.kind === 'summary-csv');
    for (const sample of samples) out.add(sample);
    for (const message of problems) out.issue({ ...where, message });
    if (out.full) yield* out.chunks();
  }
}

async function* readPoints(
  file: ImportFile,
  dataType: string,
  context: ImportContext,
  out: ChunkBuffer,
): AsyncGenerator<ImportChunk> {
  let record = 0;
  try {
    for await (const { value: item } of jsonRecords(file, { array: { key: 'Data Points' } })) {
      if (context.signal?.aborted) return;
      out.record();
      const sample = pointSample(item, dataType, context.timeZone);
      if ('problem' in sample) out.issue({ file: file.name, record, message: sample.problem });
      else out.add(sample);
      record++;
      if (out.full) yield* out.chunks();
    }
  } catch (error) {
    yield* out.chunks(true);
    throw new ImportFormatError(
      `${file.name} is damaged after data point ${record}: ${(error as Error).message}`,
      {
        file: file.name,
        record,
      },
    );
  }
}
