import type { NewSample } from '@healthfolio/core';
import { parseTime } from '../time';

/** The activity-metrics columns we keep, the kind each becomes and the unit its header names. */
const COLUMNS: { column: string; kind: string; unit: string; skipZero: boolean; daily: boolean }[] = [
  { column: 'Step count', kind: 'steps', unit: '{count}', skipZero: true, daily: true },
  { column: 'Distance (m)', kind: 'distance', unit: 'm', skipZero: true, daily: true },
  { column: 'Calories (kcal)', kind: 'calories', unit: 'kcal', skipZero: false, daily: true },
  { column: 'Move Minutes count', kind: 'exercise_minutes', unit: 'min', skipZero: true, daily: true },
  // A whole day's average heart rate is no reading anyone took; the 15-minute averages are kept.
  { column: 'Average heart rate (bpm)', kind: 'heart_rate', unit: '/min', skipZero: true, daily: false },
  { column: 'Average weight (kg)', kind: 'weight', unit: 'kg', skipZero: true, daily: true },
];

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

/** The samples of one row, over `span`; a blank cell is no data, a bad one a problem. */
export function rowSamples(
  cells: Record<string, string>,
  span: Span,
  daily: boolean,
): { samples: NewSample[]; problems: string[] } {
  const samples: NewSample[] = [];
  const problems: string[] = [];
  for (const c of COLUMNS) {
    if (daily && !c.daily) continue;
    const text = cells[c.column]?.trim();
    if (!text) continue;
    const value = Number(text);
    if (!Number.isFinite(value) || value < 0) {
      problems.push(`${c.column} "${text}" is not a number`);
      continue;
    }
    if (value === 0 && c.skipZero) continue;
    samples.push({
      kind: c.kind,
      start: span.start,
      end: span.end,
      value,
      unit: c.unit,
      utcOffsetMin: span.offsetMin,
      tz: span.tz ?? null,
      source: 'google_health_connect',
      originId: `${c.kind}:${new Date(span.start).toISOString()}`,
    });
  }
  return { samples, problems };
}
