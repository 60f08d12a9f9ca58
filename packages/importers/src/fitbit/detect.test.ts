import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileFromBuffer } from '../files/memory-file';
import { fixtureFiles } from '../shared/test-support';
import { fitbitImporter } from './index';

const fixtures = (folder: string) => fixtureFiles(join(__dirname, '..', folder, 'fixtures'));

describe('fitbit detect', () => {
  it('is sure of the Takeout Fitbit folder', async () => {
    expect(await fitbitImporter.detect(fixtures('fitbit'))).toBeGreaterThanOrEqual(0.9);
  });

  it('knows a lone heart-rate file by its content, whatever it is called', async () => {
    const file = fileFromBuffer(
      'upload.json',
      '[{"dateTime":"03/10/24 01:59:05","value":{"bpm":58,"confidence":3}}]',
    );
    expect(await fitbitImporter.detect([file])).toBeGreaterThanOrEqual(0.5);
  });

  it('does not take a steps file by its name alone', async () => {
    expect(await fitbitImporter.detect([fileFromBuffer('steps-2024-01-01.json', '{"steps": 3}')])).toBe(0);
    expect(await fitbitImporter.detect([fileFromBuffer('steps-2024-01-01.json', '[]')])).toBe(0);
  });

  it.each(['google-fit', 'withings', 'myfitnesspal'])('returns 0 for the %s fixtures', async (folder) => {
    expect(await fitbitImporter.detect(fixtures(folder))).toBe(0);
  });

  it('returns 0 for random text and other formats', async () => {
    const others = [
      fileFromBuffer('notes.txt', 'Lorem ipsum dolor sit amet'),
      fileFromBuffer('export.xml', '<?xml version="1.0"?><HealthData locale="en_US"></HealthData>'),
      fileFromBuffer('data.json', '[{"date":"2024-01-01","value":3}]'),
    ];
    expect(await fitbitImporter.detect(others)).toBe(0);
  });
});
