import { zoneOffsetAt, type NewSample } from '@healthfolio/core';
import type { RawPage } from '../types';

const SOURCE = 'fitbit';
const MINUTE = 60_000;
const SLICE = 15 * MINUTE;

/** google.type.Date */
interface CivilDate {
  year?: number;
  month?: number;
  day?: number;
}
/** ObservationTimeInterval / SessionTimeInterval: instants with the wearer's UTC offsets ("-18000s"). */
interface TimeInterval {
  startTime?: string;
  startUtcOffset?: string;
  endTime?: string;
  endUtcOffset?: string;
}
/** ObservationSampleTime */
interface SampleTime {
  physicalTime?: string;
  utcOffset?: string;
}

/** A DataPoint (list) or ReconciledDataPoint (reconcile): one member of the data union is set. */
export interface HealthDataPoint {
  name?: string;
  dataPointName?: string;
  dataSource?: { device?: { displayName?: string; manufacturer?: string } };
  steps?: { interval?: TimeInterval; count?: string | number };
  distance?: { interval?: TimeInterval; millimeters?: string | number };
  heartRate?: { sampleTime?: SampleTime; beatsPerMinute?: string | number };
  dailyRestingHeartRate?: { date?: CivilDate; beatsPerMinute?: string | number };
  sleep?: {
    interval?: TimeInterval;
    type?: string;
    metadata?: { nap?: boolean; externalId?: string };
    stages?: { startTime?: string; endTime?: string; type?: string }[];
    summary?: {
      minutesAsleep?: string | number;
      minutesAwake?: string | number;
      minutesInSleepPeriod?: string | number;
      stagesSummary?: { type?: string; minutes?: string | number }[];
    };
  };
  weight?: { sampleTime?: SampleTime; weightGrams?: number };
}

/** google.protobuf.Duration in JSON ("-18000s", "3600.5s") as whole minutes, or undefined. */
export function durationMinutes(text: string | undefined): number | undefined {
  const match = /^(-?\d+(?:\.\d+)?)s$/.exec(text ?? '');
  return match ? Math.round(Number(match[1]) / 60) : undefined;
}

/** int64 values come as strings in JSON. */
const numberOf = (value: unknown): number | undefined => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};
const timeOf = (text: string | undefined) => {
  const ms = Date.parse(text ?? '');
  return Number.isFinite(ms) ? ms : undefined;
};
const points = (payload: unknown): HealthDataPoint[] => {
  const list = (payload as { dataPoints?: unknown } | null)?.dataPoints;
  return Array.isArray(list) ? (list as HealthDataPoint[]) : [];
};
/** The point's own id: the last segment of `users/{user}/dataTypes/{type}/dataPoints/{id}`. */
const idOf = (p: HealthDataPoint) => (p.name ?? p.dataPointName)?.split('/').pop() || undefined;
const withOffset = (minutes: number | undefined) => (minutes !== undefined ? { utcOffsetMin: minutes } : {});

interface Slice {
  start: number;
  sum: number;
  count: number;
  offset: number | undefined;
}

/** Sums (or averages) readings into fixed slices of time, cut on the instant. */
function slices(
  readings: { at: number; value: number; offset: number | undefined }[],
  size: number,
): Slice[] {
  const byStart = new Map<number, Slice>();
  for (const { at, value, offset } of readings) {
    const start = Math.floor(at / size) * size;
    const slice = byStart.get(start);
    if (slice) {
      slice.sum += value;
      slice.count++;
    } else byStart.set(start, { start, sum: value, count: 1, offset });
  }
  return [...byStart.values()].sort((a, b) => a.start - b.start);
}

