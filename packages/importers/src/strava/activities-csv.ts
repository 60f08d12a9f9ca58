import { zoneOffsetAt, type NewSample } from '@healthfolio/core';
import type { ImportContext, ImportIssue } from '../types';
import { parseActivityDate } from './date';
import type { Columns } from '../shared/csv';
import { groupedNumber } from '../shared/numbers';
import { activityName } from './names';

/** A CSV row mapped: a workout, or the reason it was not; undefined for a blank row, which is no record. */
export type CsvResult = { sample: NewSample } | { issue: ImportIssue };

export function mapActivityRow(
  row: string[],
  line: number,
  cols: Columns,
  file: string,
  context: ImportContext,
): CsvResult | undefined {
  const id = cols.first(row, 'Activity ID');
  if (row.every((c) => c.trim() === '')) return undefined;
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

/** Columns that place, name or label an activity (flags, gear, files, times of day), not readings. */
const NOT_READINGS = new Set([
  'Activity ID',
  'Activity Date',
  'Activity Name',
  'Activity Type',
  'Commute',
  'Activity Gear',
  'Filename',
  'Type',
  'Start Time',
  'Prefer Perceived Exertion',
  'From Upload',
  'Weather Observation Time',
  'Weather Condition',
  'Sunrise Time',
  'Sunset Time',
  'Bike',
  'Gear',
  'Media',
  'Flagged',
  'With Pet',
  'Competition',
  'Long Run',
  'For a Cause',
]);

/** The columns a workout is read from: its length, distance, energy and average heart rate. */
const READ = new Set(['Elapsed Time', 'Distance', 'Calories', 'Average Heart Rate']);

const NOTE = 'a note, not a measurement';
const WEATHER = 'the weather at the time, not a reading of you';
const REASONS: Record<string, string> = {
  'Activity Description': NOTE,
  'Activity Private Note': NOTE,
  'Athlete Weight': 'your profile weight, copied onto each activity: not a weighing',
  'Bike Weight': "the bike's weight, not a reading of you",
  'Weather Temperature': WEATHER,
  'Apparent Temperature': WEATHER,
  Dewpoint: WEATHER,
  Humidity: WEATHER,
  'Weather Pressure': WEATHER,
  'Wind Speed': WEATHER,
  'Wind Gust': WEATHER,
  'Wind Bearing': WEATHER,
  'Precipitation Intensity': WEATHER,
  'Precipitation Probability': WEATHER,
  'Moon Phase': WEATHER,
  'Cloud Cover': WEATHER,
  'Weather Visibility': WEATHER,
  'UV Index': WEATHER,
  'Weather Ozone': WEATHER,
};
const FIGURE = 'a workout keeps its length, distance, energy and average heart rate, not this figure';

/** A column whose cells are readings a workout does not keep; a name Strava writes twice is one reading. */
export interface UnkeptColumn {
  name: string;
  positions: number[];
  reason: string;
}

/**
 * The columns of activities.csv whose filled cells are readings skipped under their names (Max Heart
 * Rate, Elevation Gain, Average Watts, Athlete Weight, the weather, the notes …): every column that is
 * neither read nor one that places or labels the activity.
 */
export function unkeptColumns(header: readonly string[]): UnkeptColumn[] {
  const byName = new Map<string, UnkeptColumn>();
  header.forEach((raw, index) => {
    const name = raw.replace(/^\uFEFF/, '').trim();
    if (name === '' || READ.has(name) || NOT_READINGS.has(name)) return;
    const known = byName.get(name);
    if (known) known.positions.push(index);
    else byName.set(name, { name, positions: [index], reason: REASONS[name] ?? FIGURE });
  });
  return [...byName.values()];
}
