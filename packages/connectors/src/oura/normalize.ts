import type { NewSample } from '@healthfolio/core';
import { dayBounds } from '../shared/local-days';
import type { RawPage } from '../types';

const SOURCE = 'oura';

interface SleepDoc {
  id: string;
  type?: string;
  bedtime_start: string;
  bedtime_end: string;
  total_sleep_duration?: number | null;
  lowest_heart_rate?: number | null;
  average_breath?: number | null;
  average_hrv?: number | null;
}
interface ActivityDoc {
  id: string;
  day: string;
  steps?: number;
  active_calories?: number;
  equivalent_walking_distance?: number;
}
interface Spo2Doc {
  id: string;
  day: string;
  spo2_percentage?: { average?: number | null } | null;
}
interface HeartRateDoc {
  bpm: number;
  source?: string;
  timestamp: string;
}

/** Minutes east of UTC written at the end of an ISO date-time ("…-05:00" → -300, "…Z" → 0). */
function offsetOf(iso: string): number | undefined {
  const match = /([+-])(\d{2}):?(\d{2})$/.exec(iso);
  if (!match) return /z$/i.test(iso) ? 0 : undefined;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

const docs = <T>(payload: unknown): T[] =>
  Array.isArray((payload as { data?: unknown }).data) ? (payload as { data: T[] }).data : [];

/**
 * Oura → canonical samples. Sleep periods carry their own offsets; daily documents are calendar days
 * of the ring's owner, read in the person's zone; Oura's resting heart rate is the night's lowest.
 */
export function normalize(
  page: Pick<RawPage, 'resource' | 'payload'>,
  context: { timeZone: string },
): NewSample[] {
  const out: NewSample[] = [];
  switch (page.resource) {
    case 'sleep':
      for (const d of docs<SleepDoc>(page.payload)) {
        const start = Date.parse(d.bedtime_start);
        const end = Date.parse(d.bedtime_end);
        if (!Number.isFinite(start) || !Number.isFinite(end)) continue;
        const offset = offsetOf(d.bedtime_end);
        const base = {
          start,
          end,
          source: SOURCE,
          originId: d.id,
          ...(offset !== undefined ? { utcOffsetMin: offset } : {}),
        };
        if (d.total_sleep_duration)
          out.push({ ...base, kind: 'sleep_duration', value: d.total_sleep_duration, unit: 's' });
        if (d.type === 'long_sleep' && d.lowest_heart_rate) {
          out.push({
            ...base,
            start: end,
            end,
            kind: 'resting_heart_rate',
            value: d.lowest_heart_rate,
            unit: '/min',
          });
        }
        if (d.average_breath)
          out.push({ ...base, kind: 'respiratory_rate', value: d.average_breath, unit: '/min' });
      }
      break;
    case 'daily_activity':
      for (const d of docs<ActivityDoc>(page.payload)) {
        const { start, end, offset } = dayBounds(d.day, context.timeZone);
        const base = {
          start,
          end,
          utcOffsetMin: offset,
          tz: context.timeZone,
          source: SOURCE,
          originId: d.id,
        };
        if (d.steps !== undefined) out.push({ ...base, kind: 'steps', value: d.steps });
        if (d.active_calories !== undefined) {
          out.push({ ...base, kind: 'active_calories_burned', value: d.active_calories, unit: 'kcal' });
        }
        if (d.equivalent_walking_distance !== undefined) {
          out.push({ ...base, kind: 'distance', value: d.equivalent_walking_distance, unit: 'm' });
        }
      }
      break;
    case 'daily_spo2':
      for (const d of docs<Spo2Doc>(page.payload)) {
        const average = d.spo2_percentage?.average;
        if (!average) continue;
        const { start, end, offset } = dayBounds(d.day, context.timeZone);
        out.push({
          kind: 'oxygen_saturation',
          start,
          end,
          utcOffsetMin: offset,
          tz: context.timeZone,
          value: average,
          unit: '%',
          source: SOURCE,
          originId: d.id,
        });
      }
      break;
    case 'heartrate':
      for (const d of docs<HeartRateDoc>(page.payload)) {
        const start = Date.parse(d.timestamp);
        if (!Number.isFinite(start)) continue;
        const offset = offsetOf(d.timestamp);
        out.push({
          kind: 'heart_rate',
          start,
          value: d.bpm,
          unit: '/min',
          source: SOURCE,
          device: 'Oura Ring',
          ...(offset !== undefined && offset !== 0 ? { utcOffsetMin: offset } : { tz: context.timeZone }),
        });
      }
      break;
  }
  return out;
}
