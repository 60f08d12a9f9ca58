import type { ImportFile } from '../types';
import { shapeOf } from './data-types';
import { classify } from './entries';

/**
 * By content: activity-metrics CSV headers ("Start time,End time,…,Step count" in a file named by its
 * date, or the "Date,Move Minutes count,…" summary), "All Data" JSON with a com.google data type, an
 * "All Sessions" file, or Health Connect's SQLite export (claimed so that read can say it is not
 * supported yet).
 */
export async function detectGoogleFit(files: readonly ImportFile[]): Promise<number> {
  let best = 0;
  for (const file of files) {
    const entry = await classify(file);
    // A TCX track alone is no Takeout: other importers read tracks.
    if (!entry || entry.kind === 'activity-track') continue;
    const score =
      entry.kind === 'day-csv' || entry.kind === 'health-connect'
        ? 0.9
        : entry.kind === 'summary-csv' || (entry.kind === 'points' && shapeOf(entry.source))
          ? 0.85
          : entry.kind === 'session'
            ? 0.8
            : 0.6;
    best = Math.max(best, score);
    if (best >= 0.9) break;
  }
  return best;
}
