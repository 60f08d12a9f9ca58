import type { NewSample } from '@healthfolio/core';
import { isoLocalDay, type LocalDay } from '../shared/local-day';

type Row = Record<string, string>;

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

/** A meal's totals: what one or more rows of the same date and meal add up to. */
export interface MealTotals {
  date: string;
  meal: string;
  sums: Map<string, number>;
}

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
  if (!totals) meals.set(key, (totals = { date, meal, sums: new Map() }));
  for (const [column, value] of values) totals.sums.set(column, (totals.sums.get(column) ?? 0) + value);
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

/** A Measurement-Summary row: the day's weight (and body fat when the export has the column). */
export function measurementSamples(row: Row, unit: string, zone: string): NewSample[] | string {
  const day = isoLocalDay(row.Date ?? '', zone);
  if (!day) return `Date "${row.Date ?? ''}" is not a date`;
  const weight = num(row.Weight);
  const fat = num(row['Body Fat %']);
  if (Number.isNaN(weight)) return `Weight "${row.Weight}" is not a number`;
  if (Number.isNaN(fat)) return `Body Fat % "${row['Body Fat %']}" is not a number`;
  const samples: NewSample[] = [];
  const at = (kind: string, value: number, u: string): NewSample => {
    const s = daySample(kind, value, u, day, zone, `measurement:${day.day}`);
    delete s.end; // a weigh-in is a moment; MFP only keeps its date
    return s;
  };
  if (weight) samples.push(at('weight', weight, unit));
  if (fat) samples.push(at('body_fat', fat, '%'));
  return samples;
}

// Rows a tracker writes to balance the calorie budget ("Fitbit calorie adjustment"): not workouts.
const ADJUSTMENT = /calorie adjustment/i;

/**
 * An Exercise-Summary row as a workout of its minutes; strength rows (sets × reps, no minutes) and
 * tracker adjustments give none. The 2026 export wraps names in an extra layer of quotes.
 */
export function workoutSample(
  row: Row,
  zone: string,
  seen: Map<string, number>,
): NewSample | string | undefined {
  const day = isoLocalDay(row.Date ?? '', zone);
  if (!day) return `Date "${row.Date ?? ''}" is not a date`;
  const name = (row.Exercise ?? '').replace(/^"(.*)"$/s, '$1').trim() || 'Exercise';
  if (ADJUSTMENT.test(name)) return undefined;
  const minutes = num(row['Exercise Minutes']);
  const kcal = num(row['Exercise Calories']);
  if (Number.isNaN(minutes)) return `Exercise Minutes "${row['Exercise Minutes']}" is not a number`;
  if (!minutes) return undefined;
  const key = `${day.day}:${name}`;
  const n = (seen.get(key) ?? 0) + 1;
  seen.set(key, n);
  const sample = daySample('workout', minutes, 'min', day, zone, `${key}:${n}`);
  sample.end = day.start + minutes * 60_000;
  sample.meta = { workout: kcal ? { activity: name, energyKcal: kcal } : { activity: name } };
  return sample;
}
