import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fileFromBuffer } from './files/memory-file';
import { activityFit, monitoringFit, sleepFit, weightFit } from './garmin-fit/fixtures/build-fit';
import { garminFitImporter } from './garmin-fit/index';
import { pelotonImporter } from './peloton/index';
import { exportEntries, swimFit } from './strava/fixtures/files';
import { stravaImporter } from './strava/index';
import type { ImportFile } from './types';

const text = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)));
const one = (name: string, content: Buffer | string): ImportFile[] => [fileFromBuffer(name, content)];

/** Every upload of the three formats, and some that are none of them. */
const uploads: Record<string, () => ImportFile[]> = {
  'FIT activity': () => one('a.fit', activityFit()),
  'FIT monitoring': () => one('m.fit', monitoringFit()),
  'FIT sleep': () => one('s.fit', sleepFit()),
  'FIT weight': () => one('w.fit', weightFit()),
  'zip of FIT files': () => [
    fileFromBuffer('DI_CONNECT/notes.json', '{"a":1}'),
    fileFromBuffer('DI_CONNECT/1234_ACTIVITY.fit', activityFit()),
    fileFromBuffer('DI_CONNECT/1235_WELLNESS.fit', monitoringFit()),
  ],
  'Strava export zip': exportEntries,
  'Strava activities.csv': () => one('activities.csv', text('./strava/fixtures/activities.csv')),
  'GPX track': () => one('run.gpx', text('./strava/fixtures/activities/11000000001.gpx')),
  'TCX track': () => one('ride.tcx', text('./strava/fixtures/activities/11000000002.tcx')),
  'zip of GPX files': () => [
    fileFromBuffer('tracks/a.gpx', text('./strava/fixtures/activities/11000000001.gpx')),
    fileFromBuffer('tracks/b.txt', 'notes'),
  ],
  'Peloton CSV': () => one('workouts.csv', text('./peloton/fixtures/workouts.csv')),
  'random text': () => one('notes.txt', 'Ada ran 10 km today.\nActivity ID, Activity Type\n'),
  'a .fit name on text': () => one('fake.fit', 'not a FIT file at all, just text .FIT'),
  'other XML': () => one('export.xml', '<?xml version="1.0"?><HealthData locale="en_US"></HealthData>'),
  'other CSV': () =>
    one('glucose.csv', 'Index,Timestamp (YYYY-MM-DDThh:mm:ss),Event Type\n1,2024-01-01T00:00:00,EGV\n'),
  'empty file': () => one('empty', ''),
};

const expected: Record<string, [garmin: number, strava: number, peloton: number]> = {
  'FIT activity': [0.95, 0, 0],
  'FIT monitoring': [0.95, 0, 0],
  'FIT sleep': [0.95, 0, 0],
  'FIT weight': [0.95, 0, 0],
  'zip of FIT files': [0.8, 0, 0],
  'Strava export zip': [0.4, 0.95, 0],
  'Strava activities.csv': [0, 0.95, 0],
  'GPX track': [0, 0.9, 0],
  'TCX track': [0, 0.9, 0],
  'zip of GPX files': [0, 0.5, 0],
  'Peloton CSV': [0, 0, 0.95],
  'random text': [0, 0, 0],
  'a .fit name on text': [0, 0, 0],
  'other XML': [0, 0, 0],
  'other CSV': [0, 0, 0],
  'empty file': [0, 0, 0],
};

describe('detection of garmin-fit, strava and peloton uploads, by content', () => {
  for (const [name, files] of Object.entries(uploads)) {
    it(`scores ${name}`, async () => {
      const scores = [
        await garminFitImporter.detect(files()),
        await stravaImporter.detect(files()),
        await pelotonImporter.detect(files()),
      ];
      expect(scores).toEqual(expected[name]);
    });
  }

  it('finds a FIT file in a zip by its header even when its name does not say .fit', async () => {
    const files = [fileFromBuffer('export/readme.txt', 'hello'), fileFromBuffer('export/12345', swimFit())];
    expect(await garminFitImporter.detect(files)).toBe(0.8);
  });
});
