import { parseTime, type NewSample } from '@healthfolio/core';
import { isoLocalDay } from '../shared/local-day';
import { unitOf } from './entries';

type Row = Record<string, string>;
/** A reading of a row that is not kept: its column, and why. */
export interface Skip {
  type: string;
  reason: string;
}
/** What a row gave: samples, readings that could not be read, and readings deliberately not kept. */
export type Mapped = { samples: NewSample[]; problems: string[]; skipped: Skip[] };

const refused = (problem: string): Mapped => ({ samples: [], problems: [problem], skipped: [] });

const NOT_MEASURED = 'a 0: Withings writes it when the scale did not measure this';
const NIGHT_HEART_RATE = "the night's heart-rate summary is not read yet";

/** Why the columns Withings writes and we do not keep are left. */
const REASONS: Record<string, string> = {
  Comments: 'a comment, not a measurement',
  'Wake up': 'how often you woke in the night is not kept',
  'Duration to sleep (s)': 'the time it took to fall asleep is not kept',
  'Duration to wake up (s)': 'the time it took to get up is not kept',
  'Snoring (s)': 'Healthfolio has no metric for snoring yet',
  'Snoring episodes': 'Healthfolio has no metric for snoring yet',
  'Average heart rate': NIGHT_HEART_RATE,
  'Heart rate (min)': NIGHT_HEART_RATE,
  'Heart rate (max)': NIGHT_HEART_RATE,
};

/** Why a column not in REASONS is left: a hydration column names its unit ("Hydration (kg)"). */
const reasonFor = (column: string): string =>
  REASONS[column] ??
  (column.startsWith('Hydration (')
    ? 'Healthfolio has no metric for body water yet'
    : 'Healthfolio does not read this Withings column yet');

/** The filled cells of the columns a mapper does not read, each a reading skipped under its column name. */
function otherCells(row: Row, read: ReadonlySet<string>): Skip[] {
  const skipped: Skip[] = [];
  for (const column in row) {
    if (row[column]?.trim() && !read.has(column)) skipped.push({ type: column, reason: reasonFor(column) });
  }
  return skipped;
}

const num = (text: string | undefined): number | undefined => {
  const t = text?.trim();
  if (!t) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : NaN;
};

function at(text: string | undefined, zone: string) {
  const t = parseTime(text ?? '', zone);
  // A time with its own offset is an instant; one without is the user's wall clock.
  return t && { ...t, tz: /(?:[+-]\d{2}:?\d{2}|Z)$/i.test(text?.trim() ?? '') ? null : zone };
}

function sample(
  kind: string,
  value: number,
  unit: string,
  when: { ms: number; offsetMin: number; tz: string | null },
  id: string,
): NewSample {
  return {
    kind,
    start: when.ms,
    value,
    unit,
    utcOffsetMin: when.offsetMin,
    tz: when.tz,
    source: 'withings',
    originId: id,
  };
}

/**
 * weight.csv: weight and body composition at one weigh-in; body fat % from fat mass ÷ weight (a sample of
 * its own, so a reading too). A 0 is a reading skipped: the scale did not measure it.
 */
export function weightRow(row: Row, zone: string): Mapped {
  const when = at(row.Date, zone);
  if (!when) return refused(`Date "${row.Date ?? ''}" is not a date`);
  const id = `weight:${new Date(when.ms).toISOString()}`;
  const samples: NewSample[] = [];
  const problems: string[] = [];
  const skipped: Skip[] = [];
  const used = new Set(['Date']);
  const read = (prefix: string) => {
    const column = Object.keys(row).find((h) => h.startsWith(`${prefix} (`));
    if (!column) return undefined;
    used.add(column);
    const value = num(row[column]);
    if (value !== undefined && !(value >= 0)) problems.push(`${column} "${row[column]}" is not a number`);
    if (value === 0) skipped.push({ type: column, reason: NOT_MEASURED });
    return value !== undefined && value > 0 ? { value, unit: unitOf(column)! } : undefined;
  };
  const weight = read('Weight');
  const fat = read('Fat mass');
  const bone = read('Bone mass');
  const muscle = read('Muscle mass');
  if (weight) samples.push(sample('weight', weight.value, weight.unit, when, id));
  if (fat) samples.push(sample('fat_mass', fat.value, fat.unit, when, id));
  if (weight && fat && weight.unit === fat.unit) {
    samples.push(sample('body_fat', (fat.value / weight.value) * 100, '%', when, id));
  }
  if (bone) samples.push(sample('bone_mass', bone.value, bone.unit, when, id));
  if (muscle) samples.push(sample('muscle_mass', muscle.value, muscle.unit, when, id));
  return { samples, problems, skipped: [...skipped, ...otherCells(row, used)] };
}

