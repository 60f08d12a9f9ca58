import { filled, reasonFor, type Skip } from './fields';
import type { RecordKind } from './records';
import type { Fields } from './values';

/** Columns only Oura's "trends" CSV (the older web dashboard export) has, by which it is told apart. */
export const TRENDS_COLUMNS = [
  'Sleep Score',
  'Readiness Score',
  'Activity Burn',
  'Lowest Resting Heart Rate',
  'Bedtime Start',
  'Average HRV',
];

/**
 * One day of the trends CSV, renamed to the v2 API fields so one mapping serves both. Durations are
 * seconds, bedtimes carry their offset; older files say "Total Sleep Time", newer "Total Sleep Duration".
 */
export function trendsRecords(cells: Record<string, string>): { kind: RecordKind; fields: Fields }[] {
  const date = cells['date'] ?? '';
  const records: { kind: RecordKind; fields: Fields }[] = [];
  if (cells['Bedtime Start'] || cells['Bedtime End']) {
    records.push({
      kind: 'sleep',
      fields: {
        id: `${date}:sleep`,
        day: date,
        type: 'long_sleep',
        bedtime_start: cells['Bedtime Start'],
        bedtime_end: cells['Bedtime End'],
        total_sleep_duration: cells['Total Sleep Duration'] ?? cells['Total Sleep Time'],
        lowest_heart_rate: cells['Lowest Resting Heart Rate'],
        average_hrv: cells['Average HRV'],
        average_breath: cells['Respiratory Rate'],
      },
    });
  }
  if (cells['Steps'] || cells['Activity Burn'] || cells['Total Burn']) {
    records.push({
      kind: 'activity',
      fields: {
        id: `${date}:activity`,
        day: date,
        steps: cells['Steps'],
        active_calories: cells['Activity Burn'],
        total_calories: cells['Total Burn'],
      },
    });
  }
  return records;
}

const SLEEP_COLUMNS = [
  'Total Sleep Duration',
  'Total Sleep Time',
  'Lowest Resting Heart Rate',
  'Average HRV',
  'Respiratory Rate',
];
const ACTIVITY_COLUMNS = ['Steps', 'Activity Burn', 'Total Burn'];
const PLACING = ['date', 'Bedtime Start', 'Bedtime End'];

/**
 * The filled cells of a trends row that its records (`trendsRecords`) do not read, each a reading skipped
 * under its column name: the scores, stage times, averages and targets, and the night's columns of a row
 * without bedtimes to place the night at.
 */
export function trendsSkipped(cells: Record<string, string>, made: readonly RecordKind[]): Skip[] {
  const read = new Set(PLACING);
  if (made.includes('sleep')) for (const c of SLEEP_COLUMNS) read.add(c);
  if (made.includes('activity')) for (const c of ACTIVITY_COLUMNS) read.add(c);
  const skipped: Skip[] = [];
  for (const column in cells) {
    if (read.has(column) || !filled(cells[column])) continue;
    const unplaced = SLEEP_COLUMNS.includes(column) && 'the row has no bedtimes to place the night at';
    skipped.push({ type: column, reason: unplaced || reasonFor(column) });
  }
  return skipped;
}
