import { Utils } from '@garmin/fitsdk';
import type { FitReadings } from './readings';
import { fitSample, type FitFileContext } from './file-context';
import { num, seconds, str, timeMs, type FitMesg, type FitMessage } from '../shared/fit-values';

/** Activity types whose monitoring "cycles" are steps (the FIT profile's steps sub-field). */
const STEP_TYPES = new Set(['walking', 'running']);

/**
 * A monitoring (daily wellness) file. Steps are running totals per activity type that the device
 * resets at local midnight, so each message gives the steps since the previous total of its type, and
 * the first total after a midnight the steps since that midnight. A file that begins after the day's
 * midnight carries the day's total so far: its first total is where counting starts, not steps of this
 * file. Most messages carry only a 16-bit timestamp, read against the last full one before it.
 */
export function mapMonitoring(messages: readonly FitMessage[], ctx: FitFileContext, out: FitReadings): void {
  const totals = new Map<string, { steps: number; at: number }>();
  let lastFull: number | undefined;
  let fileStart: number | undefined;
  messages.forEach(({ name, mesg }, index) => {
    const full = timeMs(mesg, 'timestamp');
    if (full !== undefined) lastFull = full;
    if (name === 'monitoringInfo') fileStart ??= full;
    if (name === 'monitoringHrData') {
      const rhr = num(mesg, 'currentDayRestingHeartRate') ?? num(mesg, 'restingHeartRate');
      if (full !== undefined && rhr) {
        out.add(
          fitSample(ctx, {
            kind: 'resting_heart_rate',
            start: full,
            value: rhr,
            unit: '/min',
            origin: `rhr:${seconds(full)}`,
          }),
        );
      }
      return;
    }
    if (name !== 'monitoring') return;
    const bpm = num(mesg, 'heartRate');
    const type = str(mesg, 'activityType');
    const steps = stepsOf(mesg, type);
    const at = full ?? fromTimestamp16(mesg, lastFull);
    if (at === undefined) {
      for (const what of [bpm ? 'heart rate' : '', type && steps !== undefined ? 'step total' : ''])
        if (what)
          out.issue({
            message: `A monitoring ${what} without a usable timestamp was skipped`,
            file: ctx.file,
            record: index,
          });
      return;
    }
    lastFull = at;
    if (bpm)
      out.add(
        fitSample(ctx, {
          kind: 'heart_rate',
          start: at,
          value: bpm,
          unit: '/min',
          origin: `hr:${seconds(at)}`,
        }),
      );
    if (type === undefined || steps === undefined) return;
    const previous = totals.get(type);
    totals.set(type, { steps, at });
    const added = stepsAdded(previous, { steps, at }, localMidnight(ctx, at), fileStart);
    if (added === 'carried') out.skip('monitoring.steps (carried total)', CARRIED);
    else if (added.delta <= 0) out.skip('monitoring.steps', UNCHANGED);
    else {
      out.add(
        fitSample(ctx, {
          kind: 'steps',
          start: added.start,
          end: at,
          value: added.delta,
          unit: '{count}',
          origin: `steps:${type}:${seconds(at)}`,
        }),
      );
    }
  });
}

/**
 * What a step total adds to the one before it of its type, and since when: the first total after a
 * local midnight counts from that midnight; a lower one away from midnight (the device restarted) from
 * zero since the one before; a file's first total counts from midnight only when the file began by then.
 */
function stepsAdded(
  previous: { steps: number; at: number } | undefined,
  { steps, at }: { steps: number; at: number },
  midnight: number,
  fileStart: number | undefined,
): { start: number; delta: number } | 'carried' {
  if (!previous)
    return fileStart === undefined || fileStart > midnight ? 'carried' : { start: midnight, delta: steps };
  if (previous.at < midnight && midnight < at) return { start: midnight, delta: steps };
  if (steps < previous.steps) return { start: previous.at, delta: steps };
  return { start: previous.at, delta: steps - previous.steps };
}

const CARRIED =
  "the day's total when the file began: the steps before it are in the device's earlier file of that day";
const UNCHANGED = 'no steps since the total before it';
const DAY = 24 * 3600_000;

/** The instant of the local midnight that begins the day of `ms`, at the file's offsets (DST-aware). */
function localMidnight(ctx: FitFileContext, ms: number): number {
  const wall = Math.floor((ms + ctx.zone(ms).utcOffsetMin * 60_000) / DAY) * DAY;
  return wall - ctx.zone(wall - ctx.zone(ms).utcOffsetMin * 60_000).utcOffsetMin * 60_000;
}

/** Steps of a monitoring message: the SDK expands the sub-field only when activity_type came first. */
function stepsOf(mesg: FitMesg, type: string | undefined): number | undefined {
  const steps = num(mesg, 'steps');
  if (steps !== undefined) return steps;
  const cycles = num(mesg, 'cycles');
  // cycles is scaled by 2 in the profile; steps, its sub-field, is not.
  return cycles !== undefined && type !== undefined && STEP_TYPES.has(type)
    ? Math.round(cycles * 2)
    : undefined;
}

function fromTimestamp16(mesg: FitMesg, lastFull: number | undefined): number | undefined {
  const t16 = num(mesg, 'timestamp16');
  if (t16 === undefined || lastFull === undefined) return undefined;
  const last = Math.round((lastFull - Utils.FIT_EPOCH_MS) / 1000);
  return lastFull + ((t16 - (last & 0xffff)) & 0xffff) * 1000;
}
