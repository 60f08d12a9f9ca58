import type { NewSample } from '@healthfolio/core';
import { readNumber } from '../shared/numbers';
import type { GlucoseUnit } from './detect';
import { parseDeviceTimestamp, type DateOrder } from './timestamp';

export type Mapped = { sample: NewSample } | { problem: string } | { skip: true };

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

export function mapRow(
  cells: Record<string, string>,
  unit: GlucoseUnit,
  order: DateOrder,
  timeZone: string,
): Mapped {
  const type = cells['Record Type'] ?? '';
  const kind = READINGS[type];
  if (!kind) return { skip: true };

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
