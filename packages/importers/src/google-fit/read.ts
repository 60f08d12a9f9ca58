import { zoneOffsetAt } from '@healthfolio/core';
import { ChunkBuffer } from '../shared/chunk-buffer';
import { readCsv } from '../shared/csv';
import { guarded } from '../shared/guarded';
import { jsonRecords } from '../shared/json-records';
import { isoLocalDay } from '../shared/local-day';
import {
  ImportFormatError,
  type ImportChunk,
  type ImportContext,
  type ImportFile,
  type ImportIssue,
} from '../types';
import { classify, type FitEntry } from './entries';
import { CSV_KINDS, readingCells, rowReadings, rowSpan, type Span } from './map-csv';
import { pointReadings, type Reading } from './map-points';
import { planEntries, readsAnything, type PointsPlan } from './plan';
import { sessionReading } from './sessions';

export const HEALTH_CONNECT_UNSUPPORTED =
  "Health Connect's database export is not supported yet; export through Google Takeout (Fit) instead";

/** The summary's rows of days a 15-minute file covers, as the skipped type. */
export const SUMMARY_DAYS_WITH_FILES = 'Daily activity metrics.csv (days with a 15-minute file)';

/** Activities/*.tcx, as the skipped type: one reading a file. */
export const ACTIVITY_TRACKS = 'Activities (TCX)';

const DAY_MS = 86_400_000;

/**
 * The local days (in the account's zone) All Data holds each CSV kind on, so the CSVs' repeats of
 * them are left out. Days are kept as day numbers since 1970: a year of steps is 365 of them.
 */
class Coverage {
  private readonly days = new Map<string, Set<number>>();
  constructor(private readonly zone: string) {}

  add(kind: string, ms: number): void {
    if (!CSV_KINDS.has(kind)) return;
    const day = Math.floor((ms + zoneOffsetAt(this.zone, ms) * 60_000) / DAY_MS);
    let set = this.days.get(kind);
    if (!set) this.days.set(kind, (set = new Set()));
    set.add(day);
  }

  /** Whether All Data holds `kind` on "2024-03-10". */
  has(kind: string, isoDay: string): boolean {
    const days = this.days.get(kind);
    return days !== undefined && days.has(Date.parse(`${isoDay}T00:00:00Z`) / DAY_MS);
  }
}

/** Hands one reading to the chunk: a sample, a skip or an issue, each counted once. */
function take(out: ChunkBuffer, reading: Reading, where: Omit<ImportIssue, 'message'>): void {
  if ('sample' in reading) {
    out.record();
    out.add(reading.sample);
  } else if ('skip' in reading) {
    out.skip(reading.skip, reading.reason);
  } else {
    out.record();
    out.issue({ ...where, message: reading.problem });
  }
}

/**
 * The whole Takeout "Fit" folder, each reading once (plan.ts, map-csv.ts): All Data first, then the
 * sessions, then the 15-minute CSVs (cells All Data holds finer are left to it), then the daily summary
 * (days a 15-minute file covers are left to it).
 */
