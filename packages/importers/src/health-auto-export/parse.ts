// Over 300 lines: one format's reader; its cases (quantity, blood pressure, sleep, workout) share its counts.
import {
  convert,
  normalizeUnit,
  parseTime,
  toCanonical,
  type NewSample,
  type SampleMeta,
} from '@healthfolio/core';
import type { ImportIssue, SkippedRecords } from '../types';
import { metricKinds, PERCENT_KINDS, unitFor } from './metrics';

export interface HealthAutoExportOptions {
  /** The source the samples are written under (`apple_healthkit`, a custom source's kind …). */
  source: string;
  /** IANA zone for dates written without an offset (older sleep entries give only a day). */
  timeZone: string;
}

export interface HealthAutoExportResult {
  samples: NewSample[];
  /**
   * Readings that could not be read, and a line for each metric that is not kept (the ingest receipt says
   * them: it has no skipped field yet); problems as data, never thrown. At most MAX_ISSUES, then a sum-up.
   */
  issues: ImportIssue[];
  /** Entries in the post as the app writes them, kept or not: each reading of a metric and each workout. */
  records: number;
  /** Readings that could not be read (no date, no number, a unit we cannot convert). */
  rejected: number;
  /**
   * Readings as ImportChunk counts them: each sample, each problem and each reading skipped, so that
   * `readings = samples + problems + skipped` (a blood-pressure entry holds two).
   */
  readings: number;
  /** Readings deliberately not kept, by type: metrics Healthfolio has no kind for, awake time. */
  skipped: SkippedRecords[];
}

/** Past this many, issues are summed up in one line: a broken automation must not answer megabytes. */
const MAX_ISSUES = 200;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
/** A string with something in it, or undefined. */
export const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v : undefined;

/**
 * Whether a JSON body is what Health Auto Export's REST API automation posts:
 * `{"data": {"metrics": [...], "workouts": [...]}}`.
 */
export function isHealthAutoExport(payload: unknown): boolean {
  if (!isObject(payload) || !isObject(payload.data)) return false;
  return Array.isArray(payload.data.metrics) || Array.isArray(payload.data.workouts);
}

/**
 * The samples of one Health Auto Export post (JSON format, metrics and workouts). Each reading keeps the
 * offset it was written with and the device the app names (`source`); origin ids are the metric and
 * device, so a resend of the same period is recognised reading by reading.
 */
export function parseHealthAutoExport(
  payload: unknown,
  options: HealthAutoExportOptions,
): HealthAutoExportResult {
  const reader = new Reader(options);
  if (!isHealthAutoExport(payload)) {
    reader.issue({ message: 'Not a Health Auto Export body: expected {"data": {"metrics": [...]}}' }, false);
    return reader.result(0);
  }
  const data = (payload as { data: Json }).data;
  const metrics = Array.isArray(data.metrics) ? data.metrics : [];
  metrics.forEach((metric, i) => reader.metric(metric, i));
  const workouts = Array.isArray(data.workouts) ? data.workouts : [];
  workouts.forEach((workout, i) => reader.workout(workout, i));
  const entries = metrics.reduce<number>((n, m) => n + (isMetric(m) ? m.data.length : 0), 0);
  return reader.result(entries + workouts.length);
}

const isMetric = (metric: unknown): metric is { name: string; units?: unknown; data: unknown[] } =>
  isObject(metric) && str(metric.name) !== undefined && Array.isArray(metric.data);

/** Why a metric's readings are skipped when Healthfolio has no kind for its name. */
const NO_KIND = 'Healthfolio has no metric for it yet';
/** Sleep stages that are time in bed, not sleep: one type, so that leaving one allocates nothing. */
const NOT_SLEEP = 'sleep_analysis (Awake, In Bed)';

/**
 * Reads metrics and workouts into samples. A whole body goes through `metric` and `workout`; a file read as
 * a stream (importer.ts) hands over a metric's readings one by one (`readingsOf`) and takes the samples
 * made so far as it goes (`takeSamples`).
 */
export class Reader {
  private samples: NewSample[] = [];
  private issues: ImportIssue[] = [];
  private skipped = new Map<string, SkippedRecords>();
  /** The ingest receipt's line for each metric not kept, in the order met. */
  private readonly notes: string[] = [];
  private records = 0;
  private rejected = 0;

