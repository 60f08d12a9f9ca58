import type { NewSample } from '@healthfolio/core';
import { Utils } from '@garmin/fitsdk';
import type { ImportIssue } from '../types';
import { fitSample, type FitFileContext } from './file-context';
import { num, seconds, str, timeMs, type FitMesg, type FitMessage } from '../shared/fit-values';

/** Activity types whose monitoring "cycles" are steps (the FIT profile's steps sub-field). */
const STEP_TYPES = new Set(['walking', 'running']);

/**
 * A monitoring (daily wellness) file. Steps are running totals per activity type that only reset
 * within the file, so each message gives the steps since the previous total of its type. Most
 * messages carry only a 16-bit timestamp, read against the last full one before it.
 */
export function mapMonitoring(
  messages: readonly FitMessage[],
  ctx: FitFileContext,
  issues: ImportIssue[],
): NewSample[] {
  const samples: NewSample[] = [];
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
        samples.push(
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
    const at = full ?? fromTimestamp16(mesg, lastFull);
    if (at === undefined) {
      issues.push({
        message: 'A monitoring message without a usable timestamp was skipped',
        file: ctx.file,
        record: index,
      });
      return;
    }
    lastFull = at;
    const bpm = num(mesg, 'heartRate');
    if (bpm)
      samples.push(
        fitSample(ctx, {
          kind: 'heart_rate',
          start: at,
          value: bpm,
          unit: '/min',
          origin: `hr:${seconds(at)}`,
        }),
      );
    const type = str(mesg, 'activityType');
    const steps = stepsOf(mesg, type);
    if (type === undefined || steps === undefined) return;
    const previous = totals.get(type);
    totals.set(type, { steps, at });
    // A total lower than the last one means the device reset its counter (midnight): count from zero.
    const delta = previous && steps >= previous.steps ? steps - previous.steps : steps;
    if (delta <= 0) return;
    const start = previous?.at ?? (fileStart !== undefined && fileStart < at ? fileStart : at);
    samples.push(
      fitSample(ctx, {
        kind: 'steps',
        start,
        end: at,
        value: delta,
        unit: '{count}',
        origin: `steps:${type}:${seconds(at)}`,
      }),
    );
  });
  return samples;
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