export async function* readGoogleFit(
  files: readonly ImportFile[],
  context: ImportContext,
): AsyncGenerator<ImportChunk> {
  const entries: FitEntry[] = [];
  for (const file of [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const entry = await classify(file);
    if (entry) entries.push(entry);
  }
  const plan = planEntries(entries);
  if (!readsAnything(plan) && plan.healthConnect) {
    throw new ImportFormatError(HEALTH_CONNECT_UNSUPPORTED, { file: plan.healthConnect.name });
  }
  const out = new ChunkBuffer();
  if (plan.healthConnect) {
    out.warnOnce(`${HEALTH_CONNECT_UNSUPPORTED}: ${plan.healthConnect.name} was skipped.`);
  }
  const covered = new Coverage(context.timeZone);
  for (const points of plan.points) {
    if (context.signal?.aborted) return;
    yield* readPoints(points, plan.sleepSegments, context, out, covered);
  }
  for (const file of plan.sessions) {
    if (context.signal?.aborted) return;
    take(out, await sessionReading(file, context.timeZone), { file: file.name });
    if (out.full) yield* out.chunks();
  }
  if (plan.tracks.length) {
    out.skip(
      ACTIVITY_TRACKS,
      "an activity's track: the workout is read from its session in All Sessions, its heart rate, speed and distance from All Data, and its locations are never stored",
      plan.tracks.length,
    );
  }
  const daysWithFiles = new Set(plan.days.map((d) => d.date));
  for (const { file, date } of plan.days) {
    if (context.signal?.aborted) return;
    yield* guarded(file, out, () =>
      readRows(file, context, out, covered, (cells) => {
        const span = rowSpan(date, cells, context.timeZone);
        return typeof span === 'string' ? { problem: span } : { span, day: date, daily: false };
      }),
    );
  }
  for (const file of plan.summaries) {
    if (context.signal?.aborted) return;
    yield* guarded(file, out, () =>
      readRows(file, context, out, covered, (cells) => {
        const day = isoLocalDay(cells.Date ?? '', context.timeZone);
        if (!day) return { problem: `Date "${cells.Date ?? ''}" is not a date` };
        if (daysWithFiles.has(day.day)) return 'with-file';
        const span = { start: day.start, end: day.end, offsetMin: day.offsetMin, tz: context.timeZone };
        return { span, day: day.day, daily: true };
      }),
    );
  }
  yield* out.chunks(true);
}

/** Where a CSV row goes: over a span of a day, to the day's 15-minute file, or refused. */
type RowPlace = { span: Span; day: string; daily: boolean } | 'with-file' | { problem: string };

async function* readRows(
  file: ImportFile,
  context: ImportContext,
  out: ChunkBuffer,
  covered: Coverage,
  place: (cells: Record<string, string>) => RowPlace,
): AsyncGenerator<ImportChunk> {
  for await (const { cells, line } of readCsv(file)) {
    if (context.signal?.aborted) return;
    const where = { file: file.name, line };
    const row = place(cells);
    if (row === 'with-file') {
      const n = readingCells(cells).length;
      if (n) {
        out.skip(
          SUMMARY_DAYS_WITH_FILES,
          "the day's 15-minute file (Daily activity metrics/YYYY-MM-DD.csv) holds the same figures, finer",
          n,
        );
      }
      continue;
    }
    if ('problem' in row) {
      // A row that cannot be placed in time is one reading refused, whatever its cells hold.
      take(out, row, where);
      continue;
    }
    for (const reading of rowReadings(cells, row.span, row.daily, (kind) => covered.has(kind, row.day))) {
      take(out, reading, where);
    }
    if (out.full) yield* out.chunks();
  }
}

async function* readPoints(
  plan: PointsPlan,
  sleepSegments: boolean,
  context: ImportContext,
  out: ChunkBuffer,
  covered: Coverage,
): AsyncGenerator<ImportChunk> {
  const { file } = plan;
  const ctx =
    'shape' in plan
      ? { source: plan.source, shape: plan.shape, zone: context.timeZone, sleepSegments }
      : undefined;
  let record = 0;
  try {
    for await (const { value: item } of jsonRecords(file, { array: { key: 'Data Points' } })) {
      if (context.signal?.aborted) return;
      if ('skip' in plan) out.skip(plan.skip, plan.reason);
      else {
        for (const reading of pointReadings(item, ctx!, record)) {
          take(out, reading, { file: file.name, record });
          if ('sample' in reading) covered.add(reading.sample.kind, reading.sample.start);
        }
      }
      record++;
      if (out.full) yield* out.chunks();
    }
  } catch (error) {
    yield* out.chunks(true);
    throw new ImportFormatError(
      `${file.name} is damaged after data point ${record}: ${(error as Error).message}`,
      { file: file.name, record },
    );
  }
}
