import { describe, expect, it } from 'vitest';
import { dateToDay } from './time';
import { isProblem, prepareSample, type SampleRow } from './sample-row';

const at = (iso: string) => Date.parse(iso);

function row(input: Parameters<typeof prepareSample>[0]): SampleRow {
  const prepared = prepareSample(input);
  if (isProblem(prepared)) throw new Error(prepared.message);
  return prepared;
}

describe('prepareSample', () => {
  it('stores canonical kind, unit and value, and the local day of the start', () => {
    const r = row({
      kind: 'Body Weight',
      value: 154,
      unit: 'lbs',
      start: at('2026-11-21T04:30:00Z'),
      utcOffsetMin: -300,
      source: 'withings',
    });
    expect(r).toMatchObject({
      kind: 'weight',
      unit: 'kg',
      local_day: dateToDay('2026-11-20'),
      origin_id: '',
      device: null,
    });
    expect(r.value).toBeCloseTo(69.853, 3);
  });

  it('counts sleep on the day it ends, and takes the offset from the zone when none is given', () => {
    const r = row({
      kind: 'sleep',
      value: 8,
      start: at('2026-07-01T03:00:00Z'),
      end: at('2026-07-01T11:00:00Z'),
      tz: 'America/New_York',
      source: 'oura',
    });
    expect(r).toMatchObject({ utc_offset_min: -240, local_day: dateToDay('2026-07-01') });
  });

  it('counts a stretch of sleep ending in the evening (from 18:00 local) for the night ahead, the next day', () => {
    const sleepDay = (from: string, to: string) =>
      row({
        kind: 'sleep_duration',
        value: 1,
        start: Date.parse(from),
        end: Date.parse(to),
        utcOffsetMin: -300,
        source: 'garmin',
      }).local_day;
    // The first stretch of a night, ending before midnight: the day the night ends.
    expect(sleepDay('2026-11-19T22:10:00-05:00', '2026-11-19T23:40:00-05:00')).toBe(dateToDay('2026-11-20'));
    expect(sleepDay('2026-11-19T17:00:00-05:00', '2026-11-19T18:00:00-05:00')).toBe(dateToDay('2026-11-20'));
    // An afternoon nap ending 17:59, and a night ending in the morning: the day they end.
    expect(sleepDay('2026-11-19T17:00:00-05:00', '2026-11-19T17:59:00-05:00')).toBe(dateToDay('2026-11-19'));
    expect(sleepDay('2026-11-19T23:40:00-05:00', '2026-11-20T06:30:00-05:00')).toBe(dateToDay('2026-11-20'));
  });

  it('uses the device as origin when the source gives none', () => {
    expect(
      row({ kind: 'steps', value: 5, start: 0, source: 'apple_healthkit', device: 'iPhone' }).origin_id,
    ).toBe('iPhone');
    expect(
      row({ kind: 'steps', value: 5, start: 0, source: 'apple_healthkit', device: 'iPhone', originId: 'x1' })
        .origin_id,
    ).toBe('x1');
  });

  it('rounds instants to whole milliseconds', () => {
    const r = row({ kind: 'steps', value: 5, start: 1763699531533.7012, end: 1763699591533.2, source: 's' });
    expect([r.start_at, r.end_at]).toEqual([1763699531534, 1763699591533]);
  });

  it('names the field of what it refuses', () => {
    const problem = (input: Parameters<typeof prepareSample>[0]) => {
      const r = prepareSample(input);
      return isProblem(r) ? r.field : 'accepted';
    };
    const base = { start: 0, source: 's' };
    expect(problem({ ...base, kind: 'vibes', value: 1 })).toBe('type');
    expect(problem({ ...base, kind: 'blood_pressure', value: 120 })).toBe('type');
    // A coded kind is its code: without one there is nothing to store.
    expect(problem({ ...base, kind: 'diagnosis', value: 1 })).toBe('code');
    expect(
      problem({
        ...base,
        kind: 'diagnosis',
        value: 1,
        meta: { code: { system: 'http://snomed.info/sct', code: '44054006', display: 'Type 2 diabetes' } },
      }),
    ).toBe('accepted');
    expect(problem({ ...base, kind: 'steps', value: 1, unit: 'kg' })).toBe('unit');
    expect(problem({ ...base, kind: 'heart_rate', value: 900 })).toBe('value');
    expect(problem({ ...base, kind: 'steps', value: Number.NaN })).toBe('value');
    expect(problem({ ...base, kind: 'steps', value: 1, end: -1 })).toBe('end');
    expect(problem({ ...base, kind: 'custom', value: 1, unit: 'furlongs' })).toBe('unit');
    expect(problem({ ...base, kind: 'custom', value: 3, unit: 'cups' })).toBe('accepted');
  });
});