  constructor(private readonly options: HealthAutoExportOptions) {}

  /** Everything read from a whole body; `entries` are its readings and workouts as the app writes them. */
  result(entries: number): HealthAutoExportResult {
    const problems = this.issues.slice(0, MAX_ISSUES);
    const dropped = this.issues.length - problems.length;
    if (dropped > 0) problems.push({ message: `… and ${dropped} more problems like these` });
    return {
      samples: this.samples,
      issues: [...this.notes.map((message) => ({ message })), ...problems],
      records: entries,
      rejected: this.rejected,
      readings: this.records,
      skipped: [...this.skipped.values()],
    };
  }

  /** Samples made and not yet taken. */
  get pendingSamples(): number {
    return this.samples.length;
  }

  /** The samples, problems and skipped readings since the last call, and the readings read meanwhile. */
  takeSamples(): {
    samples: NewSample[];
    records: number;
    issues?: ImportIssue[];
    skipped?: SkippedRecords[];
  } {
    const taken: ReturnType<Reader['takeSamples']> = { samples: this.samples, records: this.records };
    if (this.issues.length > 0) taken.issues = this.issues;
    if (this.skipped.size > 0) taken.skipped = [...this.skipped.values()];
    this.samples = [];
    this.issues = [];
    this.skipped = new Map();
    this.records = 0;
    return taken;
  }

  /**
   * A problem; `rejected` when it cost a reading (rather than the whole body, which is not an export).
   * The reading was counted as read where it was met.
   */
  issue(issue: ImportIssue, rejected = true): void {
    if (rejected) this.rejected++;
    this.issues.push(issue);
  }

  /** `n` readings of `type` read and not kept, with why; they count as read. */
  skip(type: string, reason: string, n = 1): void {
    this.records += n;
    this.leave(type, reason, n);
  }

  /** Like `skip`, for readings already counted as read (their mapping found them not to keep). */
  private leave(type: string, reason: string, n = 1): void {
    const known = this.skipped.get(type);
    if (known) known.count += n;
    else this.skipped.set(type, { type, count: n, reason });
  }

  metric(metric: unknown, index: number): void {
    if (!isMetric(metric)) {
      this.notAMetric(index);
      return;
    }
    const each = this.readingsOf(metric.name, str(metric.units));
    if (each) metric.data.forEach(each);
    else this.skippedMetric(metric.name, metric.data.length);
  }

  /** A metric that is not `{"name", "units", "data": [...]}`: one problem, its readings with it. */
  notAMetric(index: number): void {
    this.records++;
    this.issue({ message: `metrics[${index}]: expected {"name", "units", "data": [...]}`, record: index });
  }

  /**
   * How each reading of the metric `name` is read (each counts itself as read): undefined for a metric we
   * do not keep, whose readings are skipped without being looked at.
   */
  readingsOf(name: string, units: string | undefined): ((reading: unknown, i: number) => void) | undefined {
    if (name === 'blood_pressure') {
      return (r, i) => {
        this.records++;
        this.bloodPressure(r, units, i);
      };
    }
    if (name === 'sleep_analysis') {
      return (r, i) => {
        this.records++;
        this.sleep(r, units, i);
      };
    }
    const kind = metricKinds.get(name);
    if (!kind) return undefined;
    return (r, i) => {
      this.records++;
      this.quantity(name, kind, r, units, i);
    };
  }

  /** The `readings` of a metric Healthfolio has no kind for, skipped under its name, counted once. */
  skippedMetric(name: string, readings: number): void {
    this.skip(name, NO_KIND, readings);
    this.notes.push(`${name}: not a metric Healthfolio keeps; its ${readings} readings were skipped`);
  }

