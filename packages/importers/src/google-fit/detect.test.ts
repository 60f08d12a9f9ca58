import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureFiles } from '../shared/test-support';
import { fileFromBuffer } from '../files/memory-file';
import { googleFitImporter } from './index';

const fixtures = (folder: string) => fixtureFiles(join(__dirname, '..', folder, 'fixtures'));

describe('google-fit detect', () => {
  it('is sure of the Takeout Fit folder and of a Health Connect export', async () => {
    const all = fixtures('google-fit');
    expect(
      await googleFitImporter.detect(all.filter((f) => f.name.startsWith('takeout/'))),
    ).toBeGreaterThanOrEqual(0.9);
    expect(
      await googleFitImporter.detect(all.filter((f) => f.name.startsWith('health-connect/'))),
    ).toBeGreaterThanOrEqual(0.9);
    const allData = all.filter((f) => f.name.includes('All Data'));
    expect(await googleFitImporter.detect(allData)).toBeGreaterThanOrEqual(0.8);
    const sessions = all.filter((f) => f.name.includes('All Sessions'));
    expect(await googleFitImporter.detect(sessions)).toBeGreaterThanOrEqual(0.8);
  });

  it('needs the date in the name for a per-day CSV, and a real SQLite file for Health Connect', async () => {
    const header =
      'Start time,End time,Move Minutes count,Calories (kcal)\n00:00:00.000-05:00,00:15:00.000-05:00,,17.8\n';
    expect(await googleFitImporter.detect([fileFromBuffer('activity.csv', header)])).toBe(0);
    expect(await googleFitImporter.detect([fileFromBuffer('health_connect_export.db', 'not sqlite')])).toBe(
      0,
    );
  });

  it.each(['fitbit', 'withings', 'myfitnesspal'])('returns 0 for the %s fixtures', async (folder) => {
    expect(await googleFitImporter.detect(fixtures(folder))).toBe(0);
  });

  it('returns 0 for random text and other JSON', async () => {
    const others = [
      fileFromBuffer('notes.txt', 'Lorem ipsum dolor sit amet'),
      fileFromBuffer('data.json', '{"points":[{"value":1}]}'),
      fileFromBuffer('other.db', 'SQLite format 3\0 whatever'),
    ];
    expect(await googleFitImporter.detect(others)).toBe(0);
  });
});
