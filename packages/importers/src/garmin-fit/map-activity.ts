import type { NewSample } from '@healthfolio/core';
import type { FitReadings } from './readings';
import { fitSample, type FitFileContext } from './file-context';
import { num, seconds, snakeCase, str, timeMs, type FitMessage } from '../shared/fit-values';
import { MINUTE, MinuteAverager, type MinuteAverage } from '../shared/minute-average';

/**
 * An activity file: heart rate from its record messages, one average a minute (the minute is the
 * reading), and a workout for each session (a multisport activity has several). Beat-to-beat intervals
 * (hrv messages) are counted and skipped.
 */
export function mapActivity(messages: readonly FitMessage[], ctx: FitFileContext, out: FitReadings): void {
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
      if (workout) out.add(workout);
      else
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
