import type { NewSample, WorkoutTrackPoints } from '@healthfolio/core';
import type { FitReadings } from './readings';
import { fitSample, type FitFileContext } from './file-context';
import { num, seconds, snakeCase, str, timeMs, type FitMessage } from '../shared/fit-values';
import { MINUTE, MinuteAverager, type MinuteAverage } from '../shared/minute-average';

/** One record message's point: time, position, altitude, distance and heart rate. */
interface RecordPoint {
  at: number;
  lat: number | null;
  lon: number | null;
  ele: number | null;
  dist: number | null;
  hr: number | null;
}

/**
 * An activity file: heart rate from its record messages, one average a minute (the minute is the
 * reading), and a workout for each session (a multisport activity has several) with its track — the
 * records within the session (position, altitude, distance, heart rate), part of the workout's reading.
 * Beat-to-beat intervals (hrv messages) are counted and skipped.
 */
export function mapActivity(messages: readonly FitMessage[], ctx: FitFileContext, out: FitReadings): void {
  const points: RecordPoint[] = [];
  for (const { name, mesg } of messages) {
    if (name !== 'record') continue;
    const at = timeMs(mesg, 'timestamp');
    if (at !== undefined) points.push(recordPoint(mesg, at));
  }
  const averager = new MinuteAverager();
  const pushMinute = (m: MinuteAverage | undefined) => {
    if (m) out.add(heartRateMinute(ctx, m));
  };
  messages.forEach(({ name, mesg }, index) => {
    if (name === 'record') {
      const bpm = num(mesg, 'heartRate');
      if (bpm === undefined || bpm <= 0) return;
      const at = timeMs(mesg, 'timestamp');
      if (at === undefined) out.skip('record.heart_rate', UNTIMED);
      else pushMinute(averager.add(at, bpm));
    } else if (name === 'session') {
      const workout = sessionWorkout(mesg, ctx);
      if (workout) {
        out.add(workout);
        const track = trackOf(points, workout.start, workout.end ?? workout.start);
        if (track)
          out.tracks.push({
            source: workout.source,
            start: workout.start,
            originId: workout.originId!,
            points: track,
          });
      } else
        out.issue({
          message: 'A session without a start time or duration was skipped',
          file: ctx.file,
          record: index,
        });
    } else if (name === 'hrv') {
      const times = mesg.time;
      const n = Array.isArray(times)
        ? times.filter((t) => typeof t === 'number').length
        : num(mesg, 'time')
          ? 1
          : 0;
      out.skip('hrv', BEAT_TO_BEAT, n);
    }
  });
  pushMinute(averager.flush());
}

const UNTIMED = 'a heart rate the file gives no time for';
const BEAT_TO_BEAT = 'beat-to-beat intervals: Healthfolio keeps the heart rate of each minute, not each beat';

export function heartRateMinute(ctx: FitFileContext, m: MinuteAverage): NewSample {
  return fitSample(ctx, {
    kind: 'heart_rate',
    start: m.start,
    end: m.start + MINUTE,
    value: m.value,
    unit: '/min',
    origin: `hr:${seconds(m.start)}`,
  });
}

function sessionWorkout(mesg: FitMessage['mesg'], ctx: FitFileContext): NewSample | undefined {
  const elapsed = num(mesg, 'totalElapsedTime') ?? num(mesg, 'totalTimerTime');
  const end = timeMs(mesg, 'timestamp');
  const start =
    timeMs(mesg, 'startTime') ??
    (end !== undefined && elapsed !== undefined ? end - elapsed * 1000 : undefined);
  if (start === undefined || elapsed === undefined) return undefined;
  const sport = str(mesg, 'sport');
  return fitSample(ctx, {
    kind: 'workout',
    start,
    end: start + Math.round(elapsed * 1000),
    value: Math.round((elapsed / 60) * 100) / 100,
    unit: 'min',
    origin: `session:${seconds(start)}`,
    meta: {
      workout: {
        activity: sport ? snakeCase(sport) : 'workout',
        distanceM: num(mesg, 'totalDistance'),
        energyKcal: num(mesg, 'totalCalories'),
        avgHeartRate: num(mesg, 'avgHeartRate'),
      },
      provenance: { file: ctx.file, subSport: str(mesg, 'subSport') ?? null },
    },
  });
}

/** Degrees from FIT's semicircles (2^31 of them to 180°). */
const SEMICIRCLE = 180 / 2 ** 31;

function recordPoint(mesg: FitMessage['mesg'], at: number): RecordPoint {
  const lat = num(mesg, 'positionLat');
  const lon = num(mesg, 'positionLong');
  const ele = num(mesg, 'enhancedAltitude') ?? num(mesg, 'altitude');
  const hr = num(mesg, 'heartRate');
  const placed = lat !== undefined && lon !== undefined;
  return {
    at,
    lat: placed ? Math.round(lat * SEMICIRCLE * 1e7) / 1e7 : null,
    lon: placed ? Math.round(lon * SEMICIRCLE * 1e7) / 1e7 : null,
    ele: ele ?? null,
    dist: num(mesg, 'distance') ?? null,
    hr: hr !== undefined && hr > 0 ? hr : null,
  };
}

/** The records within a session as its track (seconds from its start); none without a position or distance. */
function trackOf(points: readonly RecordPoint[], start: number, end: number): WorkoutTrackPoints | undefined {
  const within = points.filter((p) => p.at >= start && p.at <= end);
  if (!within.some((p) => p.lat !== null || p.dist !== null)) return undefined;
  return {
    t: within.map((p) => (p.at - start) / 1000),
    lat: within.map((p) => p.lat),
    lon: within.map((p) => p.lon),
    ele: within.map((p) => p.ele),
    dist: within.map((p) => p.dist),
    hr: within.map((p) => p.hr),
  };
}
