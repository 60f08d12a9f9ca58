import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureFiles } from '../shared/test-support';
import { fileFromBuffer } from '../files/memory-file';
import { withingsImporter } from './index';

const fixtures = (folder: string) => fixtureFiles(join(__dirname, '..', folder, 'fixtures'));

describe('withings detect', () => {
  it('is sure of the export by its CSV headers', async () => {
    expect(await withingsImporter.detect(fixtures('withings'))).toBeGreaterThanOrEqual(0.9);
    const weight = fixtures('withings').filter((f) => f.name.endsWith('weight.csv'));
    expect(
      await withingsImporter.detect(weight.map((f) => ({ ...f, name: 'upload.csv' }))),
    ).toBeGreaterThanOrEqual(0.9);
  });

  it('does not take a "date,value" CSV unless it is aggregates_steps.csv', async () => {
    expect(await withingsImporter.detect([fileFromBuffer('values.csv', 'date,value\n2024-01-01,3\n')])).toBe(
      0,
    );
    expect(
      await withingsImporter.detect([fileFromBuffer('weight.csv', 'Date,Weight\n2024-01-01,80\n')]),
    ).toBe(0);
  });

  it.each(['fitbit', 'google-fit', 'myfitnesspal'])('returns 0 for the %s fixtures', async (folder) => {
    expect(await withingsImporter.detect(fixtures(folder))).toBe(0);
  });

  it('returns 0 for random text', async () => {
    expect(await withingsImporter.detect([fileFromBuffer('notes.csv', 'Lorem ipsum, dolor sit amet')])).toBe(
      0,
    );
  });
});
