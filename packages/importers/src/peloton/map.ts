import type { NewSample } from '@healthfolio/core';
import type { ImportContext, ImportIssue } from '../types';
import type { Columns } from '../shared/csv';
import { groupedNumber } from '../shared/numbers';
import { parsePelotonTime } from './timestamp';

const METRES_PER_MILE = 1609.344;

/** The distance column is "Distance (mi)", "Distance (miles)" or "Distance (km)" by the account's units. */
export function distanceColumn(header: readonly string[]): { name: string; metres: number } | undefined {
  for (const name of header) {
    const unit = /^Distance \((mi|miles|km)\)$/i.exec(name.trim())?.[1]?.toLowerCase();
    if (unit) return { name: name.trim(), metres: unit === 'km' ? 1000 : METRES_PER_MILE };
  }
  return undefined;
}

/** Columns that place, name or make the workout, or whose figures its meta keeps. */
const READ = [
  'Workout Timestamp',
  'Live/On-Demand',
  'Instructor Name',
  'Length (minutes)',
  'Fitness Discipline',
  'Type',
  'Title',
  'Class Timestamp',
  'Total Output',
  'Calories Burned',
  'Avg. Heartrate',
];

/**
 * The columns whose figures a workout does not keep (Avg. Watts, Avg. Resistance, Avg. Cadence, Avg.
 * Speed, Avg. Incline, Avg. Pace, any column Peloton adds), by position: each filled cell is a reading
 * skipped under the column's name.
 */
export function unkeptColumns(header: readonly string[]): { index: number; name: string; reason: string }[] {
  const distance = distanceColumn(header)?.name;
  return header
    .map((raw, index) => ({ index, name: raw.replace(/^\uFEFF/, '').trim() }))
    .filter(({ name }) => name !== '' && name !== distance && !READ.includes(name))
    .map(({ index, name }) => ({
      index,
      name,
      reason: name.startsWith('Avg.')
        ? 'a workout keeps its length, distance, energy, average heart rate and output, not this average'
        : 'Healthfolio does not read this Peloton column yet',
    }));
}

/** One row of the Peloton workouts CSV as a workout, or why it is not one. */
export function mapWorkoutRow(
  row: string[],
  line: number,
  cols: Columns,
  distance: ReturnType<typeof distanceColumn>,
  file: string,
  context: ImportContext,
): { sample: NewSample } | { issue: ImportIssue } {
  const cell = (name: string) => cols.first(row, name);
  const stamp = cell('Workout Timestamp');
  const time = parsePelotonTime(stamp, context.timeZone);
  if (!time) return { issue: { message: `Workout Timestamp "${stamp}" is not a time`, file, line } };
  const minutes = groupedNumber(cell('Length (minutes)'));
  if (minutes === undefined || minutes < 0) {
    return {
      issue: {
        message: `Workout at ${stamp}: Length (minutes) "${cell('Length (minutes)')}" is not a length`,
        file,
        line,
      },
    };
  }
  const title = cell('Title');
  const miles = distance ? groupedNumber(cell(distance.name)) : undefined;
  const discipline = cell('Fitness Discipline');
  return {
    sample: {
      kind: 'workout',
      start: time.ms,
      end: time.ms + Math.round(minutes * 60_000),
      value: minutes,
      unit: 'min',
      utcOffsetMin: time.offsetMin,
      ...(time.tz ? { tz: time.tz } : {}),
      source: 'peloton',
      originId: `${Math.floor(time.ms / 1000)}:${title}`,
      meta: {
        workout: {
          activity: discipline
            ? discipline
                .trim()
                .toLowerCase()
                .replace(/[\s/-]+/g, '_')
            : 'workout',
          distanceM: miles === undefined ? undefined : Math.round(miles * distance!.metres * 10) / 10,
          energyKcal: groupedNumber(cell('Calories Burned')),
          avgHeartRate: groupedNumber(cell('Avg. Heartrate')),
        },
        provenance: {
          title: title || null,
          instructor: cell('Instructor Name') || null,
          classType: cell('Type') || null,
          live: cell('Live/On-Demand') || null,
          totalOutputKj: groupedNumber(cell('Total Output')) ?? null,
        },
      },
    },
  };
}
