import { parseTime, zoneOffsetAt, type NewSample } from '@healthfolio/core';
import type { ImportFile } from '../types';
import { isSleepActivity, workoutActivity } from './activities';
import type { Reading } from './map-points';
import { JsonDepthError, parseJson } from '../shared/safe-json';

/** A session file is a few kilobytes; anything this big is not one. */
const MAX_SESSION_BYTES = 8 * 1024 * 1024;

interface Session {
  id?: unknown;
  name?: unknown;
  fitnessActivity?: unknown;
  activityType?: unknown;
  startTime?: unknown;
  endTime?: unknown;
  startTimeMillis?: unknown;
  endTimeMillis?: unknown;
  duration?: unknown;
  activeTimeMillis?: unknown;
  application?: { packageName?: unknown; name?: unknown };
  aggregate?: { metricName?: unknown; intValue?: unknown; floatValue?: unknown }[];
}

async function readText(file: ImportFile): Promise<string | undefined> {
  if (file.size > MAX_SESSION_BYTES) return undefined;
  const parts: Buffer[] = [];
  for await (const chunk of file.open()) parts.push(chunk as Buffer);
  return Buffer.concat(parts)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
}

// "All Sessions/2024-03-10T07_30_00.000-04_00_RUNNING.json": the local offset the session was in.
const NAME_OFFSET = /T\d{2}_\d{2}_\d{2}(?:\.\d+)?([+-])(\d{2})_(\d{2})_/;

/** The instant of a session time and the offset to show it in: its own, the file name's, else the zone's. */
function sessionTime(
  text: unknown,
  millis: unknown,
  fileName: string,
  zone: string,
): { ms: number; offsetMin: number; tz?: string } | undefined {
  let ms: number | undefined;
  let offsetMin: number | undefined;
  if (typeof text === 'string') {
    const parsed = parseTime(text, zone);
    if (!parsed) return undefined;
    ms = parsed.ms;
    if (!/Z$/i.test(text.trim())) offsetMin = parsed.offsetMin;
  } else if ((typeof millis === 'string' && /^\d+$/.test(millis)) || typeof millis === 'number') {
    ms = Number(millis);
  }
  if (ms === undefined || !Number.isFinite(ms)) return undefined;
  if (offsetMin !== undefined) return { ms, offsetMin };
  const named = NAME_OFFSET.exec(fileName.split('/').pop() ?? '');
  if (named) return { ms, offsetMin: (named[1] === '-' ? -1 : 1) * (+named[2]! * 60 + +named[3]!) };
  return { ms, offsetMin: zoneOffsetAt(zone, ms), tz: zone };
}

/** Seconds of a session's `duration` ("1953.051s"), or of its `activeTimeMillis`. */
function activeSeconds(s: Session): number | undefined {
  if (typeof s.duration === 'string' && /^\d+(\.\d+)?s$/.test(s.duration.trim())) {
    return Number(s.duration.trim().slice(0, -1));
  }
  if (typeof s.duration === 'number') return s.duration;
  const ms = Number(s.activeTimeMillis);
  return s.activeTimeMillis !== undefined && Number.isFinite(ms) ? ms / 1000 : undefined;
}

function aggregates(s: Session): Map<string, number> {
  const out = new Map<string, number>();
  for (const a of Array.isArray(s.aggregate) ? s.aggregate : []) {
    const n = typeof a?.floatValue === 'number' ? a.floatValue : a?.intValue;
    if (typeof a?.metricName === 'string' && typeof n === 'number' && Number.isFinite(n)) {
      out.set(a.metricName, n);
    }
  }
  return out;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * One session file: `{"fitnessActivity": "running", "startTime": "2024-03-10T11:30:00.000Z", "endTime": …,
 * "duration": "1800s", "segment": [...], "aggregate": [{"metricName": "com.google.distance.delta",
 * "floatValue": 5012.3}, …]}`. A workout sample, its value the active minutes, with distance and energy
 * in meta.workout; a sleep session is the night's time in bed.
 */
export async function sessionReading(file: ImportFile, zone: string): Promise<Reading> {
  const text = await readText(file);
  let s: Session;
  try {
    s = parseJson(text ?? '') as Session;
  } catch (error) {
    if (error instanceof JsonDepthError) return { problem: `the session ${error.message}` };
    return { problem: 'the session is not whole JSON' };
  }
  if (!s || typeof s !== 'object') return { problem: 'the session is not a JSON object' };
  const activity = s.fitnessActivity ?? s.activityType;
  if (typeof activity !== 'string' && typeof activity !== 'number') {
    return { problem: 'the session names no fitnessActivity' };
  }
  const start = sessionTime(s.startTime, s.startTimeMillis, file.name, zone);
  const end = sessionTime(s.endTime, s.endTimeMillis, file.name, zone);
  if (!start || !end || end.ms < start.ms) {
    return {
      problem: `startTime ${JSON.stringify(s.startTime)} / endTime ${JSON.stringify(s.endTime)} are not a span`,
    };
  }
  const app = s.application?.packageName ?? s.application?.name;
  const base = {
    start: start.ms,
    end: end.ms,
    unit: 'min',
    utcOffsetMin: start.offsetMin,
    tz: start.tz ?? null,
    source: 'google_health_connect',
    // Two apps recording one run are two streams, so the merge of overlapping sessions keeps one.
    device: typeof app === 'string' && app ? app : null,
    originId:
      typeof s.id === 'string' && s.id
        ? `session:${s.id}`
        : `session:${new Date(start.ms).toISOString()}:${String(activity)}`,
  };
  const provenance = { file: file.name, ...(typeof s.name === 'string' && s.name && { name: s.name }) };
  if (isSleepActivity(activity)) {
    // The session is the night in bed; the sleep within it comes from All Data's sleep stages.
    return {
      sample: { ...base, kind: 'time_in_bed', value: (end.ms - start.ms) / 60_000, meta: { provenance } },
    };
  }
  const seconds = activeSeconds(s);
  const totals = aggregates(s);
  const distanceM = totals.get('com.google.distance.delta');
  const energyKcal = totals.get('com.google.calories.expended');
  const sample: NewSample = {
    ...base,
    kind: 'workout',
    value: round((seconds ?? (end.ms - start.ms) / 1000) / 60),
    meta: {
      workout: {
        activity: workoutActivity(activity),
        ...(distanceM !== undefined && { distanceM: round(distanceM) }),
        ...(energyKcal !== undefined && { energyKcal: round(energyKcal) }),
      },
      provenance,
    },
  };
  return { sample };
}
