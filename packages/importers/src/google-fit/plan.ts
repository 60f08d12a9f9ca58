import type { ImportFile } from '../types';
import type { DataSource } from './data-source';
import { shapeOf, skipReason, streamGroup, type PointShape } from './data-types';
import type { FitEntry } from './entries';

/** What becomes of one All Data file: its points read, or every point of it skipped with why. */
export type PointsPlan =
  | { file: ImportFile; source: DataSource; shape: PointShape }
  | { file: ImportFile; source: DataSource; skip: string; reason: string };

/** Every file of the upload in the order it is read, and what is done with it. */
export interface FitPlan {
  points: PointsPlan[];
  sessions: ImportFile[];
  /** Activities/*.tcx, each skipped as one reading: its session and All Data hold what it does. */
  tracks: ImportFile[];
  days: { file: ImportFile; date: string }[];
  summaries: ImportFile[];
  healthConnect?: ImportFile;
  /** The upload has com.google.sleep.segment, which activity segments' sleep would repeat. */
  sleepSegments: boolean;
}

/**
 * All of it is read, each reading once:
 * - All Data: each source of a type writes its own file, and Google's merged stream of the type
 *   (`merge_…`) already combines them without double counting; so where a type has one, the other
 *   sources' points are skipped (named by their data source). Types with no metric are skipped.
 * - The activity-metrics CSVs repeat All Data in 15-minute rows and daily totals; which cells are left
 *   to All Data, and which summary days to the 15-minute files, is decided as they are read (read.ts).
 */
export function planEntries(entries: readonly FitEntry[]): FitPlan {
  const plan: FitPlan = {
    points: [],
    sessions: [],
    tracks: [],
    days: [],
    summaries: [],
    sleepSegments: false,
  };
  const mergedStreams = new Map<string, string>();
  for (const e of entries) {
    if (e.kind === 'points' && e.source.merged && shapeOf(e.source)) {
      mergedStreams.set(streamGroup(e.source), e.source.stream);
    }
  }
  for (const e of entries) {
    if (e.kind === 'session') plan.sessions.push(e.file);
    else if (e.kind === 'day-csv') plan.days.push({ file: e.file, date: e.date });
    else if (e.kind === 'summary-csv') plan.summaries.push(e.file);
    else if (e.kind === 'activity-track') plan.tracks.push(e.file);
    else if (e.kind === 'health-connect') plan.healthConnect ??= e.file;
    else plan.points.push(pointsPlan(e.file, e.source, mergedStreams));
  }
  plan.sleepSegments = plan.points.some(
    (p) => 'shape' in p && p.source.dataType === 'com.google.sleep.segment',
  );
  return plan;
}

function pointsPlan(file: ImportFile, source: DataSource, merged: Map<string, string>): PointsPlan {
  const shape = shapeOf(source);
  if (!shape) return { file, source, skip: source.dataType, reason: skipReason(source.dataType) };
  const mergedStream = merged.get(streamGroup(source));
  if (mergedStream !== undefined && !source.merged) {
    return {
      file,
      source,
      skip: source.id,
      reason: `Google's merged stream of ${source.dataType} (${mergedStream}) holds the same readings`,
    };
  }
  return { file, source, shape };
}

/** Whether anything in the upload is ours to read, beside a Health Connect database. */
export const readsAnything = (plan: FitPlan): boolean =>
  plan.points.length + plan.sessions.length + plan.days.length + plan.summaries.length > 0 ||
  plan.tracks.length > 0;
