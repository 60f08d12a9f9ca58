import type { SleepNights } from '@healthfolio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, signIn } from '../identity/helpers';
import { importFile } from '../imports/helpers';
import { garminSleepFit } from './garmin-sleep-fit';

/** Wakes 20 November at 06:30 UTC after 470 minutes asleep, ten of the night's minutes awake. */
const FIRST_NIGHT: [string, string][] = [
  ['2026-11-19T22:30:00Z', 'light'],
  ['2026-11-19T23:30:00Z', 'deep'],
  ['2026-11-20T01:00:00Z', 'awake'],
  ['2026-11-20T01:10:00Z', 'rem'],
  ['2026-11-20T02:00:00Z', 'light'],
  ['2026-11-20T06:30:00Z', 'awake'],
];
/** Wakes 21 November at 07:00 UTC after 480 minutes asleep. */
const SECOND_NIGHT: [string, string][] = [
  ['2026-11-20T23:00:00Z', 'light'],
  ['2026-11-21T00:30:00Z', 'deep'],
  ['2026-11-21T02:00:00Z', 'rem'],
  ['2026-11-21T03:00:00Z', 'light'],
  ['2026-11-21T07:00:00Z', 'awake'],
];

describe.each(testDialects)('sleep nights on %s', (dialect) => {
  let t: TestApp;
  let ada: { authorization: string };
  let ben: { authorization: string };
  const get = (url: string, auth = ada) => t.app.inject({ method: 'GET', url, headers: auth });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t, 'ada@example.com');
    await createUser(t, 'ben@example.com');
    ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
    ben = bearer((await signIn(t, 'ben@example.com')).accessToken);
    for (const [name, night] of [
      ['sleep-1.fit', FIRST_NIGHT],
      ['sleep-2.fit', SECOND_NIGHT],
    ] as const) {
      const job = await importFile(t, ada, name, garminSleepFit(night));
      expect(job).toMatchObject({ status: 'succeeded', format: 'garmin-fit' });
    }
  });
  afterAll(() => t.close());

  const nights = async (query: string, auth = ada) => {
    const res = await get(`/api/sleep/nights?${query}`, auth);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as SleepNights;
  };

  it("draws each night's stages in order, its gaps as awake, on the day it ends", async () => {
    const data = await nights('from=2026-11-20&to=2026-11-21&tz=UTC');
    expect(data.nights.map((n) => n.night)).toEqual(['2026-11-20', '2026-11-21']);
    const [first] = data.nights;
    expect(first).toEqual({
      night: '2026-11-20',
      source: 'garmin',
      device: 'Forerunner 255',
      bedtime: '2026-11-19T22:30:00.000Z',
      wake: '2026-11-20T06:30:00.000Z',
      asleepMin: 470,
      inBedMin: null,
      segments: [
        { start: '2026-11-19T22:30:00.000Z', end: '2026-11-19T23:30:00.000Z', stage: 'core' },
        { start: '2026-11-19T23:30:00.000Z', end: '2026-11-20T01:00:00.000Z', stage: 'deep' },
        { start: '2026-11-20T01:00:00.000Z', end: '2026-11-20T01:10:00.000Z', stage: 'awake' },
        { start: '2026-11-20T01:10:00.000Z', end: '2026-11-20T02:00:00.000Z', stage: 'rem' },
        { start: '2026-11-20T02:00:00.000Z', end: '2026-11-20T06:30:00.000Z', stage: 'core' },
      ],
      stageMinutes: { deep: 90, core: 330, rem: 50, awake: 10 },
    });
    expect(data.nights[1]).toMatchObject({
      asleepMin: 480,
      stageMinutes: { deep: 90, core: 330, rem: 60, awake: 0 },
    });
  });

  it('says how regular bedtime and wake time were', async () => {
    const data = await nights('from=2026-11-01&to=2026-11-28&tz=UTC');
    expect(data.consistency).toEqual({
      meanBedtime: '22:45',
      meanWake: '06:45',
      bedtimeSdMin: 15,
      wakeSdMin: 15,
      meanAsleepMin: 475,
    });
  });

  it('leaves out a night that ends outside the range, and shows Ben none of Ada’s', async () => {
    expect((await nights('from=2026-11-21&to=2026-11-21&tz=UTC')).nights.map((n) => n.night)).toEqual([
      '2026-11-21',
    ]);
    expect((await nights('from=2026-11-20&to=2026-11-21&tz=UTC', ben)).nights).toEqual([]);
  });

  it('refuses a range backwards or longer than a year, in words', async () => {
    const backwards = await get('/api/sleep/nights?from=2026-11-21&to=2026-11-20');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.message).toContain('must not be after');
    const long = await get('/api/sleep/nights?from=2024-01-01&to=2026-11-20');
    expect(long.statusCode).toBe(400);
  });
});
