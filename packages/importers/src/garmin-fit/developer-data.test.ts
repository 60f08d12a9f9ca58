import { describe, expect, it } from 'vitest';
import { fileFromBuffer } from '../files/memory-file';
import { decodeFit } from '../shared/fit-decode';
import { adaContext, collect, ofKind, unaccounted } from '../shared/test-support';
import { developerDataFit } from './fixtures/activity-variants';
import { garminFitImporter } from './index';

const read = () =>
  collect(garminFitImporter.read([fileFromBuffer('run.fit', developerDataFit())], adaContext));
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

describe('garmin-fit files with developer data (Connect IQ apps)', () => {
  it('reads the whole file: both apps, their descriptions, every record and the session', () => {
    const { messages, damage } = decodeFit(developerDataFit());
    expect(damage).toBeUndefined();
    const count = (name: string) => messages.filter((m) => m.name === name).length;
    expect([count('developerDataId'), count('fieldDescription'), count('record'), count('session')]).toEqual([
      2, 2, 75, 1,
    ]);
    const records = messages.filter((m) => m.name === 'record').map((m) => m.mesg.developerFields);
    expect(records[0]).toEqual({ 0: 250 }); // the power app
    expect(records[30]).toEqual({ 1: 38.25 }); // core temperature, defined before its description came
    expect(records[60]).toEqual({ 0: 300 }); // the lost app's value read past, undescribed
  });

  it('maps the standard fields as in any file: heart rate a minute and the workout', async () => {
    const { samples, error } = await read();
    expect(error).toBeUndefined();
    expect(ofKind(samples, 'heart_rate').map((s) => [iso(s.start), s.value])).toEqual([
      ['2024-03-10T13:00:00.000Z', 140.5],
      ['2024-03-10T13:01:00.000Z', 142.3],
    ]);
    expect(ofKind(samples, 'workout')).toMatchObject([
      {
        start: Date.parse('2024-03-10T13:00:00Z'),
        value: 2,
        device: 'Forerunner 965',
        meta: { workout: { activity: 'running', distanceM: 360, energyKcal: 31, avgHeartRate: 141 } },
      },
    ]);
  });

  it('counts no app message or developer value as a reading', async () => {
    const out = await read();
    expect(out.records).toBe(3);
    expect(out.skippedCount).toBe(0);
    expect(unaccounted(out)).toBe(0);
  });
});
