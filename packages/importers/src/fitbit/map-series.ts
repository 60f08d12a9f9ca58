import { parseTime, type NewSample } from '@healthfolio/core';
import type { Bucket } from './buckets';
import type { EntryType, SeriesType } from './entries';
import { fitbitDay, fitbitTime } from './fitbit-time';

const MINUTE = 60_000;

/** How each minute-level series is summed into slices, and in what unit the export writes it. */
export const SERIES: Record<SeriesType, { kind: string; sliceMs: number; average: boolean }> = {
  steps: { kind: 'steps', sliceMs: 15 * MINUTE, average: false },
  distance: { kind: 'distance', sliceMs: 15 * MINUTE, average: false },
  calories: { kind: 'calories', sliceMs: 15 * MINUTE, average: false },
  heart_rate: { kind: 'heart_rate', sliceMs: MINUTE, average: true },
};

// The JSON export writes distance in centimetres; the newer CSVs in metres.
const JSON_UNITS: Record<SeriesType, string> = {
  steps: '{count}',
  distance: 'cm',
  calories: 'kcal',
  heart_rate: '/min',
};
const CSV_UNITS: Record<SeriesType, string> = {
  steps: '{count}',
  distance: 'm',
  calories: 'kcal',
  heart_rate: '/min',
};

export type Reading = { ms: number; value: number } | { problem: string };

/** One minute-level JSON record: `{"dateTime":"01/31/23 07:05:00","value":"12"}`, heart rate `{"value":{"bpm":62}}`. */
export function jsonReading(item: unknown, type: SeriesType, zone: string): Reading {
  const record = item as { dateTime?: unknown; value?: unknown } | null;
  const at = fitbitTime(record?.dateTime, zone);
  if (!at) return { problem: `no readable dateTime (${JSON.stringify(record?.dateTime)})` };
  const raw = type === 'heart_rate' ? (record?.value as { bpm?: unknown } | undefined)?.bpm : record?.value;
  const value = Number(raw);
  if (raw === null || raw === '' || !Number.isFinite(value) || value < 0) {
    return { problem: `value ${JSON.stringify(raw)} is not a number` };
  }
  return { ms: at.ms, value };
}

/** One row of a newer time-series CSV: `timestamp,steps`. */
export function csvReading(cells: Record<string, string>, column: string, zone: string): Reading {
  const at = parseTime(cells.timestamp ?? '', zone);
  if (!at) return { problem: `timestamp "${cells.timestamp ?? ''}" is not a date` };
  const text = cells[column] ?? '';
  const value = Number(text);
  if (text === '' || !Number.isFinite(value) || value < 0)
    return { problem: `${column} "${text}" is not a number` };
  return { ms: at.ms, value };
}

/** A slice of summed (or, for heart rate, averaged) readings as a sample. */
export function sliceSample(
  type: SeriesType,
  format: 'json' | 'csv',
  bucket: Bucket,
  zone: string,
): NewSample | undefined {
  const { kind, average } = SERIES[type];
  const value = average ? bucket.sum / bucket.count : bucket.sum;
  // Minutes without movement are written as 0 whether the tracker was worn or not: keep none of them.
  if (value === 0 && (type === 'steps' || type === 'distance')) return undefined;
  return {
    kind,
    start: bucket.start,
    end: bucket.end,
    value,
    unit: (format === 'json' ? JSON_UNITS : CSV_UNITS)[type],
    utcOffsetMin: bucket.offsetMin,
    tz: zone,
    source: 'fitbit',
    originId: `${type}:${new Date(bucket.start).toISOString()}`,
  };
}

/** Why a slice of 0 steps or distance is skipped. */
export const EMPTY_SLICE = '15 minutes of 0: Fitbit writes 0 whether the tracker was worn or not';
/** Why a resting heart rate of 0 is skipped. */
export const NO_ESTIMATE = 'a 0: Fitbit writes it for days it could not estimate a resting heart rate';

/**
 * A day's resting heart rate: JSON `{"value":{"date":"01/31/23","value":58.3,"error":6.8}}`, or a CSV row;
 * undefined for a 0, Fitbit's "no estimate".
 */
export function restingSample(
  dayText: unknown,
  raw: unknown,
  zone: string,
): NewSample | { problem: string } | undefined {
  const day = fitbitDay(dayText, zone);
  if (!day) return { problem: `no readable date (${JSON.stringify(dayText)})` };
  const value = Number(raw);
  if (raw === null || raw === '' || !Number.isFinite(value))
    return { problem: `resting heart rate ${JSON.stringify(raw)} is not a number` };
  // Fitbit writes 0 for days it could not estimate a resting heart rate.
  if (value === 0) return undefined;
  return {
    kind: 'resting_heart_rate',
    start: day.start,
    end: day.end,
    value,
    unit: '/min',
    utcOffsetMin: day.offsetMin,
    tz: zone,
    source: 'fitbit',
    originId: `resting_heart_rate:${day.day}`,
  };
}

export const isSeries = (type: EntryType): type is SeriesType => type in SERIES;
