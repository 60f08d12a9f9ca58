import type { NewSample } from '@healthfolio/core';
import type { NormalizeContext, RawPage } from '../types';

const SOURCE = 'freestyle_libre';
const QUARTER_HOUR_MS = 15 * 60_000;

/** One reading as LibreLinkUp sends it (graph points, the latest measurement, logbook entries). */
export interface GlucoseItem {
  /** The sensor's clock in UTC: "11/22/2026 11:45:00 AM". */
  FactoryTimestamp?: string;
  /** The same instant on the phone's local clock, without an offset. */
  Timestamp?: string;
  /** 0: the sensor's 15-minute history; 1: a scan or the current reading; alarms otherwise. */
  type?: number;
  /** Always mg/dL, whatever unit the person reads (`Value`, `GlucoseUnits`). */
  ValueInMgPerDl?: number;
  TrendArrow?: number;
  isHigh?: boolean;
  isLow?: boolean;
  alarmType?: number;
}

const STAMP = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{1,2}):(\d{2}):(\d{2}) ([AP]M)$/i;

/** "M/D/YYYY h:mm:ss AM" read as UTC wall-clock time, in epoch ms; NaN when it is not that. */
export function parseLluTimestamp(text: string | undefined): number {
  const m = STAMP.exec(text?.trim() ?? '');
  if (!m) return Number.NaN;
  const hour12 = Number(m[4]) % 12;
  const hour = m[7]!.toUpperCase() === 'PM' ? hour12 + 12 : hour12;
  return Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2]), hour, Number(m[5]), Number(m[6]));
}

/** 1 falling fast … 5 rising fast, as the app draws its arrow. */
const TRENDS: Record<number, string> = {
  1: 'singleDown',
  2: 'fortyFiveDown',
  3: 'flat',
  4: 'fortyFiveUp',
  5: 'singleUp',
};

function readingOf(item: GlucoseItem): string {
  if (item.type === 0) return 'historic';
  if (item.type === 1) return 'scan';
  return 'alarm';
}

/** One reading → a `blood_glucose` sample at its UTC instant, with the phone's offset of the time. */
function sampleOf(item: GlucoseItem, context: NormalizeContext): NewSample | undefined {
  const value = item.ValueInMgPerDl;
  if (typeof value !== 'number' || !(value > 0)) return undefined;
  const start = parseLluTimestamp(item.FactoryTimestamp);
  if (!Number.isFinite(start)) return undefined;
  const local = parseLluTimestamp(item.Timestamp);
  // The phone's clock against the sensor's, to the quarter hour (zones are whole quarter hours).
  const offset = Number.isFinite(local) ? Math.round((local - start) / QUARTER_HOUR_MS) * 15 : undefined;
  const provenance: Record<string, string> = { reading: readingOf(item) };
  const trend = item.TrendArrow !== undefined ? TRENDS[item.TrendArrow] : undefined;
  if (trend) provenance.trend = trend;
  return {
    kind: 'blood_glucose',
    start,
    value,
    unit: 'mg/dL',
    ...(offset !== undefined && Math.abs(offset) <= 14 * 60
      ? { utcOffsetMin: offset }
      : { tz: context.timeZone }),
    source: context.source ?? SOURCE,
    // The sensor's UTC instant: the graph, the latest reading and the logbook name one reading alike.
    originId: new Date(start).toISOString(),
    meta: { provenance },
  };
}

/**
 * The graph page's 15-minute history (`data.graphData`) and latest reading (`data.connection.
 * glucoseMeasurement`), or the logbook page's entries (`data`), as `blood_glucose` in mg/dL.
 */
export function normalize(
  page: Pick<RawPage, 'resource' | 'payload'>,
  context: NormalizeContext,
): NewSample[] {
  const data = (page.payload as { data?: unknown } | null)?.data;
  let items: unknown[] = [];
  if (page.resource === 'graph' && data && typeof data === 'object') {
    const graph = data as { graphData?: unknown; connection?: { glucoseMeasurement?: unknown } };
    items = [
      ...(Array.isArray(graph.graphData) ? graph.graphData : []),
      graph.connection?.glucoseMeasurement,
    ];
  } else if (page.resource === 'logbook' && Array.isArray(data)) {
    items = data;
  }
  const out: NewSample[] = [];
  for (const item of items) {
    if (!item || typeof item !== 'object') continue;
    const sample = sampleOf(item as GlucoseItem, context);
    if (sample) out.push(sample);
  }
  return out;
}