/** A civil date of the person's zone as the [start, end) instants of that day. */
function dayBounds(date: CivilDate, timeZone: string) {
  const midnight = Date.UTC(date.year ?? 0, (date.month ?? 1) - 1, date.day ?? 1);
  const offset = zoneOffsetAt(timeZone, midnight);
  const start = midnight - offset * MINUTE;
  return { start, end: start + 86_400_000, offset };
}
const dateText = (d: CivilDate) =>
  `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/**
 * Google Health API data points → canonical samples, shaped and identified as the `fitbit` importer
 * shapes Takeout data (same kinds, slices and origin ids), so the same day read both ways is stored once:
 * steps and distance summed per 15 minutes, heart rate averaged per minute, resting heart rate over the
 * civil day, sleep sessions in minutes asleep with the stages kept in provenance, weigh-ins in grams.
 */
export function normalize(
  page: Pick<RawPage, 'resource' | 'payload'>,
  context: { timeZone: string },
): NewSample[] {
  const out: NewSample[] = [];
  const data = points(page.payload);
  switch (page.resource) {
    case 'steps':
    case 'distance': {
      const readings = data.flatMap((p) => {
        const item = page.resource === 'steps' ? p.steps : p.distance;
        const at = timeOf(item?.interval?.startTime);
        const value = numberOf(
          page.resource === 'steps' ? p.steps?.count : (p.distance?.millimeters as unknown),
        );
        return at === undefined || value === undefined || value <= 0
          ? []
          : [{ at, value, offset: durationMinutes(item?.interval?.startUtcOffset) }];
      });
      const kind = page.resource;
      for (const s of slices(readings, SLICE)) {
        out.push({
          kind,
          start: s.start,
          end: s.start + SLICE,
          value: s.sum,
          unit: kind === 'steps' ? '{count}' : 'mm',
          source: SOURCE,
          originId: `${kind}:${new Date(s.start).toISOString()}`,
          ...withOffset(s.offset),
        });
      }
      break;
    }
    case 'heart-rate': {
      const readings = data.flatMap((p) => {
        const at = timeOf(p.heartRate?.sampleTime?.physicalTime);
        const value = numberOf(p.heartRate?.beatsPerMinute);
        return at === undefined || value === undefined || value <= 0
          ? []
          : [{ at, value, offset: durationMinutes(p.heartRate?.sampleTime?.utcOffset) }];
      });
      for (const s of slices(readings, MINUTE)) {
        out.push({
          kind: 'heart_rate',
          start: s.start,
          end: s.start + MINUTE,
          value: Math.round((s.sum / s.count) * 10) / 10,
          unit: '/min',
          source: SOURCE,
          originId: `heart_rate:${new Date(s.start).toISOString()}`,
          ...withOffset(s.offset),
        });
      }
      break;
    }
    case 'daily-resting-heart-rate':
      for (const p of data) {
        const date = p.dailyRestingHeartRate?.date;
        const value = numberOf(p.dailyRestingHeartRate?.beatsPerMinute);
        // Fitbit writes 0 for a day it could not estimate.
        if (!date?.year || !date.month || !date.day || !value) continue;
        const { start, end, offset } = dayBounds(date, context.timeZone);
        out.push({
          kind: 'resting_heart_rate',
          start,
          end,
          value,
          unit: '/min',
          utcOffsetMin: offset,
          tz: context.timeZone,
          source: SOURCE,
          originId: `resting_heart_rate:${dateText(date)}`,
        });
      }
      break;
    case 'sleep':
      for (const p of data) {
        const sleep = p.sleep;
        const start = timeOf(sleep?.interval?.startTime);
        const end = timeOf(sleep?.interval?.endTime);
        if (!sleep || start === undefined || end === undefined || end <= start) continue;
        const stageMinutes = new Map<string, number>();
        for (const s of sleep.summary?.stagesSummary ?? []) {
          const minutes = numberOf(s.minutes);
          if (s.type && minutes !== undefined) stageMinutes.set(s.type.toLowerCase(), minutes);
        }
        // Minutes asleep as Google counts them; else the stages that are sleep.
        let asleep = numberOf(sleep.summary?.minutesAsleep);
        if (asleep === undefined && sleep.stages?.length) {
          asleep = 0;
          for (const stage of sleep.stages) {
            const a = timeOf(stage.startTime);
            const b = timeOf(stage.endTime);
            if (a !== undefined && b !== undefined && !/^(AWAKE|RESTLESS)$/i.test(stage.type ?? '')) {
              asleep += (b - a) / MINUTE;
            }
          }
        }
        if (!asleep || asleep <= 0) continue;
        const provenance: Record<string, string | number | boolean | null> = {
          type: sleep.type ?? null,
          mainSleep: sleep.metadata?.nap !== true,
        };
        for (const [stage, minutes] of stageMinutes) provenance[`${stage}Min`] = minutes;
        const inPeriod = numberOf(sleep.summary?.minutesInSleepPeriod);
        if (inPeriod !== undefined) provenance.timeInBedMin = inPeriod;
        out.push({
          kind: 'sleep_duration',
          start,
          end,
          value: asleep,
          unit: 'min',
          source: SOURCE,
          originId: idOf(p) ?? `sleep:${new Date(start).toISOString()}`,
          device: p.dataSource?.device?.displayName ?? null,
          ...withOffset(durationMinutes(sleep.interval?.startUtcOffset)),
          meta: { provenance },
        });
      }
      break;
    case 'weight':
      for (const p of data) {
        const at = timeOf(p.weight?.sampleTime?.physicalTime);
        const grams = numberOf(p.weight?.weightGrams);
        if (at === undefined || !grams || grams <= 0) continue;
        out.push({
          kind: 'weight',
          start: at,
          value: grams,
          unit: 'g',
          source: SOURCE,
          originId: idOf(p) ?? `weight:${new Date(at).toISOString()}`,
          device: p.dataSource?.device?.displayName ?? null,
          ...withOffset(durationMinutes(p.weight?.sampleTime?.utcOffset)),
        });
      }
      break;
  }
  return out;
}
