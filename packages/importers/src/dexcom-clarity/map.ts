import type { NewSample } from '@healthfolio/core';
import { readNumber } from '../shared/numbers';
import { parseTime } from '../time';
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
