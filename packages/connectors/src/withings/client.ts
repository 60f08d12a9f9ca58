import { addDays, dayStart, localDate } from '../shared/local-days';
import type { CoveredSpan, RawPage, SyncContext, SyncWindow } from '../types';

/** The services read, in this order on every run (the cursor counts on it). */
export const RESOURCES = ['measures', 'sleep'] as const;
export type WithingsResource = (typeof RESOURCES)[number];

/**
 * Measure types asked of getmeas: weight, fat ratio, fat mass, muscle mass, bone mass, diastolic and
 * systolic blood pressure, heart pulse.
 */
export const MEAS_TYPES = [1, 6, 8, 76, 88, 9, 10, 11] as const;
/** Sleep summary fields asked of getsummary. */
export const SLEEP_FIELDS = [
  'total_sleep_time',
  'total_timeinbed',
  'lightsleepduration',
  'deepsleepduration',
  'remsleepduration',
  'wakeupduration',
  'wakeupcount',
  'hr_average',
  'hr_min',
  'rr_average',
  'sleep_score',
] as const;

interface Cursor {
  /** Index into RESOURCES. */
  r: number;
  /** Withings' `offset` of the next page. */
  offset: number;
}

/** Every Withings answer: `status` 0 is success, anything else an error, whatever the HTTP status. */
export interface Envelope<T = unknown> {
  status: number;
  body?: T;
  error?: string;
}
interface Paged {
  more?: boolean | number;
  offset?: number;
}

/** A Withings answer whose `status` is not 0. */
export class WithingsError extends Error {
  override readonly name = 'WithingsError';
  constructor(
    readonly status: number,
    detail: string | undefined,
  ) {
    super(`Withings answered status ${status}${detail ? `: ${detail}` : ''}`);
  }
}

/**
 * The dates asked of getsummary: the window's local dates, a day more before and two after. A night is
 * dated by the day it ends, in the zone Withings names for it, which may not be the person's profile
 * zone, and whether `enddateymd` is inclusive is not said: the margin brings every night `covers`
 * counts back either way.
 */
export function sleepDates(window: SyncWindow): { startdateymd: string; enddateymd: string } {
  return {
    startdateymd: addDays(localDate(window.from, window.timeZone), -1),
    enddateymd: addDays(localDate(window.to, window.timeZone), 2),
  };
}

/** The Unix seconds asked of getmeas. */
const measureSpan = (window: SyncWindow) => ({
  startdate: Math.floor(window.from / 1000),
  enddate: Math.ceil(window.to / 1000),
});

/**
 * What a whole run answers: the weigh-ins and cuff readings strictly between getmeas' `startdate` and
 * `enddate` (whether Withings includes the ends is not said), and the nights that start from the window's
 * first local date to the day before its last.
 */
export function covers(window: SyncWindow): CoveredSpan[] {
  const { startdate, enddate } = measureSpan(window);
  const first = localDate(window.from, window.timeZone);
  const last = localDate(window.to, window.timeZone);
  return [
    {
      kinds: [
        'weight',
        'body_fat',
        'fat_mass',
        'muscle_mass',
        'bone_mass',
        'blood_pressure_systolic',
        'blood_pressure_diastolic',
        'heart_rate',
      ],
      from: (startdate + 1) * 1000,
      to: enddate * 1000,
    },
    {
      kinds: ['sleep_duration'],
      from: dayStart(first, window.timeZone),
      to: dayStart(last, window.timeZone),
    },
  ].filter((span) => span.to > span.from);
}

/**
 * Reads `measure?action=getmeas` (body measurements and blood pressure, category 1: real measures) and
 * `v2/sleep?action=getsummary` (one summary per night), paging each with `more`/`offset`.
 * Every Withings service is a POST with form parameters, as documented.
 */
export async function* sync(context: SyncContext): AsyncIterable<RawPage> {
  const start: Cursor = context.cursor ? (JSON.parse(context.cursor) as Cursor) : { r: 0, offset: 0 };
  for (let r = start.r; r < RESOURCES.length; r++) {
    const resource = RESOURCES[r]!;
    let offset = r === start.r ? start.offset : 0;
    let more: boolean;
    do {
      const query =
        resource === 'measures'
          ? {
              action: 'getmeas',
              meastypes: MEAS_TYPES.join(','),
              category: 1,
              ...measureSpan(context),
            }
          : {
              action: 'getsummary',
              ...sleepDates(context),
              data_fields: SLEEP_FIELDS.join(','),
            };
      const payload = await context.http.post<Envelope<Paged>>(
        resource === 'measures' ? '/measure' : '/v2/sleep',
        { ...query, ...(offset > 0 ? { offset } : {}) },
      );
      if (payload.status !== 0) throw new WithingsError(payload.status, payload.error);
      more = !!payload.body?.more && typeof payload.body.offset === 'number' && payload.body.offset > offset;
      offset = more ? payload.body!.offset! : 0;
      const cursor: Cursor | null = more
        ? { r, offset }
        : r + 1 < RESOURCES.length
          ? { r: r + 1, offset: 0 }
          : null;
      yield { resource, payload, cursor: cursor && JSON.stringify(cursor) };
    } while (more);
  }
}
