import type { Selectable } from 'kysely';
import type { SamplesTable } from '../../db/schema';
import {
  deviceWithPath,
  getConverter,
  getMetric,
  normalizeUnit,
  resolveMetricKind,
  type MetricDefinition,
  type NewSample,
} from '@healthfolio/core';
import { localDayOf, sleepDayOf, zoneOffsetAt } from './time';

export type { NewSample, SampleMeta } from '@healthfolio/core';

/** A row of `samples` without id and user. */
export type SampleRow = Omit<Selectable<SamplesTable>, 'id' | 'user_no'>;

export interface SampleProblem {
  field: string;
  message: string;
}

/** Kinds whose day is the day their night ends (time.ts sleepDayOf): a night's sleep counts for the wake-up day. */
export const countsOnEndDay = (metric: MetricDefinition) => metric.category === 'sleep';

let lastKind: { name: string; metric: MetricDefinition } | undefined;

function metricFor(name: string): MetricDefinition | undefined {
  if (lastKind?.name === name) return lastKind.metric;
  const metric = getMetric(name) ?? getMetric(resolveMetricKind(name) ?? '');
  if (metric) lastKind = { name, metric };
  return metric;
}

/**
 * Validates and normalizes one sample: canonical kind and unit, plausible value, local day. Runs once
 * per sample on the bulk path, so it avoids allocation beyond the row itself.
 */
export function prepareSample(s: NewSample): SampleRow | SampleProblem {
  const metric = metricFor(s.kind);
  if (!metric) return { field: 'type', message: `Unknown metric kind "${s.kind}"` };
  if (metric.valueType === 'pair') {
    const parts = metric.components?.join(' and ') ?? 'its parts';
    return { field: 'type', message: `${metric.kind} is stored as ${parts}, not one number` };
  }
  if (metric.valueType === 'coded' && !s.meta?.code?.display) {
    return { field: 'code', message: `${metric.kind} needs a code with a display name` };
  }
  if (!Number.isFinite(s.start)) return { field: 'start', message: 'Start is not a valid time' };
  // Instants are whole milliseconds (bigint on PostgreSQL); generated or converted times may carry fractions.
  const start = Math.round(s.start);
  const end = s.end === undefined ? start : Math.round(s.end);
  if (!Number.isFinite(end)) return { field: 'end', message: 'End is not a valid time' };
  if (end < start) return { field: 'end', message: 'End is before start' };
  if (!Number.isFinite(s.value)) return { field: 'value', message: 'Value is not a finite number' };

  let value = s.value;
  let unit = metric.unit ?? s.unit ?? '1';
  if (s.unit !== undefined && s.unit !== unit && metric.unit !== null) {
    try {
      value = getConverter(s.unit, metric.unit, metric.kind)(s.value);
    } catch (error) {
      return { field: 'unit', message: error instanceof Error ? error.message : String(error) };
    }
  } else if (metric.unit === null && s.unit !== undefined) {
    try {
      unit = normalizeUnit(s.unit);
    } catch (error) {
      return { field: 'unit', message: error instanceof Error ? error.message : String(error) };
    }
  }
  const bounds = metric.plausible;
  if (bounds && (value < bounds.min || value > bounds.max)) {
    return {
      field: 'value',
      message: `${round(value)} ${unit} is not a possible ${metric.label.toLowerCase()} (${bounds.min}–${bounds.max})`,
    };
  }

  const tz = s.tz ?? null;
  const offset = Math.round(s.utcOffsetMin ?? (tz ? zoneOffsetAt(tz, start) : 0));
  return {
    kind: metric.kind,
    start_at: start,
    end_at: end,
    utc_offset_min: offset,
    tz,
    local_day: countsOnEndDay(metric) ? sleepDayOf(end, offset) : localDayOf(start, offset),
    value,
    unit,
    source: s.source,
    // The path rides with the device (sample-paths.ts); the identity keeps the device's own name, so the
    // same reading brought again by another path is the same sample.
    device: deviceWithPath(s.device, s.path),
    origin_id: s.originId ?? s.device ?? '',
    flag: s.flag ?? null,
    meta: s.meta ? JSON.stringify(s.meta) : null,
  };
}

/** "steps at 2026-11-20T08:00:00.000Z": which reading a refusal is about. */
export const describeSample = (s: NewSample) => `${s.kind} at ${new Date(s.start).toISOString()}`;

export const isProblem = (r: SampleRow | SampleProblem): r is SampleProblem => 'field' in r;

const round = (n: number) => Math.round(n * 1000) / 1000;
