import { zoneOffsetAt } from '@healthfolio/core';
import { DAY_MS, dayOf, gauss, seeded } from '../shared/fake-data';

/**
 * The sandbox patient, "Mia Novak, type 1, a Libre 3 in Berlin, shares her glucose with her partner":
 * one smooth glucose curve, the same on every run, read as LibreLinkUp shows it — the sensor's 15-minute
 * history, the latest reading, and a logbook of scans and alarms.
 */
export const ZONE = 'Europe/Berlin';
const MINUTE_MS = 60_000;
/** The sensor's history is on its own clock: every 15 minutes, 27 s past a quarter hour's third minute. */
export const HISTORY_STEP_MS = 15 * MINUTE_MS;
const HISTORY_PHASE_MS = 3 * MINUTE_MS + 27_000;
/** The latest reading reaches LibreLinkUp about a minute after the sensor took it. */
const DELAY_MS = MINUTE_MS;
const HIGH_ALARM = 250;
const LOW_ALARM = 70;

export interface Reading {
  at: number;
  value: number;
  trend: number;
  type: number;
  alarmType?: number;
}

const bump = (u: number, width: number) => Math.exp(-((u / width) ** 2));

/** mg/dL at an instant: a baseline, three meals on local time, a night dip, slow wobble. */
function glucoseAt(ms: number): number {
  const local = ms + zoneOffsetAt(ZONE, ms) * MINUTE_MS;
  const day = dayOf(local);
  const minute = (local - day * DAY_MS) / MINUTE_MS;
  const random = seeded(day * 17 + 5);
  let g = 118 + gauss(random) * 10;
  for (const meal of [450, 760, 1150]) {
    const at = meal + gauss(random) * 25;
    const size = 50 + random() * 90;
    const after = minute - at;
    if (after > 0) g += size * (after / 50) * Math.exp(1 - after / 50);
  }
  g -= (random() < 0.25 ? 55 : 15) * bump(minute - 200, 40);
  const t = ms / MINUTE_MS;
  g += 8 * Math.sin((2 * Math.PI * t) / 41 + 0.7) + 10 * Math.sin((2 * Math.PI * t) / 133 + 2.1);
  return Math.round(Math.min(500, Math.max(40, g)));
}

function trendAt(ms: number): number {
  const rate = (glucoseAt(ms) - glucoseAt(ms - 5 * MINUTE_MS)) / 5;
  if (rate < -2) return 1;
  if (rate < -1) return 2;
  if (rate <= 1) return 3;
  if (rate <= 2) return 4;
  return 5;
}

/** The sensor's history slots in [from, to], oldest first. */
export function history(from: number, to: number): Reading[] {
  const out: Reading[] = [];
  const first = Math.ceil((from - HISTORY_PHASE_MS) / HISTORY_STEP_MS) * HISTORY_STEP_MS + HISTORY_PHASE_MS;
  for (let at = first; at <= to; at += HISTORY_STEP_MS)
    out.push({ at, value: glucoseAt(at), trend: 3, type: 0 });
  return out;
}

/** The latest reading LibreLinkUp has at `now`: on the minute, 27 s past. */
export function latest(now: number): Reading {
  const at = Math.floor((now - DELAY_MS - 27_000) / MINUTE_MS) * MINUTE_MS + 27_000;
  return { at, value: glucoseAt(at), trend: trendAt(at), type: 1 };
}

/**
 * Two weeks of logbook, newest first: five to nine scans a day at minute times, a high or low alarm at a
 * history slot that crossed a threshold, and the latest reading (which the graph shows too).
 */
export function logbook(now: number): Reading[] {
  const out: Reading[] = [latest(now)];
  const from = now - 14 * DAY_MS;
  for (let day = dayOf(from); day <= dayOf(now); day++) {
    const random = seeded(day * 131 + 9);
    const scans = 5 + Math.floor(random() * 5);
    for (let i = 0; i < scans; i++) {
      const at = day * DAY_MS + Math.floor(random() * 1440) * MINUTE_MS + Math.floor(random() * 60) * 1000;
      if (at >= from && at < out[0]!.at) out.push({ at, value: glucoseAt(at), trend: trendAt(at), type: 1 });
    }
  }
  for (const slot of history(from, now)) {
    if (slot.value >= HIGH_ALARM) out.push({ ...slot, type: 3, alarmType: 1 });
    else if (slot.value <= LOW_ALARM) out.push({ ...slot, type: 3, alarmType: 0 });
  }
  return out.sort((a, b) => b.at - a.at);
}

/** "11/22/2026 11:45:00 AM": LibreLinkUp's timestamps, US order, 12-hour clock. */
export function lluTimestamp(ms: number): string {
  const d = new Date(ms);
  const hour = d.getUTCHours();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()} ${hour % 12 || 12}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** A reading as the API lists it: the sensor's UTC clock and the phone's local one. */
export function item(reading: Reading) {
  const local = reading.at + zoneOffsetAt(ZONE, reading.at) * MINUTE_MS;
  const color =
    reading.value < LOW_ALARM ? 4 : reading.value > 180 ? (reading.value > HIGH_ALARM ? 3 : 2) : 1;
  return {
    FactoryTimestamp: lluTimestamp(reading.at),
    Timestamp: lluTimestamp(local),
    type: reading.type,
    ValueInMgPerDl: reading.value,
    ...(reading.type === 0 ? {} : { TrendArrow: reading.trend, TrendMessage: null }),
    MeasurementColor: color,
    GlucoseUnits: 1,
    Value: reading.value,
    isHigh: false,
    isLow: false,
    ...(reading.alarmType !== undefined ? { alarmType: reading.alarmType } : {}),
  };
}
