import { join } from 'node:path';
import { toCanonical } from '@healthfolio/core';
import { describe, expect, it } from 'vitest';
import { collect, fixtureFiles, unaccounted } from '../shared/test-support';
import { fileFromBuffer } from '../files/memory-file';
import { ImportFormatError, type ImportContext, type ImportFile } from '../types';
import { myFitnessPalImporter } from './index';

const context: ImportContext = {
  owner: { name: 'Dana Example', email: 'dana@example.com' },
  timeZone: 'America/New_York',
};
const files = fixtureFiles(join(__dirname, 'fixtures'));
const dir = 'File-Export-2024-03-01-to-2024-03-11';
const iso = (ms: number) => new Date(ms).toISOString();

async function readAll(list: ImportFile[] = files) {
  const out = await collect(myFitnessPalImporter.read(list, context));
  expect(out.error).toBeUndefined();
  expect(unaccounted(out)).toBe(0);
  return out;
}

describe('myfitnesspal read', () => {
  it('reads workouts, weights and meals', async () => {
    const { samples, records } = await readAll();
    // Readings, not rows: 16 samples, 3 rows refused, 44 filled cells and exercises not kept.
    expect(records).toBe(63);
    const count = (kind: string) => samples.filter((s) => s.kind === kind).length;
    expect([
      count('workout'),
      count('weight'),
      count('nutrition_calories'),
      count('nutrition_protein'),
    ]).toEqual([2, 2, 3, 3]);
    expect(samples).toHaveLength(16);
    expect(samples.every((s) => s.source === 'myfitnesspal')).toBe(true);
    for (const s of samples) expect(() => toCanonical(s.kind, s.value, s.unit)).not.toThrow();
  });

  it('gives each meal its local day, with the date and meal as originId', async () => {
    const lunch = (await readAll()).samples.filter((s) => s.originId === '2024-03-09:Lunch');
    expect(lunch.map((s) => [s.kind, s.value, s.unit])).toEqual([
      ['nutrition_calories', 1050, 'kcal'],
      ['nutrition_fat', 30, 'g'],
      ['nutrition_carbs', 120, 'g'],
      ['nutrition_protein', 70, 'g'],
    ]);
    expect([iso(lunch[0]!.start), iso(lunch[0]!.end!), lunch[0]!.utcOffsetMin]).toEqual([
      '2024-03-09T05:00:00.000Z',
      '2024-03-10T05:00:00.000Z',
      -300,
    ]);
    const dinner = (await readAll()).samples.find((s) => s.originId === '2024-03-10:Dinner')!;
    expect((dinner.end! - dinner.start) / 3_600_000).toBe(23);
  });

  it('sums food-entry rows of the same meal in exports with a Time column', async () => {
    const csv =
      'Date,Meal,Time,Calories,Fat (g),Carbohydrates (g),Protein (g),Note\n' +
      '2024-03-09,Breakfast,7:30 AM,300.0,10.0,40.0,12.0,\n' +
      '2024-03-09,Breakfast,8:10 AM,150.0,5.0,20.0,8.0,\n' +
      '2024-03-09,Lunch,,400.0,12.0,50.0,30.0,\n';
    const { samples, records } = await readAll([fileFromBuffer('Nutrition-Summary.csv', csv)]);
    // A meal's readings are its totals, however many rows went into them: two meals of four macros.
    expect(records).toBe(8);
    expect(samples.filter((s) => s.kind === 'nutrition_calories').map((s) => [s.originId, s.value])).toEqual([
      ['2024-03-09:Breakfast', 450],
      ['2024-03-09:Lunch', 400],
    ]);
  });

  it('takes the weight unit from the Exercise-Summary Kilograms/Pounds column', async () => {
    const weights = (await readAll()).samples.filter((s) => s.kind === 'weight');
    expect(weights.map((s) => [s.value, s.unit, iso(s.start), s.end])).toEqual([
      [85.5, 'kg', '2024-03-09T05:00:00.000Z', undefined],
      [85.1, 'kg', '2024-03-10T05:00:00.000Z', undefined],
    ]);
    const pounds = files
      .filter((f) => f.name.includes('Measurement'))
      .concat(
        fileFromBuffer(
          'Exercise-Summary.csv',
          'Date,Exercise,Type,Exercise Calories,Exercise Minutes,Sets,Reps Per Set,Pounds,Steps,Note\n',
        ),
      );
    expect((await readAll(pounds)).samples.map((s) => s.unit)).toEqual(['lb', 'lb']);
  });

  it('reads weights as kg, with a warning, when nothing names the unit', async () => {
    const { samples, chunks } = await readAll(files.filter((f) => f.name.includes('Measurement')));
    expect(samples.map((s) => s.unit)).toEqual(['kg', 'kg']);
    expect(chunks.flatMap((c) => c.warnings ?? [])).toEqual([expect.stringMatching(/read as kg/)]);
  });

  it('makes workouts of timed exercise only, leaving out calorie adjustments and strength rows', async () => {
    const workouts = (await readAll()).samples.filter((s) => s.kind === 'workout');
    expect(workouts.map((s) => [s.originId, s.value, (s.end! - s.start) / 60_000, s.meta?.workout])).toEqual([
      [
        '2024-03-09:Walking, 3.5 mph, brisk pace:1',
        18,
        18,
        { activity: 'Walking, 3.5 mph, brisk pace', energyKcal: 178 },
      ],
      [
        '2024-03-10:Walking, 3.5 mph, brisk pace:1',
        10,
        10,
        { activity: 'Walking, 3.5 mph, brisk pace', energyKcal: 99 },
      ],
    ]);
  });

  it('skips what it does not keep by column, once a meal, with why', async () => {
    const { skipped, skippedCount } = await readAll();
    expect(skippedCount).toBe(44);
    expect(skipped.get('Fiber')).toEqual({
      type: 'Fiber',
      count: 3,
      reason: expect.stringContaining('no metric'),
    });
    expect(skipped.get('Iron')).toMatchObject({ count: 3, reason: expect.stringContaining('daily value') });
    expect(skipped.get('Note')).toMatchObject({ count: 2 });
    expect(skipped.get('calorie adjustment')).toMatchObject({ count: 1 });
    expect(skipped.get('exercise without minutes')).toMatchObject({ count: 1 });
    expect(skipped.get('Steps')).toMatchObject({ count: 1, reason: expect.stringContaining('twice') });
    const csv =
      'Date,Meal,Time,Calories,Fiber,Note\n' +
      '2024-03-09,Breakfast,7:30 AM,300.0,4.0,eggs\n' +
      '2024-03-09,Breakfast,8:10 AM,150.0,2.0,\n';
    const meal = await readAll([fileFromBuffer('Nutrition-Summary.csv', csv)]);
    expect([...meal.skipped.values()].map((s) => [s.type, s.count])).toEqual([
      ['Fiber', 1],
      ['Note', 1],
    ]);
    expect(meal.records).toBe(3);
  });

  it('accounts for every reading of each file alone', async () => {
    for (const file of files) await readAll([file]);
  });

  it('reports bad rows as issues and goes on', async () => {
    const { issues } = await readAll();
    expect(issues).toEqual([
      {
        file: `${dir}/Exercise-Summary-2024-03-01-to-2024-03-11.csv`,
        line: 6,
        message: 'Exercise Minutes "thirty" is not a number',
      },
      {
        file: `${dir}/Nutrition-Summary-2024-03-01-to-2024-03-11.csv`,
        line: 5,
        message: 'Calories "lots" is not a number',
      },
      {
        file: `${dir}/Nutrition-Summary-2024-03-01-to-2024-03-11.csv`,
        line: 6,
        message: 'Date "03/10/2024" is not a date',
      },
    ]);
  });

  it('yields the same samples and originIds on every run', async () => {
    const first = (await readAll()).samples;
    expect((await readAll()).samples).toEqual(first);
    const keys = first.map((s) => `${s.kind}|${s.start}|${s.end}|${s.originId}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps what was read, then throws ImportFormatError, when a file is cut off inside a quoted cell', async () => {
    const exercise = files.filter((f) => f.name.includes('Exercise'));
    const cut = fileFromBuffer(
      `${dir}/Nutrition-Summary-2024-03-01-to-2024-03-11.csv`,
      'Date,Meal,Calories,Fat (g),Carbohydrates (g),Protein (g),Note\n2024-03-09,Lunch,400.0,12.0,50.0,30.0,"chicken',
    );
    const { chunks, error } = await collect(myFitnessPalImporter.read([...exercise, cut], context));
    expect(chunks.flatMap((c) => c.samples).map((s) => s.kind)).toEqual(['workout', 'workout']);
    expect(error).toBeInstanceOf(ImportFormatError);
    expect((error as ImportFormatError).where?.file).toBe(cut.name);
  });
});
