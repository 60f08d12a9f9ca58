import type { NewSample } from '@healthfolio/core';
import { readNumber } from '../shared/numbers';
import type { GlucoseUnit } from './detect';
import { parseDeviceTimestamp, type DateOrder } from './timestamp';

/** A glucose row's reading: its sample, or why it could not be read. */
export type Mapped = { sample: NewSample } | { problem: string };

/** Record Type 0 is the sensor's own 15-minute history, 1 a scan; 4–6 are insulin, food and notes. */
const READINGS: Record<string, { column: 'Historic' | 'Scan'; reading: string }> = {
  '0': { column: 'Historic', reading: 'historic' },
  '1': { column: 'Scan', reading: 'scan' },
};

/** The sensor's reporting range, for "LO" / "HI" should an export print them instead of the bound. */
const SENSOR_RANGE: Record<GlucoseUnit, { low: number; high: number }> = {
  'mg/dL': { low: 40, high: 500 },
  'mmol/L': { low: 2.2, high: 27.8 },
};

/** The column of a row's glucose reading (`Historic Glucose mg/dL`), undefined for a row of another type. */
export function glucoseColumn(cells: Record<string, string>, unit: GlucoseUnit): string | undefined {
  const kind = READINGS[cells['Record Type'] ?? ''];
  return kind && `${kind.column} Glucose ${unit}`;
}

/** A historic or scan row (see `glucoseColumn`) as a blood_glucose sample, or why it is not one. */
export function mapRow(
  cells: Record<string, string>,
  unit: GlucoseUnit,
  order: DateOrder,
  timeZone: string,
): Mapped {
  const type = cells['Record Type'] ?? '';
  const kind = READINGS[type]!;

  const stamp = cells['Device Timestamp'] ?? '';
  const time = parseDeviceTimestamp(stamp, order, timeZone);
  if (!time) return { problem: `Reading has no readable Device Timestamp ("${stamp}")` };

  const text = cells[`${kind.column} Glucose ${unit}`] ?? '';
  let value = readNumber(text);
  let valueText: string | undefined;
  if (/^(lo|low)$/i.test(text)) [value, valueText] = [SENSOR_RANGE[unit].low, 'LO'];
  else if (/^(hi|high)$/i.test(text)) [value, valueText] = [SENSOR_RANGE[unit].high, 'HI'];
  if (!Number.isFinite(value) || value <= 0) {
    return { problem: `${kind.column} Glucose has no number ("${text}")` };
  }

  const serial = cells['Serial Number'] ?? '';
  return {
    sample: {
      kind: 'blood_glucose',
      start: time.ms,
      value,
      unit,
      utcOffsetMin: time.offsetMin,
      tz: timeZone,
      source: 'freestyle_libre',
      device: cells['Device'] || null,
      originId: `${serial}:${stamp}:${type}`,
      meta: { ...(valueText ? { valueText } : {}), provenance: { reading: kind.reading } },
    },
  };
}

/** Columns that say which reading a row is and when, not readings themselves. */
const ROW_KEYS = new Set(['Device', 'Serial Number', 'Device Timestamp', 'Record Type']);

const INSULIN = 'Healthfolio has no metric for insulin doses yet';
const FOOD = 'food logged in the LibreLink app is not imported; nutrition comes from a nutrition log';

/** Why a filled cell other than a row's glucose reading is not kept, by the start of its column name. */
const SKIPPED: [prefix: string, reason: string][] = [
  ['Non-numeric Rapid-Acting Insulin', INSULIN],
  ['Rapid-Acting Insulin', INSULIN],
  ['Non-numeric Long-Acting Insulin', INSULIN],
  ['Long-Acting Insulin', INSULIN],
  ['Meal Insulin', INSULIN],
  ['Correction Insulin', INSULIN],
  ['User Change Insulin', INSULIN],
  ['Non-numeric Food', FOOD],
  ['Carbohydrates', FOOD],
  ['Notes', 'a note typed into the LibreLink app, not a measurement'],
  [
    'Strip Glucose',
    "a fingerstick on the reader's strip port: only the sensor's own readings are imported, so the two do not weigh twice",
  ],
  ['Ketone', 'Healthfolio has no metric for blood ketones yet'],
];

const OTHER = 'Healthfolio reads this column only on rows of its own Record Type, or not yet at all';

/**
 * The readings of a row that are not kept: every filled cell but the row's glucose reading (`used`) and
 * the columns that place it, each under its column name. An insulin row with rapid- and long-acting
 * units holds two; an empty cell holds none.
 */
export function skippedCells(
  cells: Record<string, string>,
  used: string | undefined,
): { type: string; reason: string }[] {
  const skipped: { type: string; reason: string }[] = [];
  for (const column in cells) {
    if (column === used || ROW_KEYS.has(column) || !cells[column]) continue;
    const reason = SKIPPED.find(([prefix]) => column.startsWith(prefix))?.[1] ?? OTHER;
    skipped.push({ type: column, reason });
  }
  return skipped;
}
