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
