import type { NewSample } from '@healthfolio/core';
import type { RawPage } from '../types';
import { parseSystemTime } from './client';

const SOURCE = 'dexcom';
const MINUTE_MS = 60_000;
/** Where Dexcom sensors stop reading: a value at the bound with status low/high is "Low"/"High". */
const SENSOR_RANGE = { 'mg/dL': { low: 40, high: 400 }, 'mmol/L': { low: 2.2, high: 22.2 } };

/** One estimated glucose value as Dexcom API v3 sends it. */
export interface Egv {
  recordId: string;
  systemTime: string;
  displayTime: string;
  transmitterId?: string | null;
  transmitterTicks?: number;
  value: number | null;
  status?: 'unknown' | 'high' | 'low' | 'ok' | null;
  trend?: string | null;
  trendRate?: number | null;
  unit?: 'unknown' | 'mg/dL' | 'mmol/L';
  rateUnit?: string;
  displayDevice?: string;
  transmitterGeneration?: string;
}

const OFFSET = /([+-])(\d{2}):?(\d{2})$/;

/**
 * Minutes east of UTC the reading was displayed at. Records from the mobile apps carry offsets; receiver
 * records carry none, and then the offset is displayTime − systemTime, rounded to the quarter hour (the
 * receiver's clock drifts from the system clock by a few minutes).
 */
export function offsetOf(egv: Pick<Egv, 'systemTime' | 'displayTime'>, start: number): number | undefined {
  const match = OFFSET.exec(egv.displayTime);
  if (match) return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
  if (/z$/i.test(egv.displayTime)) return 0;
  const local = Date.parse(`${egv.displayTime}Z`);
  if (!Number.isFinite(local)) return undefined;
  const offset = Math.round((local - start) / (15 * MINUTE_MS)) * 15;
  return Math.abs(offset) <= 14 * 60 ? offset : undefined;
}

/** mg/dL or mmol/L as Dexcom says; an "unknown" unit is told apart by magnitude (mmol/L stays under 35). */
function unitOf(egv: Egv, value: number): 'mg/dL' | 'mmol/L' {
  if (egv.unit === 'mg/dL' || egv.unit === 'mmol/L') return egv.unit;
  return value < 35 ? 'mmol/L' : 'mg/dL';
}

/** "iOS G7", "receiver G6": the display device and sensor generation, as the Clarity importer names them. */
function deviceOf(egv: Egv): string | null {
  const generation =
    egv.transmitterGeneration && egv.transmitterGeneration !== 'unknown'
      ? egv.transmitterGeneration.toUpperCase()
      : null;
  const parts = [egv.displayDevice || null, generation].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : null;
}

/**
 * EGVs → blood_glucose samples, one per reading, keyed by Dexcom's recordId. The trend arrow, its rate
 * and the status are kept in `meta.provenance`; a reading at the sensor's bound with status low/high
 * keeps "Low"/"High" as its text, as Clarity prints it.
 */
export function normalize(
  page: Pick<RawPage, 'resource' | 'payload'>,
  context: { timeZone: string },
): NewSample[] {
  if (page.resource !== 'egvs') return [];
  const records = (page.payload as { records?: unknown }).records;
  if (!Array.isArray(records)) return [];
  const out: NewSample[] = [];
  for (const egv of records as Egv[]) {
    if (typeof egv.value !== 'number' || !(egv.value > 0) || !egv.recordId) continue;
    const start = parseSystemTime(egv.systemTime);
    if (!Number.isFinite(start)) continue;
    const unit = unitOf(egv, egv.value);
    const offset = offsetOf(egv, start);
    const bound = SENSOR_RANGE[unit];
    const valueText =
      egv.status === 'low' && egv.value <= bound.low
        ? 'Low'
        : egv.status === 'high' && egv.value >= bound.high
          ? 'High'
          : undefined;
    const provenance: Record<string, string | number> = {};
    if (egv.trend) provenance.trend = egv.trend;
    if (typeof egv.trendRate === 'number') provenance.trendRate = egv.trendRate;
    if (egv.status) provenance.status = egv.status;
    const meta = {
      ...(valueText ? { valueText } : {}),
      ...(Object.keys(provenance).length > 0 ? { provenance } : {}),
    };
    out.push({
      kind: 'blood_glucose',
      start,
      value: egv.value,
      unit,
      ...(offset !== undefined ? { utcOffsetMin: offset } : { tz: context.timeZone }),
      source: SOURCE,
      device: deviceOf(egv),
      originId: egv.recordId,
      ...(Object.keys(meta).length > 0 ? { meta } : {}),
    });
  }
  return out;
}
