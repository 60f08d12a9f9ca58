import type { NewSample } from '@healthfolio/core';
import { isoLocalDay } from '../shared/local-day';
import { parseTime } from '../time';
import { unitOf } from './entries';

type Row = Record<string, string>;
export type Mapped = { samples: NewSample[]; problems: string[] };

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

/** weight.csv: weight and body composition at one weigh-in; body fat % from fat mass ÷ weight. */
export function weightRow(row: Row, zone: string): Mapped {
  const when = at(row.Date, zone);
  if (!when) return { samples: [], problems: [`Date "${row.Date ?? ''}" is not a date`] };
  const id = `weight:${new Date(when.ms).toISOString()}`;
  const samples: NewSample[] = [];
  const problems: string[] = [];
  const read = (prefix: string) => {
    const column = Object.keys(row).find((h) => h.startsWith(`${prefix} (`));
    const value = column ? num(row[column]) : undefined;
    if (value !== undefined && !(value >= 0)) problems.push(`${column} "${row[column!]}" is not a number`);
    return column && value !== undefined && value > 0 ? { value, unit: unitOf(column)! } : undefined;
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
  return { samples, problems };
}

/** bp.csv: one reading of systolic, diastolic and heart rate. */
export function bpRow(row: Row, zone: string): Mapped {
  const when = at(row.Date, zone);
  if (!when) return { samples: [], problems: [`Date "${row.Date ?? ''}" is not a date`] };
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
  return { samples, problems };
}

/** sleep.csv: a night from `from` to `to`; asleep is light + deep + REM seconds (awake time is not sleep). */
export function sleepRow(row: Row, zone: string): Mapped {
  const from = at(row.from, zone);
  const to = at(row.to, zone);
  if (!from || !to)
    return { samples: [], problems: [`from "${row.from ?? ''}" / to "${row.to ?? ''}" are not dates`] };
  const stages = ['light (s)', 'deep (s)', 'rem (s)', 'awake (s)'].map((c) => num(row[c]));
  if (stages.some((s) => s !== undefined && !(s >= 0)))
    return { samples: [], problems: ['a stage duration is not a number'] };
  const [light = 0, deep = 0, rem = 0, awake] = stages;
  const asleep = light + deep + rem;
  if (asleep === 0) return { samples: [], problems: [] };
  const night = sample('sleep_duration', asleep, 's', from, `sleep:${new Date(from.ms).toISOString()}`);
  night.end = to.ms;
  const provenance: Record<string, number> = { lightS: light, deepS: deep, remS: rem };
  if (awake !== undefined) provenance.awakeS = awake;
  night.meta = { provenance };
  return { samples: [night], problems: [] };
}

/** aggregates_steps.csv: the day's step total over the local day. */
export function stepsRow(row: Row, zone: string): Mapped {
  const day = isoLocalDay(row.date ?? '', zone);
  if (!day) return { samples: [], problems: [`date "${row.date ?? ''}" is not a date`] };
  const value = num(row.value);
  if (value === undefined || !(value >= 0))
    return { samples: [], problems: [`value "${row.value ?? ''}" is not a number`] };
  if (value === 0) return { samples: [], problems: [] };
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
  };
}
