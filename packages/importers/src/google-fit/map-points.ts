import { zoneOffsetAt, type NewSample } from '@healthfolio/core';

/** The data types of "All Data" we keep: kind, unit, and which field of the value holds the number. */
export const POINT_TYPES: Record<string, { kind: string; unit: string }> = {
  'com.google.step_count.delta': { kind: 'steps', unit: '{count}' },
  'com.google.distance.delta': { kind: 'distance', unit: 'm' },
  'com.google.calories.expended': { kind: 'calories', unit: 'kcal' },
  'com.google.heart_rate.bpm': { kind: 'heart_rate', unit: '/min' },
  'com.google.weight': { kind: 'weight', unit: 'kg' },
  'com.google.active_minutes': { kind: 'exercise_minutes', unit: 'min' },
};

interface FitValue {
  intVal?: unknown;
  fpVal?: unknown;
}

interface DataPoint {
  startTimeNanos?: unknown;
  endTimeNanos?: unknown;
  dataTypeName?: unknown;
  fitValue?: { value?: FitValue }[];
  value?: FitValue[];
}

const NANOS = /^\d{1,20}$/;

// Takeout writes nanoseconds as JSON numbers beyond 2^53 (or as strings); milliseconds survive either way.
function nanosToMs(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return Math.floor(value / 1e6);
  if (typeof value === 'string' && NANOS.test(value)) return Number(BigInt(value) / 1_000_000n);
  return undefined;
}

/**
 * One data point: `{"startTimeNanos":"1710054000000000000","endTimeNanos":…,"fitValue":[{"value":{"intVal":412}}]}`.
 * Times are UTC instants; the offset is the user's zone's at that instant.
 */
export function pointSample(item: unknown, dataType: string, zone: string): NewSample | { problem: string } {
  const point = (item ?? {}) as DataPoint;
  const type = POINT_TYPES[typeof point.dataTypeName === 'string' ? point.dataTypeName : dataType];
  if (!type) return { problem: `data type ${JSON.stringify(point.dataTypeName)} is not one we read` };
  const start = nanosToMs(point.startTimeNanos);
  const end = nanosToMs(point.endTimeNanos ?? point.startTimeNanos);
  if (start === undefined || end === undefined) {
    return { problem: `startTimeNanos ${JSON.stringify(point.startTimeNanos)} is not a time` };
  }
  const first = point.fitValue?.[0]?.value ?? point.value?.[0];
  const raw = first?.intVal ?? first?.fpVal;
  if (typeof raw !== 'number' || !Number.isFinite(raw) || raw < 0) {
    return { problem: `value ${JSON.stringify(raw)} is not a number` };
  }
  const sample: NewSample = {
    kind: type.kind,
    start,
    value: raw,
    unit: type.unit,
    utcOffsetMin: zoneOffsetAt(zone, start),
    tz: zone,
    source: 'google_health_connect',
    originId: `${dataType}:${start}:${end}`,
  };
  if (end > start) sample.end = end;
  return sample;
}
