import { parseTime, type NewSample } from '@healthfolio/core';
import { filled, otherFields, type Skip } from './fields';
import { dayInterval, nested, num, pick, str, when, type Fields } from './values';

export type RecordKind = 'sleep' | 'activity' | 'spo2' | 'heartrate';
/**
 * What a record gave: its samples, the readings it could not read and those deliberately not kept; or
 * one problem, or one skip, for a record refused or left whole.
 */
export type Mapped =
  { samples: NewSample[]; problems: string[]; skipped: Skip[] } | { problem: string } | { skip: Skip };

/** The first of `names` a record fills: its name and its number, or why it is not one. */
function reading(
  fields: Fields,
  names: readonly string[],
): { name: string; value?: number; problem?: string } | undefined {
  const name = names.find((n) => filled(fields[n]));
  if (name === undefined) return undefined;
  const value = num(fields[name]);
  return value === undefined
    ? { name, problem: `${name} "${String(fields[name])}" is not a number` }
    : { name, value };
}

/** Samples of one record, and the names of the fields they were read from. */
class Readings {
  readonly samples: NewSample[] = [];
  readonly problems: string[] = [];
  readonly used = new Set<string>();
  private readonly skipped: Skip[] = [];

  constructor(
    private readonly fields: Fields,
    private readonly base: Omit<NewSample, 'kind' | 'value' | 'unit'>,
  ) {}

  /** The first filled of `names` as a sample of `kind`; a filled field that is no number is a problem. */
  add(kind: string, names: readonly string[], unit: string): void {
    for (const name of names) this.used.add(name);
    const read = reading(this.fields, names);
    if (!read) return;
    if (read.value === undefined) this.problems.push(read.problem!);
    else this.samples.push({ ...this.base, kind, value: read.value, unit });
  }

  /** The filled of `names` as readings skipped with `reason`. */
  skip(names: readonly string[], reason: string): void {
    for (const name of names) {
      this.used.add(name);
      if (filled(this.fields[name])) this.skipped.push({ type: name, reason });
    }
  }

  done(): Mapped {
    const skipped = [...this.skipped, ...otherFields(this.fields, this.used)];
    return { samples: this.samples, problems: this.problems, skipped };
  }
}

const NAP = "kept for the main night only: Oura reports a nap's too, but it is not a resting value";
const NIGHT_ONLY = [
  ['resting_heart_rate', ['lowest_heart_rate', 'hr_lowest'], '/min'],
  ['heart_rate_variability', ['average_hrv', 'rmssd'], 'ms'],
  ['respiratory_rate', ['average_breath', 'breath_average'], '/min'],
] as const;

const SOURCE = 'oura';

/** What an Oura record is, by its fields (the v2 API names, and the v1 names where they differ). */
export function recordKind(fields: Fields): RecordKind | undefined {
  if ('bedtime_start' in fields && 'bedtime_end' in fields) return 'sleep';
  if ('bpm' in fields && 'timestamp' in fields) return 'heartrate';
  if ('spo2_percentage' in fields) return 'spo2';
  if ('steps' in fields && ('active_calories' in fields || 'cal_active' in fields)) return 'activity';
  return undefined;
}

export function mapRecord(kind: RecordKind, fields: Fields, zone: string): Mapped {
  switch (kind) {
    case 'sleep':
      return mapSleep(fields, zone);
    case 'activity':
      return mapActivity(fields, zone);
    case 'spo2':
      return mapSpo2(fields, zone);
    case 'heartrate':
      return mapHeartRate(fields, zone);
  }
}

/**
 * A sleep period. Its length counts for every kind of sleep (night, nap); resting heart rate, HRV and
 * breathing only for the main night (`long_sleep`), as Oura itself reports them: a nap's are skipped. The
 * samples span bedtime to wake-up, so the night belongs to the day one wakes on. A deleted period and a
 * rest period are each one reading, skipped.
 */
