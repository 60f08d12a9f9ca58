import { parseTime, type NewSample } from '@healthfolio/core';
import type { Reading } from './map-points';

const ADDS_NOTHING = 'a 0 adds nothing to the day';
const NO_READING = '0 is no reading';

interface Column {
  kind: string;
  unit: string;
  /** Why a 0 is left out; kept where unset. */
  zero?: string;
  /** The All Data type that holds the same readings, finer. */
  dataType: string;
  /** Why the daily summary's cell is left out, where a day's figure means nothing. */
  notDaily?: string;
}

/** The activity-metrics columns read, the kind each becomes and the unit its header names. */
const COLUMNS: Record<string, Column> = {
  'Move Minutes count': {
    kind: 'exercise_minutes',
    unit: 'min',
    zero: ADDS_NOTHING,
    dataType: 'com.google.active_minutes',
  },
  'Calories (kcal)': { kind: 'calories', unit: 'kcal', dataType: 'com.google.calories.expended' },
  'Distance (m)': { kind: 'distance', unit: 'm', zero: ADDS_NOTHING, dataType: 'com.google.distance.delta' },
  'Heart Points': {
    kind: 'heart_points',
    unit: '{count}',
    zero: ADDS_NOTHING,
    dataType: 'com.google.heart_minutes',
  },
  'Average heart rate (bpm)': {
    kind: 'heart_rate',
    unit: '/min',
    zero: NO_READING,
    dataType: 'com.google.heart_rate.bpm',
    notDaily: "a whole day's average heart rate is no reading anyone took; the 15-minute averages are kept",
  },
  'Average speed (m/s)': {
    kind: 'speed',
    unit: 'm/s',
    zero: NO_READING,
    dataType: 'com.google.speed',
    notDaily: "a whole day's average speed says little; the 15-minute averages are kept",
  },
  'Step count': {
    kind: 'steps',
    unit: '{count}',
    zero: ADDS_NOTHING,
    dataType: 'com.google.step_count.delta',
  },
  'Average weight (kg)': { kind: 'weight', unit: 'kg', zero: NO_READING, dataType: 'com.google.weight' },
};

/** The kinds the CSVs hold, which All Data may hold finer. */
export const CSV_KINDS: ReadonlySet<string> = new Set(Object.values(COLUMNS).map((c) => c.kind));

/** Why the other columns are left out. */
const LEFT_OUT: [RegExp, string][] = [
  [/^Heart Minutes$/, 'minutes at a raised heart rate, which the Heart Points column already counts'],
  [/^(Max|Min) heart rate/, 'the highest and lowest heart rate of the time; its average is kept'],
  [/^(Max|Min) speed/, 'the highest and lowest speed of the time; its average is kept'],
  [/^(Max|Min) weight/, 'the highest and lowest weight of the time; its average is kept'],
  [/(latitude|longitude)/i, 'Locations are never stored: Healthfolio keeps no record of where you were'],
  [
    / duration \(ms\)$/,
    'time Google Fit guessed you spent in each activity (walking, running, inactive …); workouts are read from All Sessions',
  ],
];

const TIME_COLUMNS = new Set(['Start time', 'End time', 'Date']);

export interface Span {
  start: number;
  end: number;
  offsetMin: number;
  tz?: string;
}

/**
 * A 15-minute row of "Daily activity metrics/2024-03-10.csv": "Start time" and "End time" are
 * "03:00:00.000-04:00", read on the file's date with their own offset (so DST days come out right;
 * a time without one is read in `zone`). The last row ends at "00:00:00.000", on the next day.
 */
export function rowSpan(date: string, cells: Record<string, string>, zone: string): Span | string {
  const startText = cells['Start time'] ?? '';
  const start = parseTime(`${date}T${startText}`, zone);
  let end = parseTime(`${date}T${cells['End time'] ?? ''}`, zone);
  if (!start || !end)
    return `Start time "${startText}" / End time "${cells['End time'] ?? ''}" are not times`;
  if (end.ms <= start.ms) end = { ms: end.ms + 86_400_000, offsetMin: end.offsetMin };
  const ownOffset = /(?:[+-]\d{2}:?\d{2}|Z)$/i.test(startText);
  return { start: start.ms, end: end.ms, offsetMin: start.offsetMin, tz: ownOffset ? undefined : zone };
}

/** The cells of a row that hold readings: every column but the times, where something is written. */
export const readingCells = (cells: Record<string, string>): [string, string][] =>
  Object.entries(cells).filter(([column, text]) => !TIME_COLUMNS.has(column) && text.trim() !== '');

/**
 * The readings of one row over `span`: one a written cell. `daily` for the summary's rows; `covered`
 * says whether All Data holds a kind on the row's day, finer, so that the cell is left to it.
 */
export function rowReadings(
  cells: Record<string, string>,
  span: Span,
  daily: boolean,
  covered: (kind: string) => boolean,
): Reading[] {
  const out: Reading[] = [];
  for (const [column, raw] of readingCells(cells)) {
    const c = COLUMNS[column];
    if (!c) {
      const reason = LEFT_OUT.find(([pattern]) => pattern.test(column))?.[1];
      out.push({ skip: column, reason: reason ?? 'Healthfolio has no metric for it yet' });
      continue;
    }
    if (daily && c.notDaily) {
      out.push({ skip: `${column} (day average)`, reason: c.notDaily });
      continue;
    }
    const text = raw.trim();
    const value = Number(text);
    if (!Number.isFinite(value) || value < 0) {
      out.push({ problem: `${column} "${text}" is not a number` });
    } else if (value === 0 && c.zero) {
      out.push({ skip: `${column} = 0`, reason: c.zero });
    } else if (covered(c.kind)) {
      out.push({
        skip: `${column} (also in All Data)`,
        reason: `All Data's ${c.dataType} holds the same readings, finer, and is read instead`,
      });
    } else {
      out.push({ sample: rowSample(c, value, span) });
    }
  }
  return out;
}

function rowSample(c: Column, value: number, span: Span): NewSample {
  return {
    kind: c.kind,
    start: span.start,
    end: span.end,
    value,
    unit: c.unit,
    utcOffsetMin: span.offsetMin,
    tz: span.tz ?? null,
    source: 'google_health_connect',
    originId: `${c.kind}:${new Date(span.start).toISOString()}`,
  };
}
