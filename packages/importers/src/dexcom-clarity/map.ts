import { parseTime, type NewSample } from '@healthfolio/core';
import { readNumber } from '../shared/numbers';
import { TIMESTAMP_COLUMN, type GlucoseUnit } from './detect';

/** Where Dexcom sensors stop reading; Clarity prints "Low" / "High" beyond them. */
const SENSOR_RANGE: Record<GlucoseUnit, { low: number; high: number }> = {
  'mg/dL': { low: 40, high: 400 },
  'mmol/L': { low: 2.2, high: 22.2 },
};

export type Mapped = { sample: NewSample } | { problem: string };

/**
 * One EGV row as a blood_glucose sample. The origin is the transmitter and its tick count, which
 * survive a re-export of another date range; the row Index does not, so a row without a transmitter
 * falls back to its device and timestamp.
 */
export function mapEgv(
  cells: Record<string, string>,
  unit: GlucoseUnit,
  timeZone: string,
  deviceNames: ReadonlyMap<string, string>,
): Mapped {
  const stamp = cells[TIMESTAMP_COLUMN] ?? '';
  const time = parseTime(stamp, timeZone);
  if (!time) return { problem: `EGV row has no readable timestamp ("${stamp}")` };

  const text = cells[`Glucose Value (${unit})`] ?? '';
  let value: number;
  let valueText: string | undefined;
  if (/^low$/i.test(text)) {
    value = SENSOR_RANGE[unit].low;
    valueText = 'Low';
  } else if (/^high$/i.test(text)) {
    value = SENSOR_RANGE[unit].high;
    valueText = 'High';
  } else {
    value = readNumber(text);
    if (!Number.isFinite(value) || value <= 0) return { problem: `EGV row has no glucose value ("${text}")` };
  }

  const sourceDevice = cells['Source Device ID'] ?? '';
  const transmitter = cells['Transmitter ID'] ?? '';
  const ticks = cells['Transmitter Time (Long Integer)'] ?? '';
  const originId =
    transmitter && ticks ? `${transmitter}:${ticks}` : `${sourceDevice || 'egv'}@${stamp.replace(' ', 'T')}`;

  return {
    sample: {
      kind: 'blood_glucose',
      start: time.ms,
      value,
      unit,
      utcOffsetMin: time.offsetMin,
      tz: timeZone,
      source: 'dexcom',
      device: sourceDevice || deviceNames.values().next().value || null,
      originId,
      meta: valueText ? { valueText } : null,
    },
  };
}

/** Why each timed event Clarity writes besides EGVs is not kept; the type is the Event Type as written. */
const SKIPPED_EVENTS: Record<string, string> = {
  Calibration:
    'a fingerstick the sensor was calibrated against: stored beside the readings it shaped, it would weigh twice in averages',
  Insulin: 'Healthfolio has no metric for insulin doses yet',
  Carbs: 'carbs typed into the Dexcom app are not imported; nutrition comes from a nutrition log',
  Exercise: 'exercise typed into the Dexcom app is not imported; workouts come from activity trackers',
  Health: 'health events typed into the Dexcom app (illness, stress …) are not imported',
  Alert: 'an alert the Dexcom app raised, not a reading of its own',
};

/** The type and reason a timed non-EGV row is skipped under. */
export function skippedEvent(eventType: string): { type: string; reason: string } {
  if (Object.hasOwn(SKIPPED_EVENTS, eventType))
    return { type: eventType, reason: SKIPPED_EVENTS[eventType]! };
  return {
    type: eventType || 'Event without a type',
    reason: 'Healthfolio does not read this Clarity event type',
  };
}
