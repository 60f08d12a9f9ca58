import { zoneOffsetAt, type NewSample } from '@healthfolio/core';
import type { ImportContext, ImportIssue } from '../types';
import { parseActivityDate } from './date';
import type { Columns } from '../shared/csv';
import { groupedNumber } from '../shared/numbers';
import { activityName } from './names';

/** A CSV row mapped: a workout, or the reason it was not. */
export type CsvResult = { sample: NewSample } | { issue: ImportIssue } | { skip: true };

export function mapActivityRow(
  row: string[],
  line: number,
  cols: Columns,
  file: string,
  context: ImportContext,
): CsvResult {
  const id = cols.first(row, 'Activity ID');
  if (row.every((c) => c.trim() === '')) return { skip: true };
  const issue = (message: string): CsvResult => ({ issue: { message, file, line } });
  if (!/^\d+$/.test(id)) return issue(`Activity ID "${id}" is not a Strava activity id`);
  const start = parseActivityDate(cols.first(row, 'Activity Date'));
  if (start === undefined)
    return issue(`Activity ${id}: Activity Date "${cols.first(row, 'Activity Date')}" is not a date`);
  const elapsed = cols
    .all(row, 'Elapsed Time')
    .map(groupedNumber)
    .find((n) => n !== undefined);
  if (elapsed === undefined || elapsed < 0) return issue(`Activity ${id}: no Elapsed Time`);
  const type = cols.first(row, 'Activity Type');
  return {
    sample: {
      kind: 'workout',
      start,
      end: start + Math.round(elapsed * 1000),
      value: Math.round((elapsed / 60) * 100) / 100,
      unit: 'min',
      utcOffsetMin: zoneOffsetAt(context.timeZone, start),
      tz: context.timeZone,
      source: 'strava',
      originId: id,
      meta: {
        workout: {
          activity: activityName(type),
          distanceM: distanceMetres(row, cols, type),
          energyKcal: groupedNumber(cols.first(row, 'Calories')),
          avgHeartRate: groupedNumber(cols.first(row, 'Average Heart Rate')),
        },
        provenance: { name: cols.first(row, 'Activity Name') || null, file },
      },
    },
  };
}

/**
 * The later "Distance" column is metres. Exports from before it existed have only the summary column,
 * in kilometres (metres for swims), which is read as such; a blank metres cell stays blank.
 */
function distanceMetres(row: string[], cols: Columns, type: string): number | undefined {
  const cells = cols.all(row, 'Distance');
  if (cells.length >= 2) return groupedNumber(cells.at(-1)!);
  const summary = groupedNumber(cells[0] ?? '');
  if (summary === undefined) return undefined;
  return /swim/i.test(type) ? summary : Math.round(summary * 1000 * 10) / 10;
}
