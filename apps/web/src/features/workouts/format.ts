import type { UnitSystem } from '@healthfolio/core';
import { formatNumber } from '../metrics/format';
import { currentLocale, i18n } from '../../i18n';

const METRES_PER_MILE = 1609.344;

/** "5.2 km", "3.2 mi"; short distances in m or ft. */
export function formatDistance(metres: number, system: UnitSystem): string {
  if (system === 'imperial') {
    const miles = metres / METRES_PER_MILE;
    return miles < 0.1 ? `${formatNumber(metres * 3.28084, 0)} ft` : `${formatNumber(miles, 2)} mi`;
  }
  return metres < 1000 ? `${formatNumber(metres, 0)} m` : `${formatNumber(metres / 1000, 2)} km`;
}

/** "5:33 /km" from metres per second; null when not moving. */
export function formatPace(metresPerSecond: number, system: UnitSystem): string | null {
  if (!(metresPerSecond > 0)) return null;
  const unit = system === 'imperial' ? METRES_PER_MILE : 1000;
  const seconds = Math.round(unit / metresPerSecond);
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')} /${system === 'imperial' ? 'mi' : 'km'}`;
}

/** "10.8 km/h", "6.7 mph". */
export function formatSpeed(metresPerSecond: number, system: UnitSystem): string {
  return system === 'imperial'
    ? `${formatNumber((metresPerSecond * 3600) / METRES_PER_MILE, 1)} mph`
    : `${formatNumber(metresPerSecond * 3.6, 1)} km/h`;
}

/** Activities measured by pace (on foot); the others by speed. */
export const byPace = (activity: string) => /run|walk|hik|jog/.test(activity);

/**
 * A workout type id as people read it in the current language: "running" → "Running" / "Carrera";
 * an id without a translation in readable words ("weight_training" → "Weight training").
 */
export function activityLabel(activity: string): string {
  const id = activity.trim().toLowerCase();
  const key = `workouts:types.${id.replace(/\./g, '_')}`;
  if (id && i18n.exists(key)) return i18n.t(key);
  const words = activity.replace(/[_.]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : i18n.t('workouts:types.workout');
}

/** "1:05:10" or "20:00" from seconds. */
export function formatClockDuration(totalSeconds: number): string {
  const s = Math.round(totalSeconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(sec).padStart(2, '0')}`;
}

/** The local date and time an ISO string with an offset names, as written there: "Fri 20 Nov 2026, 07:00". */
export function formatLocalDateTime(iso: string): string {
  const [date, time] = [iso.slice(0, 10), iso.slice(11, 16)];
  const day = new Date(`${date}T00:00:00Z`);
  const text = new Intl.DateTimeFormat(currentLocale(), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(day);
  return `${text}, ${time}`;
}

/**
 * Speed between points, metres per second, smoothed over about 30 s either side (GPS distance jitters
 * point to point); null where time or distance is missing.
 */
export function speeds(
  t: readonly number[],
  dist: readonly (number | null)[],
  windowS = 30,
): (number | null)[] {
  return t.map((ti, i) => {
    let a = i;
    let b = i;
    while (a > 0 && ti - t[a - 1]! <= windowS) a--;
    while (b < t.length - 1 && t[b + 1]! - ti <= windowS) b++;
    const da = dist[a];
    const db = dist[b];
    if (a === b || da === null || db === null || da === undefined || db === undefined) return null;
    const v = (db - da) / (t[b]! - t[a]!);
    return Number.isFinite(v) && v >= 0 ? v : null;
  });
}
