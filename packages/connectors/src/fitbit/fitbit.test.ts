import { describe, expect, it } from 'vitest';
import type { ProviderHttp, RawPage } from '../types';
import { COLLECTIONS, covers, filterOf, sync } from './client';
import { durationMinutes, normalize } from './normalize';

const TZ = 'America/New_York';
const EST = { startUtcOffset: '-18000s', endUtcOffset: '-18000s' };
/** A one-minute ObservationTimeInterval, as the reference writes it. */
const minute = (iso: string) => ({
  ...EST,
  startTime: iso,
  endTime: new Date(Date.parse(iso) + 60_000).toISOString().replace('.000Z', 'Z'),
});

describe('Google Health API normalize', () => {
  it('reads google.protobuf.Duration offsets', () => {
    expect(durationMinutes('-18000s')).toBe(-300);
    expect(durationMinutes('19800s')).toBe(330);
    expect(durationMinutes('0s')).toBe(0);
    expect(durationMinutes('-5h')).toBeUndefined();
    expect(durationMinutes(undefined)).toBeUndefined();
  });

  it('sums reconciled steps per 15 minutes with the fitbit importer’s origin ids; int64 counts are strings', () => {
    const payload = {
      dataPoints: [
        { steps: { interval: minute('2026-11-20T13:14:00Z'), count: '30' } },
        { steps: { interval: minute('2026-11-20T13:16:00Z'), count: '102' } },
        { steps: { interval: minute('2026-11-20T13:29:00Z'), count: '98' } },
        { steps: { interval: minute('2026-11-20T13:31:00Z'), count: '0' } },
      ],
    };
    expect(normalize({ resource: 'steps', payload }, { timeZone: TZ })).toEqual([
      {
        kind: 'steps',
        start: Date.parse('2026-11-20T13:00:00Z'),
        end: Date.parse('2026-11-20T13:15:00Z'),
        value: 30,
        unit: '{count}',
        source: 'fitbit',
        originId: 'steps:2026-11-20T13:00:00.000Z',
        utcOffsetMin: -300,
      },
      {
        kind: 'steps',
        start: Date.parse('2026-11-20T13:15:00Z'),
        end: Date.parse('2026-11-20T13:30:00Z'),
        value: 200,
        unit: '{count}',
        source: 'fitbit',
        originId: 'steps:2026-11-20T13:15:00.000Z',
        utcOffsetMin: -300,
      },
    ]);
  });

  it('reads distance in millimetres', () => {
    const [sample] = normalize(
      {
        resource: 'distance',
        payload: {
          dataPoints: [{ distance: { interval: minute('2026-11-20T13:14:00Z'), millimeters: '75480' } }],
        },
      },
      { timeZone: TZ },
    );
    expect(sample).toMatchObject({
      kind: 'distance',
      value: 75_480,
      unit: 'mm',
      originId: 'distance:2026-11-20T13:00:00.000Z',
    });
  });

  it('averages heart-rate samples per minute', () => {
    const reading = (iso: string, bpm: string) => ({
      heartRate: { sampleTime: { physicalTime: iso, utcOffset: '-18000s' }, beatsPerMinute: bpm },
    });
    const samples = normalize(
      {
        resource: 'heart-rate',
        payload: {
          dataPoints: [
            reading('2026-11-20T13:14:05Z', '100'),
            reading('2026-11-20T13:14:40Z', '103'),
            reading('2026-11-20T13:15:01Z', '96'),
          ],
        },
      },
      { timeZone: TZ },
    );
    expect(samples.map((s) => [s.originId, s.value, s.end! - s.start])).toEqual([
      ['heart_rate:2026-11-20T13:14:00.000Z', 101.5, 60_000],
      ['heart_rate:2026-11-20T13:15:00.000Z', 96, 60_000],
    ]);
  });

  it('puts the daily resting heart rate on the civil day of the person’s zone, skipping 0', () => {
    const samples = normalize(
      {
        resource: 'daily-resting-heart-rate',
        payload: {
          dataPoints: [
            { dailyRestingHeartRate: { date: { year: 2026, month: 11, day: 20 }, beatsPerMinute: '57' } },
            { dailyRestingHeartRate: { date: { year: 2026, month: 11, day: 19 }, beatsPerMinute: '0' } },
          ],
        },
      },
      { timeZone: TZ },
    );
    expect(samples).toEqual([
      {
        kind: 'resting_heart_rate',
        start: Date.parse('2026-11-20T05:00:00Z'),
        end: Date.parse('2026-11-21T05:00:00Z'),
        value: 57,
        unit: '/min',
        utcOffsetMin: -300,
        tz: TZ,
        source: 'fitbit',
        originId: 'resting_heart_rate:2026-11-20',
      },
    ]);
  });

  it('maps a sleep session to minutes asleep, with stage minutes and the nap flag in provenance', () => {
    const session = {
      name: 'users/abcd1234/dataTypes/sleep/dataPoints/40000207781',
      dataSource: { device: { displayName: 'Charge 6' } },
      sleep: {
        interval: { startTime: '2026-11-21T04:58:00Z', endTime: '2026-11-21T12:20:00Z', ...EST },
        type: 'STAGES',
        metadata: { nap: false },
        summary: {
          minutesAsleep: '409',
          minutesAwake: '33',
          minutesInSleepPeriod: '442',
          stagesSummary: [
            { type: 'AWAKE', minutes: '33', count: '6' },
            { type: 'LIGHT', minutes: '241', count: '14' },
            { type: 'DEEP', minutes: '78', count: '4' },
            { type: 'REM', minutes: '90', count: '5' },
          ],
        },
      },
    };
    const [sample] = normalize({ resource: 'sleep', payload: { dataPoints: [session] } }, { timeZone: TZ });
    expect(sample).toEqual({
      kind: 'sleep_duration',
      start: Date.parse('2026-11-21T04:58:00Z'),
      end: Date.parse('2026-11-21T12:20:00Z'),
      value: 409,
      unit: 'min',
      source: 'fitbit',
      originId: '40000207781',
      device: 'Charge 6',
      utcOffsetMin: -300,
      meta: {
        provenance: {
          type: 'STAGES',
          mainSleep: true,
          awakeMin: 33,
          lightMin: 241,
          deepMin: 78,
          remMin: 90,
          timeInBedMin: 442,
        },
      },
    });
    // A nap known only by its stages: ASLEEP counts, AWAKE does not.
    const [nap] = normalize(
      {
        resource: 'sleep',
        payload: {
          dataPoints: [
            {
              sleep: {
                interval: { startTime: '2026-11-21T20:00:00Z', endTime: '2026-11-21T20:34:00Z' },
                type: 'CLASSIC',
                metadata: { nap: true },
                stages: [
                  { startTime: '2026-11-21T20:00:00Z', endTime: '2026-11-21T20:30:00Z', type: 'ASLEEP' },
                  { startTime: '2026-11-21T20:30:00Z', endTime: '2026-11-21T20:34:00Z', type: 'AWAKE' },
                ],
              },
            },
          ],
        },
      },
      { timeZone: TZ },
    );
    expect(nap).toMatchObject({
      value: 30,
      originId: 'sleep:2026-11-21T20:00:00.000Z',
      meta: { provenance: { mainSleep: false } },
    });
  });

  it('reads weigh-ins in grams with the scale as device', () => {
    const [sample] = normalize(
      {
        resource: 'weight',
        payload: {
          dataPoints: [
            {
              name: 'users/abcd1234/dataTypes/weight/dataPoints/50000020778',
              dataSource: { device: { displayName: 'Aria Air' } },
              weight: {
                sampleTime: { physicalTime: '2026-11-20T11:47:12Z', utcOffset: '-18000s' },
                weightGrams: 75_950,
              },
            },
          ],
        },
      },
      { timeZone: TZ },
    );
    expect(sample).toEqual({
      kind: 'weight',
      start: Date.parse('2026-11-20T11:47:12Z'),
      value: 75_950,
      unit: 'g',
      source: 'fitbit',
      originId: '50000020778',
      device: 'Aria Air',
      utcOffsetMin: -300,
    });
  });
});