  /** One reading: a sample or a problem. */
  private quantity(name: string, kind: string, reading: unknown, units: string | undefined, i: number) {
    const where = `${name}[${i}]`;
    if (!isObject(reading)) return this.issue({ message: `${where}: not a reading` });
    // Heart rate comes as Min/Avg/Max of the interval; the average is the reading.
    const value = num(reading.qty) ?? num(reading.Avg);
    if (value === undefined) return this.issue({ message: `${where}: no number in "qty"` });
    const at = this.time(reading.date, where);
    if (!at) return;
    const device = str(reading.source) ?? null;
    const meta: SampleMeta = {};
    if (kind === 'heart_rate' && (num(reading.Min) !== undefined || num(reading.Max) !== undefined)) {
      meta.provenance = { min: num(reading.Min) ?? null, max: num(reading.Max) ?? null };
    }
    if (kind === 'blood_glucose' && str(reading.mealTime)) {
      meta.provenance = { mealTime: reading.mealTime as string };
    }
    this.push(where, { kind, start: at.ms, utcOffsetMin: at.offsetMin, device, name }, value, units, meta);
  }

  private bloodPressure(reading: unknown, units: string | undefined, i: number) {
    const where = `blood_pressure[${i}]`;
    if (!isObject(reading)) return this.issue({ message: `${where}: not a reading` });
    const systolic = num(reading.systolic);
    const diastolic = num(reading.diastolic);
    if (systolic === undefined || diastolic === undefined) {
      return this.issue({ message: `${where}: needs both "systolic" and "diastolic"` });
    }
    const at = this.time(reading.date, where);
    if (!at) return;
    const base = { start: at.ms, utcOffsetMin: at.offsetMin, device: str(reading.source) ?? null };
    const unit = units ?? 'mmHg';
    // Two readings, each a sample or a problem; refused as a whole above, the entry is one problem.
    this.records++;
    this.push(where, { ...base, kind: 'blood_pressure_systolic', name: 'blood_pressure' }, systolic, unit);
    this.push(where, { ...base, kind: 'blood_pressure_diastolic', name: 'blood_pressure' }, diastolic, unit);
  }

  /**
   * Sleep: aggregated nights (`totalSleep` or `asleep` with `core`/`deep`/`rem`, `sleepStart`, `sleepEnd`,
   * in hours) become one night each, with the stages kept beside it; unaggregated stage samples
   * (`startDate`, `endDate`, `value`: Core, Deep, REM, Asleep …) become one sample per asleep stage.
   */
  private sleep(reading: unknown, units: string | undefined, i: number) {
    const where = `sleep_analysis[${i}]`;
    if (!isObject(reading)) return this.issue({ message: `${where}: not a reading` });
    const unit = units ?? 'hr';
    if (str(reading.value) && reading.startDate !== undefined) return this.sleepStage(reading, unit, where);
    const stages: Record<string, number> = {};
    for (const stage of ['asleep', 'core', 'deep', 'rem', 'awake', 'inBed'] as const) {
      const v = num(reading[stage]);
      if (v !== undefined) stages[stage] = v;
    }
    const staged = (stages.core ?? 0) + (stages.deep ?? 0) + (stages.rem ?? 0);
    const hours = num(reading.totalSleep) ?? (staged > 0 ? staged + (stages.asleep ?? 0) : stages.asleep);
    if (hours === undefined) return this.issue({ message: `${where}: no "totalSleep" or "asleep"` });
    if (hours <= 0) return this.leave('sleep_analysis (no sleep)', 'a night without time asleep');
    const start = this.time(reading.sleepStart ?? reading.inBedStart ?? reading.date, where);
    const end = start && this.time(reading.sleepEnd ?? reading.inBedEnd ?? reading.date, where);
    if (!start || !end) return;
    const device = str(reading.source) ?? str(reading.sleepSource) ?? null;
    this.push(
      where,
      {
        kind: 'sleep_duration',
        start: start.ms,
        end: end.ms,
        utcOffsetMin: end.offsetMin,
        device,
        name: 'sleep',
      },
      hours,
      unit,
      { provenance: stages },
    );
  }

  private sleepStage(reading: Json, unit: string, where: string) {
    const stage = String(reading.value);
    if (!/^(asleep|core|deep|rem|unspecified)/i.test(stage)) {
      return this.leave(NOT_SLEEP, 'time awake or in bed, not sleep');
    }
    const start = this.time(reading.startDate, where);
    const end = start && this.time(reading.endDate, where);
    if (!start || !end) return;
    const qty = num(reading.qty);
    const hours = qty ?? (end.ms - start.ms) / 3_600_000;
    const device = str(reading.source) ?? null;
    this.push(
      where,
      {
        kind: 'sleep_duration',
        start: start.ms,
        end: end.ms,
        utcOffsetMin: end.offsetMin,
        device,
        name: `sleep:${stage}`,
      },
      hours,
      qty === undefined ? 'h' : unit,
      { provenance: { stage: stage.toLowerCase() } },
    );
  }