const BP_READ: ReadonlySet<string> = new Set(['Date', 'Systolic', 'Diastolic', 'Heart rate']);

/** bp.csv: one measurement of systolic, diastolic and heart rate: three readings. */
export function bpRow(row: Row, zone: string): Mapped {
  const when = at(row.Date, zone);
  if (!when) return refused(`Date "${row.Date ?? ''}" is not a date`);
  const id = `bp:${new Date(when.ms).toISOString()}`;
  const samples: NewSample[] = [];
  const problems: string[] = [];
  const columns: [string, string, string][] = [
    ['Systolic', 'blood_pressure_systolic', 'mm[Hg]'],
    ['Diastolic', 'blood_pressure_diastolic', 'mm[Hg]'],
    ['Heart rate', 'heart_rate', '/min'],
  ];
  for (const [column, kind, unit] of columns) {
    const value = num(row[column]);
    if (value === undefined) continue;
    if (!(value > 0)) problems.push(`${column} "${row[column]}" is not a number`);
    else samples.push(sample(kind, value, unit, when, id));
  }
  return { samples, problems, skipped: otherCells(row, BP_READ) };
}

const SLEEP_READ: ReadonlySet<string> = new Set([
  'from',
  'to',
  'light (s)',
  'deep (s)',
  'rem (s)',
  'awake (s)',
]);
const NO_SLEEP = 'sleep.csv night without sleep';

/**
 * sleep.csv: a night from `from` to `to`, one reading; asleep is light + deep + REM seconds (awake time is
 * not sleep, and rides in the provenance). A night of 0 asleep is skipped.
 */
export function sleepRow(row: Row, zone: string): Mapped {
  const from = at(row.from, zone);
  const to = at(row.to, zone);
  if (!from || !to) return refused(`from "${row.from ?? ''}" / to "${row.to ?? ''}" are not dates`);
  const stages = ['light (s)', 'deep (s)', 'rem (s)', 'awake (s)'].map((c) => num(row[c]));
  if (stages.some((s) => s !== undefined && !(s >= 0))) return refused('a stage duration is not a number');
  const [light = 0, deep = 0, rem = 0, awake] = stages;
  const asleep = light + deep + rem;
  const skipped = otherCells(row, SLEEP_READ);
  if (asleep === 0) {
    skipped.push({ type: NO_SLEEP, reason: 'no time asleep: light, deep and REM are all 0 or empty' });
    return { samples: [], problems: [], skipped };
  }
  const night = sample('sleep_duration', asleep, 's', from, `sleep:${new Date(from.ms).toISOString()}`);
  night.end = to.ms;
  const provenance: Record<string, number> = { lightS: light, deepS: deep, remS: rem };
  if (awake !== undefined) provenance.awakeS = awake;
  night.meta = { provenance };
  return { samples: [night], problems: [], skipped };
}

/** aggregates_steps.csv: the day's step total over the local day; a day of 0 is skipped. */
export function stepsRow(row: Row, zone: string): Mapped {
  const day = isoLocalDay(row.date ?? '', zone);
  if (!day) return refused(`date "${row.date ?? ''}" is not a date`);
  const value = num(row.value);
  if (value === undefined || !(value >= 0)) return refused(`value "${row.value ?? ''}" is not a number`);
  if (value === 0) {
    const reason = 'a day of 0 steps: Withings writes 0 for days the tracker was not worn';
    return { samples: [], problems: [], skipped: [{ type: 'steps (aggregates_steps.csv)', reason }] };
  }
  return {
    samples: [
      {
        kind: 'steps',
        start: day.start,
        end: day.end,
        value,
        unit: '{count}',
        utcOffsetMin: day.offsetMin,
        tz: zone,
        source: 'withings',
        originId: `steps:${day.day}`,
      },
    ],
    problems: [],
    skipped: [],
  };
}
