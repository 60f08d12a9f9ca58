import type { NewSample } from '@healthfolio/core';
import { isoLocalDay, type LocalDay } from '../shared/local-day';
import { otherCells, type Skip } from './columns';

type Row = Record<string, string>;

/** What a row gave: its samples and the readings it does not keep; or one problem that refuses it whole. */
export type RowResult = { samples: NewSample[]; skipped: Skip[] } | { problem: string };

const MACROS: [column: string, kind: string, unit: string][] = [
  ['Calories', 'nutrition_calories', 'kcal'],
  ['Fat (g)', 'nutrition_fat', 'g'],
  ['Carbohydrates (g)', 'nutrition_carbs', 'g'],
  ['Protein (g)', 'nutrition_protein', 'g'],
];

// "1,050.0" in some exports: thousands separators inside a quoted cell.
const num = (text: string | undefined): number | undefined => {
  const t = text?.trim().replace(/,/g, '');
  if (!t) return undefined;
  const n = Number(t);
  return Number.isFinite(n) && n >= 0 ? n : NaN;
};

const daySample = (
  kind: string,
  value: number,
  unit: string,
  day: LocalDay,
  zone: string,
  id: string,
): NewSample => ({
  kind,
  start: day.start,
  end: day.end,
  value,
  unit,
  utcOffsetMin: day.offsetMin,
  tz: zone,
  source: 'myfitnesspal',
  originId: id,
});

/**
 * A meal's totals: what one or more rows of the same date and meal add up to. A meal's readings are its
 * totals, one a macro, and one a column it has filled but we do not keep (`skipped`), however many
 * food-entry rows went into it.
 */
export interface MealTotals {
  date: string;
  meal: string;
  sums: Map<string, number>;
  skipped: Map<string, Skip>;
}

/** Columns that place a Nutrition-Summary row, and the macros read from it. */
const NUTRITION_READ: ReadonlySet<string> = new Set(['Date', 'Meal', 'Time', ...MACROS.map(([c]) => c)]);

/** Adds one Nutrition-Summary row into its meal's totals; a problem string when it cannot. */
export function addMealRow(row: Row, meals: Map<string, MealTotals>, zone: string): string | undefined {
  const date = row.Date ?? '';
  if (!isoLocalDay(date, zone)) return `Date "${date}" is not a date`;
  const meal = row.Meal?.trim() || 'Unnamed meal';
  const values: [string, number][] = [];
  for (const [column] of MACROS) {
    const value = num(row[column]);
    if (Number.isNaN(value)) return `${column} "${row[column]}" is not a number`;
    if (value !== undefined) values.push([column, value]);
  }
  const key = `${date}|${meal}`;
  let totals = meals.get(key);
  if (!totals) meals.set(key, (totals = { date, meal, sums: new Map(), skipped: new Map() }));
  for (const [column, value] of values) totals.sums.set(column, (totals.sums.get(column) ?? 0) + value);
  for (const skip of otherCells(row, NUTRITION_READ)) totals.skipped.set(skip.type, skip);
  return undefined;
}

/** A meal's samples over its local day: MFP gives the date and the meal, not the hour. */
export function mealSamples(totals: MealTotals, zone: string): NewSample[] {
  const day = isoLocalDay(totals.date, zone)!;
  const id = `${totals.date}:${totals.meal}`;
  return MACROS.flatMap(([column, kind, unit]) => {
    const value = totals.sums.get(column);
    return value === undefined ? [] : [daySample(kind, value, unit, day, zone, id)];
  });
}

const MEASUREMENT_READ: ReadonlySet<string> = new Set(['Date', 'Weight', 'Body Fat %']);
const NOT_MEASURED = 'a 0: nothing was measured';

/** A Measurement-Summary row: the day's weight (and body fat when the export has the column). */
export function measurementSamples(row: Row, unit: string, zone: string): RowResult {
  const day = isoLocalDay(row.Date ?? '', zone);
  if (!day) return { problem: `Date "${row.Date ?? ''}" is not a date` };
  const weight = num(row.Weight);
  const fat = num(row['Body Fat %']);
  if (Number.isNaN(weight)) return { problem: `Weight "${row.Weight}" is not a number` };
  if (Number.isNaN(fat)) return { problem: `Body Fat % "${row['Body Fat %']}" is not a number` };
  const samples: NewSample[] = [];
  const skipped = otherCells(row, MEASUREMENT_READ);
  const at = (kind: string, value: number, u: string): NewSample => {
    const s = daySample(kind, value, u, day, zone, `measurement:${day.day}`);
    delete s.end; // a weigh-in is a moment; MFP only keeps its date
    return s;
  };
  if (weight) samples.push(at('weight', weight, unit));
  else if (weight === 0) skipped.push({ type: 'Weight', reason: NOT_MEASURED });
  if (fat) samples.push(at('body_fat', fat, '%'));
  else if (fat === 0) skipped.push({ type: 'Body Fat %', reason: NOT_MEASURED });
  return { samples, skipped };
}

// Rows a tracker writes to balance the calorie budget ("Fitbit calorie adjustment"): not workouts.
const ADJUSTMENT = /calorie adjustment/i;

/** Columns that place an Exercise-Summary row or make its one reading, the exercise. */
const EXERCISE_READ: ReadonlySet<string> = new Set([
  'Date',
  'Exercise',
  'Type',
  'Exercise Calories',
  'Exercise Minutes',
  'Sets',
  'Reps Per Set',
  'Kilograms',
  'Pounds',
]);

/**
 * An Exercise-Summary row: the exercise is one reading, a workout of its minutes; strength rows (sets ×
 * reps, no minutes) and tracker adjustments are skipped. Its Steps and Note, when filled, are readings
 * of their own, skipped. The 2026 export wraps names in an extra layer of quotes.
 */
export function workoutSample(row: Row, zone: string, seen: Map<string, number>): RowResult {
  const day = isoLocalDay(row.Date ?? '', zone);
  if (!day) return { problem: `Date "${row.Date ?? ''}" is not a date` };
  const name = (row.Exercise ?? '').replace(/^"(.*)"$/s, '$1').trim() || 'Exercise';
  const skipped = otherCells(row, EXERCISE_READ);
  if (ADJUSTMENT.test(name)) {
    const reason = "a tracker's correction of the calorie budget, not a workout";
    return { samples: [], skipped: [{ type: 'calorie adjustment', reason }, ...skipped] };
  }
  const minutes = num(row['Exercise Minutes']);
  const kcal = num(row['Exercise Calories']);
  if (Number.isNaN(minutes))
    return { problem: `Exercise Minutes "${row['Exercise Minutes']}" is not a number` };
  if (!minutes) {
    const reason = 'Healthfolio keeps a workout by its minutes, and this one (sets × reps) has none';
    return { samples: [], skipped: [{ type: 'exercise without minutes', reason }, ...skipped] };
  }
  const key = `${day.day}:${name}`;
  const n = (seen.get(key) ?? 0) + 1;
  seen.set(key, n);
  const sample = daySample('workout', minutes, 'min', day, zone, `${key}:${n}`);
  sample.end = day.start + minutes * 60_000;
  sample.meta = { workout: kcal ? { activity: name, energyKcal: kcal } : { activity: name } };
  return { samples: [sample], skipped };
}