  /** A workout (export version 1 or 2), one reading: its length in minutes, with its type, distance and energy. */
  workout(workout: unknown, i: number): void {
    this.records++;
    const where = `workouts[${i}]`;
    if (!isObject(workout)) return this.issue({ message: `${where}: not a workout` });
    const start = this.time(workout.start, where);
    const end = start && this.time(workout.end, where);
    if (!start || !end) return;
    if (end.ms < start.ms) return this.issue({ message: `${where}: ends before it starts` });
    const activity = str(workout.name) ?? 'Workout';
    const seconds = num(workout.duration);
    const minutes = seconds !== undefined ? seconds / 60 : (end.ms - start.ms) / 60_000;
    const info: NonNullable<SampleMeta['workout']> = { activity };
    const distanceM = amount(workout.distance, 'm');
    const energyKcal = amount(workout.activeEnergyBurned ?? workout.activeEnergy, 'kcal');
    const avgHeartRate =
      amount(workout.avgHeartRate, '/min') ?? amount(nested(workout.heartRate, 'avg'), '/min');
    if (distanceM !== undefined) info.distanceM = round(distanceM);
    if (energyKcal !== undefined) info.energyKcal = round(energyKcal);
    if (avgHeartRate !== undefined) info.avgHeartRate = round(avgHeartRate);
    const sample: NewSample = {
      kind: 'workout',
      start: start.ms,
      end: end.ms,
      value: round(minutes),
      unit: 'min',
      utcOffsetMin: start.offsetMin,
      source: this.options.source,
      device: str(workout.source) ?? null,
      originId: str(workout.id) ?? `workout:${activity}`,
      meta: { workout: info },
    };
    this.samples.push(sample);
  }

  private time(value: unknown, where: string): { ms: number; offsetMin: number } | undefined {
    const text = str(value);
    const parsed = text ? parseTime(text, this.options.timeZone) : undefined;
    if (!parsed) this.issue({ message: `${where}: ${JSON.stringify(value ?? null)} is not a date` });
    return parsed;
  }

  /** Converts to the kind's unit here, so a unit the app writes that we cannot read is said per reading. */
  private push(
    where: string,
    at: {
      kind: string;
      start: number;
      end?: number;
      utcOffsetMin: number;
      device: string | null;
      name: string;
    },
    value: number,
    units: string | undefined,
    meta: SampleMeta = {},
  ) {
    const unit = unitFor(at.kind, units);
    // Apple Health keeps percentages as fractions; a body fat or SpO2 of 0.97 % is not a reading anyone takes.
    const v =
      PERCENT_KINDS.has(at.kind) && (unit === '%' || unit === undefined) && value > 0 && value <= 1
        ? value * 100
        : value;
    let quantity;
    try {
      quantity = toCanonical(at.kind, v, unit);
    } catch (error) {
      return this.issue({ message: `${where}: ${error instanceof Error ? error.message : String(error)}` });
    }
    const sample: NewSample = {
      kind: at.kind,
      start: at.start,
      value: quantity.value,
      unit: quantity.unit,
      utcOffsetMin: at.utcOffsetMin,
      source: this.options.source,
      device: at.device,
      originId: `hae:${at.name}:${at.device ?? ''}`,
    };
    if (at.end !== undefined) sample.end = at.end;
    if (Object.keys(meta).length > 0) sample.meta = meta;
    this.samples.push(sample);
  }
}

/** `{"qty": 3.5, "units": "mi"}` in `target`; undefined when missing or not convertible. */
function amount(value: unknown, target: string): number | undefined {
  if (!isObject(value)) return num(value);
  const qty = num(value.qty);
  if (qty === undefined) return undefined;
  const units = str(value.units);
  if (!units) return qty;
  try {
    return convert(qty, normalizeUnit(unitFor('', units) ?? units), target);
  } catch {
    return undefined;
  }
}

const nested = (value: unknown, key: string): unknown => (isObject(value) ? value[key] : undefined);
const round = (n: number) => Math.round(n * 1000) / 1000;
