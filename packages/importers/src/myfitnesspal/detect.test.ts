import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureFiles } from '../shared/test-support';
import { fileFromBuffer } from '../files/memory-file';
import { myFitnessPalImporter } from './index';

const fixtures = (folder: string) => fixtureFiles(join(__dirname, '..', folder, 'fixtures'));

describe('myfitnesspal detect', () => {
  it('is sure of the export by its headers', async () => {
    expect(await myFitnessPalImporter.detect(fixtures('myfitnesspal'))).toBeGreaterThanOrEqual(0.9);
    const nutrition = fixtures('myfitnesspal').filter((f) => f.name.includes('Nutrition'));
    expect(
      await myFitnessPalImporter.detect(nutrition.map((f) => ({ ...f, name: 'upload.csv' }))),
    ).toBeGreaterThanOrEqual(0.9);
  });

  it('takes a plain "Date,Weight" file only under its export name', async () => {
    const csv = 'Date,Weight\n2024-03-09,85.5\n';
    expect(await myFitnessPalImporter.detect([fileFromBuffer('weights.csv', csv)])).toBe(0);
    expect(
      await myFitnessPalImporter.detect([fileFromBuffer('Measurement-Summary-2024.csv', csv)]),
    ).toBeGreaterThan(0);
  });

  it.each(['fitbit', 'google-fit', 'withings'])('returns 0 for the %s fixtures', async (folder) => {
    expect(await myFitnessPalImporter.detect(fixtures(folder))).toBe(0);
  });

  it('returns 0 for random text', async () => {
    expect(
      await myFitnessPalImporter.detect([fileFromBuffer('notes.csv', 'Lorem ipsum, dolor sit amet')]),
    ).toBe(0);
  });
});