function mapSleep(fields: Fields, zone: string): Mapped {
  const type = str(fields.type) ?? (fields.is_longest === 1 ? 'long_sleep' : 'sleep');
  if (type === 'deleted')
    return { skip: { type: 'sleep period (deleted)', reason: 'Oura marks it deleted' } };
  if (type === 'rest') {
    return { skip: { type: 'sleep period (rest)', reason: 'a rest period Oura noticed, not sleep' } };
  }
  const start = when(fields.bedtime_start, zone);
  const end = when(fields.bedtime_end, zone);
  if (!start || !end || end.ms < start.ms)
    return { problem: 'Sleep period has no readable bedtime start and end' };
  const day = str(pick(fields, 'day', 'summary_date')) ?? '';
  const readings = new Readings(fields, {
    start: start.ms,
    end: end.ms,
    utcOffsetMin: end.utcOffsetMin,
    tz: end.tz ?? zone,
    source: SOURCE,
    originId: str(fields.id) ?? `${day}:${str(fields.bedtime_start)}`,
  });
  readings.add('sleep_duration', ['total_sleep_duration', 'total'], 's');
  for (const [kind, names, unit] of NIGHT_ONLY) {
    if (type === 'long_sleep') readings.add(kind, names, unit);
    else readings.skip(names, NAP);
  }
  return readings.done();
}

/** Daily activity totals, over the local calendar day they are for. */
function mapActivity(fields: Fields, zone: string): Mapped {
  const day = str(pick(fields, 'day', 'summary_date'));
  const stamp = str(pick(fields, 'timestamp', 'day_start'));
  const interval = day && dayInterval(day, zone, stamp ? parseTime(stamp, zone) : undefined);
  if (!interval) return { problem: `Daily activity has no readable day ("${day ?? ''}")` };
  const readings = new Readings(fields, {
    ...interval,
    source: SOURCE,
    originId: str(fields.id) ?? `${day}:activity`,
  });
  readings.add('steps', ['steps'], '{count}');
  readings.add('active_calories_burned', ['active_calories', 'cal_active'], 'kcal');
  readings.add('calories', ['total_calories', 'cal_total'], 'kcal');
  return readings.done();
}

/** The night's average blood oxygen, on the day Oura files it under. */
function mapSpo2(fields: Fields, zone: string): Mapped {
  const day = str(fields.day);
  const interval = day && dayInterval(day, zone);
  if (!interval) return { problem: `Daily SpO2 has no readable day ("${day ?? ''}")` };
  const samples: NewSample[] = [];
  const problems: string[] = [];
  const percentage = fields.spo2_percentage;
  const average = nested(percentage)?.average;
  if (filled(average)) {
    const value = num(average);
    if (value === undefined) problems.push(`spo2_percentage.average "${String(average)}" is not a number`);
    else
      samples.push({
        ...interval,
        kind: 'oxygen_saturation',
        value,
        unit: '%',
        source: SOURCE,
        originId: str(fields.id) ?? `${day}:spo2`,
      });
  } else if (filled(percentage) && nested(percentage) === undefined) {
    problems.push(`spo2_percentage "${String(percentage)}" is not {"average": …}`);
  }
  return { samples, problems, skipped: otherFields(fields, SPO2_READ) };
}

const SPO2_READ: ReadonlySet<string> = new Set(['spo2_percentage']);
const HEART_RATE_READ: ReadonlySet<string> = new Set(['bpm']);

/** One heart-rate reading; `source` (awake, rest, sleep, workout …) keeps two sensors' readings apart. */
function mapHeartRate(fields: Fields, zone: string): Mapped {
  const at = when(fields.timestamp, zone);
  const bpm = num(fields.bpm);
  if (!at || bpm === undefined) return { problem: 'Heart-rate reading has no readable timestamp or bpm' };
  return {
    samples: [
      {
        kind: 'heart_rate',
        start: at.ms,
        value: bpm,
        unit: '/min',
        ...(at.utcOffsetMin !== undefined ? { utcOffsetMin: at.utcOffsetMin } : {}),
        tz: at.tz ?? zone,
        source: SOURCE,
        originId: `${str(fields.source) ?? 'hr'}@${str(fields.timestamp)}`,
      },
    ],
    problems: [],
    skipped: otherFields(fields, HEART_RATE_READ),
  };
}