describe('Google Health API client', () => {
  const NOW = Date.parse('2026-11-22T12:00:00Z');
  type Query = Record<string, string | number | undefined>;

  /** Answers two pages for every request without a token, one with it. */
  function recorder() {
    const calls: { path: string; query: Query }[] = [];
    const http: ProviderHttp = {
      get: async <T>(path: string, query?: Query) => {
        calls.push({ path, query: query ?? {} });
        const more = !query?.pageToken;
        return {
          dataPoints: [{ n: calls.length }],
          ...(more ? { nextPageToken: `t${calls.length}` } : {}),
        } as T;
      },
      post: () => Promise.reject(new Error('reads are GETs')),
    };
    return { calls, http };
  }
  const context = (http: ProviderHttp, cursor: string | null = null) => ({
    http,
    from: NOW - 2 * 86_400_000,
    to: NOW,
    cursor,
    timeZone: TZ,
    signal: new AbortController().signal,
  });

  it('writes the documented filters', () => {
    const steps = COLLECTIONS.find((c) => c.dataType === 'steps')!;
    const resting = COLLECTIONS.find((c) => c.dataType === 'daily-resting-heart-rate')!;
    const a = Date.parse('2026-11-20T00:00:00Z');
    const b = Date.parse('2026-11-22T12:00:00Z');
    expect(filterOf(steps, a, b, TZ)).toBe(
      'steps.interval.start_time >= "2026-11-20T00:00:00.000Z" AND steps.interval.start_time < "2026-11-22T12:00:00.000Z"',
    );
    // Civil dates of the person's zone, the last day included.
    expect(filterOf(resting, a, b, TZ)).toBe(
      'daily_resting_heart_rate.date >= "2026-11-19" AND daily_resting_heart_rate.date < "2026-11-23"',
    );
  });

  it('asks for sleep by its end up to a day past the window, and covers what starts in it', () => {
    const sleep = COLLECTIONS.find((c) => c.dataType === 'sleep')!;
    const a = Date.parse('2026-11-19T05:00:00Z');
    const b = Date.parse('2026-11-22T17:00:00Z');
    expect(filterOf(sleep, a, b, TZ)).toBe(
      'sleep.interval.end_time >= "2026-11-19T05:00:00.000Z" AND sleep.interval.end_time < "2026-11-23T17:00:00.000Z"',
    );
    expect(covers({ from: a, to: b, timeZone: TZ })).toEqual([
      { kinds: ['steps'], from: Date.parse('2026-11-19T00:00:00Z'), to: b },
      { kinds: ['distance'], from: Date.parse('2026-11-19T00:00:00Z'), to: b },
      { kinds: ['heart_rate'], from: Date.parse('2026-11-19T00:00:00Z'), to: b },
      // The civil dates asked, 19 to 22 November, from their New York midnights.
      {
        kinds: ['resting_heart_rate'],
        from: Date.parse('2026-11-19T05:00:00Z'),
        to: Date.parse('2026-11-23T05:00:00Z'),
      },
      { kinds: ['sleep_duration'], from: a, to: b },
      { kinds: ['weight'], from: a, to: b },
    ]);
  });

  it('reads streams in whole UTC-day windows, every page of a window in one raw page', async () => {
    const { calls, http } = recorder();
    const pages: RawPage[] = [];
    for await (const page of sync(context(http))) pages.push(page);
    const heart = calls.filter((c) => c.path === '/v4/users/me/dataTypes/heart-rate/dataPoints:reconcile');
    // Three UTC days (20, 21, 22 November), two pages each.
    expect(heart).toHaveLength(6);
    expect(heart[0]!.query.filter).toContain('>= "2026-11-20T00:00:00.000Z"');
    expect(heart[1]!.query).toMatchObject({
      pageToken: `t${calls.indexOf(heart[0]!) + 1}`,
      filter: heart[0]!.query.filter,
    });
    const heartPages = pages.filter((p) => p.resource === 'heart-rate');
    expect(heartPages).toHaveLength(3);
    expect((heartPages[0]!.payload as { dataPoints: unknown[] }).dataPoints).toHaveLength(2);
    // Sleep pages with pageToken, 25 at a time, a raw page per answer, from `list`.
    const sleep = calls.filter((c) => c.path.includes('/sleep/'));
    expect(sleep.map((c) => [c.path, c.query.pageSize, c.query.pageToken])).toEqual([
      ['/v4/users/me/dataTypes/sleep/dataPoints', 25, undefined],
      ['/v4/users/me/dataTypes/sleep/dataPoints', 25, sleep[0] && `t${calls.indexOf(sleep[0]) + 1}`],
    ]);
    expect(pages.filter((p) => p.resource === 'sleep')).toHaveLength(2);
    expect(pages.at(-1)!.cursor).toBeNull();
  });

  it('resumes from the cursor: the next window, or the next page', async () => {
    const first = recorder();
    const pages: RawPage[] = [];
    for await (const page of sync(context(first.http))) pages.push(page);
    const afterHeartDay = pages.findIndex((p) => p.resource === 'heart-rate');
    const resumed = recorder();
    for await (const page of sync(context(resumed.http, pages[afterHeartDay]!.cursor))) void page;
    expect(resumed.calls[0]!.path).toContain('heart-rate');
    expect(resumed.calls[0]!.query.filter).toContain('>= "2026-11-21T00:00:00.000Z"');

    const sleepPage = pages.find((p) => p.resource === 'sleep' && p.cursor?.includes('page'))!;
    const fromPage = recorder();
    for await (const page of sync(context(fromPage.http, sleepPage.cursor))) void page;
    expect(fromPage.calls[0]!.path).toContain('/sleep/');
    expect(fromPage.calls[0]!.query.pageToken).toMatch(/^t\d+$/);
  });
});
