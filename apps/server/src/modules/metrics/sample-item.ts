import { SANDBOX_PATH, splitDevice, type SampleItem } from '@healthfolio/core';
import type { SampleMeta } from './sample-row';
import type { StoredSampleRow } from './samples.repository';
import { formatInstant } from './time';

export function parseMeta(meta: string | null): SampleMeta {
  if (!meta) return {};
  try {
    const parsed: unknown = JSON.parse(meta);
    return typeof parsed === 'object' && parsed !== null ? (parsed as SampleMeta) : {};
  } catch {
    return {};
  }
}

/** A stored row as the API shows it: times in the offset it was recorded at. */
export function toSampleItem(row: StoredSampleRow, type = row.kind): SampleItem {
  const meta = parseMeta(row.meta);
  const { device, path } = splitDevice(row.device);
  return {
    id: row.id,
    type,
    value: row.value,
    unit: row.unit,
    start: formatInstant(row.start_at, row.utc_offset_min),
    end: formatInstant(row.end_at, row.utc_offset_min),
    source: row.source,
    device,
    ...(path !== null ? { path } : {}),
    ...(path === SANDBOX_PATH ? { sandbox: true as const } : {}),
    flag: row.flag,
    ...(meta.referenceRange ? { referenceRange: meta.referenceRange } : {}),
    ...(meta.notes !== undefined ? { notes: meta.notes } : {}),
    ...(meta.valueText !== undefined ? { valueText: meta.valueText } : {}),
  };
}

/** Blood pressure as one item: the systolic row carries the id and the value. */
export function toPairItem(
  type: string,
  systolic: StoredSampleRow,
  diastolic: StoredSampleRow | undefined,
): SampleItem {
  const flag = worstFlag(systolic.flag, diastolic?.flag ?? null);
  return {
    ...toSampleItem(systolic, type),
    flag,
    systolic: systolic.value,
    ...(diastolic ? { diastolic: diastolic.value } : {}),
  };
}

const SEVERITY = ['critical', 'high', 'low'];

function worstFlag(a: string | null, b: string | null): string | null {
  for (const f of SEVERITY) if (a === f || b === f) return f;
  return a ?? b;
}

/** A pair's components share source, origin and start. */
export const pairKey = (row: StoredSampleRow) => `${row.start_at}\u0000${row.source}\u0000${row.origin_id}`;
