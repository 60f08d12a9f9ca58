import type { NewSample } from '@healthfolio/core';
import { parseTime } from '../time';
import { dayInterval, nested, num, pick, str, when, type Fields } from './values';

export type RecordKind = 'sleep' | 'activity' | 'spo2' | 'heartrate';
export type Mapped = { samples: NewSample[] } | { problem: string };

const SOURCE = 'oura';

/** What an Oura record is, by its fields (the v2 API names, and the v1 names where they differ). */
export function recordKind(fields: Fields): RecordKind | undefined {
  if ('bedtime_start' in fields && 'bedtime_end' in fields) return 'sleep';
  if ('bpm' in fields && 'timestamp' in fields) return 'heartrate';
  if ('spo2_percentage' in fields) return 'spo2';
  if ('steps' in fields && ('active_calories' in fields || 'cal_active' in fields)) return 'activity';
  return undefined;
}

export function mapRecord(kind: RecordKind, fields: Fields, zone: string): Mapped {
  switch (kind) {
    case 'sleep':
      return mapSleep(fields, zone);
    case 'activity':
      return mapActivity(fields, zone);
    case 'spo2':
      return mapSpo2(fields, zone);
    case 'heartrate':
      return mapHeartRate(fields, zone);
  }
}

/**
 * A sleep period. Its length counts for every kind of sleep (night, nap); resting heart rate, HRV and
 * breathing only for the main night (`long_sleep`), as Oura itself reports them. The samples span
 * bedtime to wake-up, so the night belongs to the day one wakes on.
 */
function mapSleep(fields: Fields, zone: string): Mapped {
  const type = str(fields.type) ?? (fields.is_longest === 1 ? 'long_sleep' : 'sleep');
  if (type === 'deleted' || type === 'rest') return { samples: [] };
  const start = when(fields.bedtime_start, zone);
  const end = when(fields.bedtime_end, zone);
  if (!start || !end || end.ms < start.ms)
    return { problem: 'Sleep period has no readable bedtime start and end' };
  const day = str(pick(fields, 'day', 'summary_date')) ?? '';
  const base = {
    start: start.ms,
    end: end.ms,
    utcOffsetMin: end.utcOffsetMin,
    tz: end.tz ?? zone,
    source: SOURCE,
    originId: str(fields.id) ?? `${day}:${str(fields.bedtime_start)}`,
  };
  const samples: NewSample[] = [];
  const add = (kind: string, value: number | undefined, unit: string) => {
    if (value !== undefined) samples.push({ ...base, kind, value, unit });
  };
  add('sleep_duration', num(pick(fields, 'total_sleep_duration', 'total')), 's');
  if (type === 'long_sleep') {
    add('resting_heart_rate', num(pick(fields, 'lowest_heart_rate', 'hr_lowest')), '/min');
    add('heart_rate_variability', num(pick(fields, 'average_hrv', 'rmssd')), 'ms');
    add('respiratory_rate', num(pick(fields, 'average_breath', 'breath_average')), '/min');
  }
  return { samples };
}

/** Daily activity totals, over the local calendar day they are for. */
function mapActivity(fields: Fields, zone: string): Mapped {
  const day = str(pick(fields, 'day', 'summary_date'));
  const stamp = str(pick(fields, 'timestamp', 'day_start'));
  const interval = day && dayInterval(day, zone, stamp ? parseTime(stamp, zone) : undefined);
  if (!interval) return { problem: `Daily activity has no readable day ("${day ?? ''}")` };
  const base = { ...interval, source: SOURCE, originId: str(fields.id) ?? `${day}:activity` };
  const samples: NewSample[] = [];
  const add = (kind: string, value: number | undefined, unit: string) => {
    if (value !== undefined) samples.push({ ...base, kind, value, unit });
  };
  add('steps', num(fields.steps), '{count}');
  add('active_calories_burned', num(pick(fields, 'active_calories', 'cal_active')), 'kcal');
  add('calories', num(pick(fields, 'total_calories', 'cal_total')), 'kcal');
  return { samples };
}

/** The night's average blood oxygen, on the day Oura files it under. */
function mapSpo2(fields: Fields, zone: string): Mapped {
  const day = str(fields.day);
  const interval = day && dayInterval(day, zone);
  if (!interval) return { problem: `Daily SpO2 has no readable day ("${day ?? ''}")` };
  const average = num(nested(fields.spo2_percentage)?.average);
  if (average === undefined) return { samples: [] };
  return {
    samples: [
      {
        ...interval,
        kind: 'oxygen_saturation',
        value: average,
        unit: '%',
        source: SOURCE,
        originId: str(fields.id) ?? `${day}:spo2`,
      },
    ],
  };
}

/** One heart-rate reading; `source` (awake, rest, sleep, workout …) keeps two sensors' readings apart. */
function mapHeartRate(fields: Fields, zone: string): Mapped {
  const at = when(fields.timestamp, zone);
  const bpm = num(fields.bpm);
  if (!at || bpm === undefined) return { problem: 'Heart-rate reading has no readable timestamp or bpm' };
  return {
    samples: [
      {
        kind: 'heart_rate',
        start: at.ms,
        value: bpm,
        unit: '/min',
        ...(at.utcOffsetMin !== undefined ? { utcOffsetMin: at.utcOffsetMin } : {}),
        tz: at.tz ?? zone,
        source: SOURCE,
        originId: `${str(fields.source) ?? 'hr'}@${str(fields.timestamp)}`,
      },
    ],
  };
}
