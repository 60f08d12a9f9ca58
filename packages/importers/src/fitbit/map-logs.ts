import type { NewSample } from '@healthfolio/core';
import { fitbitTime } from './fitbit-time';
import { unitFromBmi, type WeightUnit } from './weight-unit';

/** A reading of a log that is not kept: its field, and why. */
export interface Skip {
  type: string;
  reason: string;
}
export type Result = { samples: NewSample[]; warning?: string; skipped?: Skip[] } | { problem: string };

const STAGES = 'the minutes of each stage ride in the sleep sample; this figure is not kept';
/** The fields of a sleep log that are readings we do not keep, and why. */
const SLEEP_SKIPPED: [field: string, reason: string][] = [
  ['minutesToFallAsleep', STAGES],
  ['minutesAwake', STAGES],
  ['minutesAfterWakeup', STAGES],
  ['efficiency', "Fitbit's sleep efficiency, worked out from the minutes asleep and in bed: not kept"],
];

interface SleepLog {
  logId?: unknown;
  startTime?: unknown;
  endTime?: unknown;
  minutesAsleep?: unknown;
  minutesToFallAsleep?: unknown;
  minutesAwake?: unknown;
  minutesAfterWakeup?: unknown;
  efficiency?: unknown;
  timeInBed?: unknown;
  mainSleep?: unknown;
  type?: unknown;
  levels?: {
    summary?: Record<string, { minutes?: unknown } | undefined>;
    data?: unknown;
    shortData?: unknown;
  };
}

/**
 * A sleep log: minutes asleep between its start and end, with the stage minutes kept in meta. The log is
 * one reading; its other figures (minutes awake, efficiency …) and its stage timeline are skipped.
 */
export function sleepSamples(item: unknown, zone: string): Result {
  const log = (item ?? {}) as SleepLog;
  const start = fitbitTime(log.startTime, zone);
  const end = fitbitTime(log.endTime, zone);
  if (!start || !end) return { problem: 'sleep log without a readable startTime and endTime' };
  const asleep = Number(log.minutesAsleep);
  if (typeof log.minutesAsleep !== 'number' || !Number.isFinite(asleep) || asleep < 0) {
    return { problem: `minutesAsleep ${JSON.stringify(log.minutesAsleep)} is not a number` };
  }
  const provenance: Record<string, string | number | boolean | null> = {};
  if (typeof log.type === 'string') provenance.type = log.type;
  if (typeof log.mainSleep === 'boolean') provenance.mainSleep = log.mainSleep;
  if (typeof log.timeInBed === 'number') provenance.timeInBedMin = log.timeInBed;
  for (const [stage, entry] of Object.entries(log.levels?.summary ?? {})) {
    if (typeof entry?.minutes === 'number') provenance[`${stage}Min`] = entry.minutes;
  }
  const sample: NewSample = {
    kind: 'sleep_duration',
    start: start.ms,
    end: end.ms,
    value: asleep,
    unit: 'min',
    utcOffsetMin: start.offsetMin,
    tz: zone,
    source: 'fitbit',
    originId: logId(log.logId) ?? `sleep:${new Date(start.ms).toISOString()}`,
    meta: { provenance },
  };
  const skipped: Skip[] = SLEEP_SKIPPED.filter(
    ([field]) => typeof log[field as keyof SleepLog] === 'number',
  ).map(([type, reason]) => ({ type, reason }));
  for (const series of ['data', 'shortData'] as const) {
    const points = log.levels?.[series];
    if (Array.isArray(points) && points.length > 0) {
      skipped.push({
        type: `levels.${series}`,
        reason: "the night's stage timeline is not kept; its minutes a stage are",
      });
    }
  }
  return { samples: [sample], skipped };
}

interface WeightLog {
  logId?: unknown;
  weight?: unknown;
  bmi?: unknown;
  fat?: unknown;
  date?: unknown;
  time?: unknown;
  source?: unknown;
}

/**
 * A weigh-in: weight, BMI and body fat when logged. The unit comes from the log's own BMI, else from
 * Profile.csv, else kg with a warning (see weight-unit.ts).
 */
export function weightSamples(item: unknown, zone: string, profileUnit: WeightUnit | undefined): Result {
  const log = (item ?? {}) as WeightLog;
  const at = fitbitTime(`${String(log.date ?? '')} ${String(log.time ?? '00:00:00')}`, zone);
  if (!at) return { problem: `weight log without a readable date (${JSON.stringify(log.date)})` };
  if (typeof log.weight !== 'number' || !(log.weight > 0)) {
    return { problem: `weight ${JSON.stringify(log.weight)} is not a number` };
  }
  const byBmi = unitFromBmi(log.weight, log.bmi);
  const unit = byBmi ?? profileUnit ?? 'kg';
  const warning =
    byBmi || profileUnit
      ? undefined
      : 'Some Fitbit weights carry no BMI and the export has no Profile.csv naming the unit: they were read as kg.';
  const id = logId(log.logId) ?? `weight:${new Date(at.ms).toISOString()}`;
  const device = typeof log.source === 'string' && !/^(api|web)$/i.test(log.source) ? log.source : undefined;
  const base = { start: at.ms, utcOffsetMin: at.offsetMin, tz: zone, source: 'fitbit', originId: id, device };
  const samples: NewSample[] = [{ ...base, kind: 'weight', value: log.weight, unit }];
  if (typeof log.bmi === 'number' && log.bmi > 0)
    samples.push({ ...base, kind: 'bmi', value: log.bmi, unit: 'kg/m2' });
  if (typeof log.fat === 'number' && log.fat > 0)
    samples.push({ ...base, kind: 'body_fat', value: log.fat, unit: '%' });
  return warning ? { samples, warning } : { samples };
}

const logId = (id: unknown): string | undefined =>
  typeof id === 'number' || (typeof id === 'string' && id !== '') ? String(id) : undefined;
