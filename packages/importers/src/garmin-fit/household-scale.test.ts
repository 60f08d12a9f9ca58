import { describe, expect, it } from 'vitest';
import { fileFromBuffer } from '../files/memory-file';
import { adaContext, collect, context, unaccounted } from '../shared/test-support';
import type { ImportContext } from '../types';
import { householdScaleFit, oneProfileScaleFit, unnamedScaleFit } from './fixtures/scale-variants';
import { garminFitImporter } from './index';
import { isOwnerName } from './scale-users';

const read = (bytes: Buffer, ctx: ImportContext = adaContext) =>
  collect(garminFitImporter.read([fileFromBuffer('weight.fit', bytes)], ctx));
const iso = (ms: number) => new Date(ms).toISOString();
const OTHERS = 'weighings of another household member';

describe('garmin-fit scales several people share', () => {
  it("keeps only the weighings of the profile named like the owner (Ada's)", async () => {
    const { samples } = await read(householdScaleFit());
    expect(samples.map((s) => [iso(s.start), s.kind, s.value])).toEqual([
      ['2024-03-10T06:55:00.000Z', 'weight', 61.4],
      ['2024-03-10T06:55:00.000Z', 'body_fat', 19.5],
      ['2024-03-10T06:55:00.000Z', 'bone_mass', 2.6],
      ['2024-03-10T06:55:00.000Z', 'muscle_mass', 27.9],
      ['2024-03-10T06:55:00.000Z', 'bmi', 21.8],
      ['2024-03-10T06:55:00.000Z', 'visceral_fat', 4],
      ['2024-03-10T06:55:00.000Z', 'rmr', 1380],
      ['2024-03-10T06:55:00.000Z', 'metabolic_age', 30],
      ['2024-03-10T22:10:00.000Z', 'weight', 61.9],
      ['2024-03-10T22:10:00.000Z', 'body_fat', 19.7],
      ['2024-03-10T22:10:00.000Z', 'bmi', 21.9],
    ]);
    // Theo's 82.3 kg and Noor's 28.1 kg are nowhere.
    expect(samples.some((s) => s.value === 82.3 || s.value === 28.1)).toBe(false);
  });

  it("skips the others' weighings value by value, with why, and says so once", async () => {
    const out = await read(householdScaleFit());
    expect([...out.skipped.values()]).toEqual([
      { type: 'weight_scale', count: 6 + 2, reason: OTHERS },
      { type: 'weight_scale.percent_hydration', count: 1, reason: 'Healthfolio has no metric for it' },
      { type: 'weight_scale.weight', count: 1, reason: expect.stringContaining('calculating') },
    ]);
    expect(out.warnings).toEqual([
      "A scale file holds the weighings of 3 people (Theo, Ada, Noor): only Ada's were imported.",
    ]);
    expect(out.records).toBe(11 + 8 + 2);
    expect(unaccounted(out)).toBe(0);
  });

  it('keeps none when no profile is named like the owner (Ben Carter)', async () => {
    const out = await read(householdScaleFit(), context('America/Chicago'));
    expect(out.samples).toEqual([]);
    expect([...out.skipped.values()]).toEqual([{ type: 'weight_scale', count: 21, reason: OTHERS }]);
    expect(out.warnings).toEqual([
      'A scale file holds the weighings of 3 people (Theo, Ada, Noor) and none is named Ben Carter: none of them were imported. Give your profile on the scale your own name to import yours.',
    ]);
    expect(unaccounted(out)).toBe(0);
  });

  it('keeps none when the profiles carry no names (Tanita)', async () => {
    const out = await read(unnamedScaleFit());
    expect(out.samples).toEqual([]);
    expect(out.skippedCount).toBe(21);
    expect(out.warnings).toEqual([
      'A scale file holds the weighings of 3 people whose profiles have no name, so which are yours is not known: none of them were imported. Give your profile on the scale your own name to import yours.',
    ]);
    expect(unaccounted(out)).toBe(0);
  });

  it("keeps a lone profile's weighings, and warns when it bears another name", async () => {
    const theo = await read(oneProfileScaleFit('Theo'));
    expect(theo.samples.map((s) => [s.kind, s.value])).toEqual([
      ['weight', 61.4],
      ['bmi', 21.8],
      ['weight', 61.9], // the weighing that names no profile is the lone profile's
    ]);
    expect(theo.warnings).toEqual([
      "A scale file's weighings are Theo's, not Ada Example's: check that they are yours before keeping them.",
    ]);
    const unnamed = await read(oneProfileScaleFit());
    expect(unnamed.samples).toHaveLength(3);
    expect(unnamed.warnings).toEqual([]);
  });
});

describe('isOwnerName', () => {
  const ada = adaContext.owner;
  it.each([
    ['Ada', true],
    ['ada e.', true],
    ['Ada Example', true],
    ['ÁDA', true],
    ['Theo', false],
    ['Ada Lovelace', false],
    ['A', false],
    ['Example', false],
  ])('%s → %s for Ada Example', (name, expected) => {
    expect(isOwnerName(name, ada)).toBe(expected);
  });

  it('takes short forms of the given name and the name of the email', () => {
    const ben = { name: 'Benjamin Carter', email: 'bcarter@example.test' };
    expect(isOwnerName('Ben', ben)).toBe(true);
    expect(isOwnerName('bcarter', ben)).toBe(true);
    expect(isOwnerName('Benedict', ben)).toBe(false);
  });
});
