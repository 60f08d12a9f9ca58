import type { NewSample } from '@healthfolio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userNo } from '../../src/db/user-number';
import { SampleWriter } from '../../src/modules/metrics/write/sample-writer';
import { replaySource } from '../../src/modules/sources/replay';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, signIn } from '../identity/helpers';
import { allowAtConsent } from './helpers';

const HOUR = 3_600_000;
const DAY_MS = 24 * HOUR;

/**
 * Ada's Apple Watch steps from her export: 2,000 an hour 09:00–12:00 UTC on each of the last five days
 * (counted from the day before today, so a sync during the day cannot reach past them).
 */
function watchSteps(today: number): NewSample[] {
  return [1, 2, 3, 4, 5].flatMap((daysAgo) =>
    [9, 10, 11].map((hour) => ({
      kind: 'steps',
      start: today - daysAgo * DAY_MS + hour * HOUR,
      end: today - daysAgo * DAY_MS + (hour + 1) * HOUR,
      value: 2_000,
      source: 'apple_healthkit',
      device: 'Ada’s Apple Watch',
      path: 'apple-health',
    })),
  );
}

/**
 * Connecting the sandbox Oura mounted on this server (Oura is not set up here, so Connect offers it) on
 * Ada's real account: its generated year lands marked as sandbox data and takes nothing over.
 */
describe.each(testDialects)('a sandbox connection on a real account on %s', (dialect) => {
  let t: TestApp;
  let ada: Record<string, string>;
  let adaId: string;
  let self: string;
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const days = [5, 4, 3, 2, 1].map((d) => new Date(today - d * DAY_MS).toISOString().slice(0, 10));

  beforeAll(async () => {
    t = await createTestApp(dialect);
    adaId = (await createUser(t, 'ada@example.com')).id;
    ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
    await new SampleWriter(t.db, t.bulk).writeOnce(adaId, watchSteps(today));
    self = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: ada });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const stepDays = async () =>
    (
      (await get(`/api/metrics?type=steps&bucket=day&from=${days[0]}&to=${days[4]}&tz=UTC`)).items as {
        start: string;
        sum: number;
      }[]
    ).map((b) => [b.start.slice(0, 10), b.sum]);
  const ouraDevices = async () =>
    (
      await t.db.kysely
        .selectFrom('samples')
        .select('device')
        .where('user_no', '=', userNo(adaId))
        .where('source', '=', 'oura')
        .execute()
    ).map((r) => r.device);

  it('writes the sandbox year as sandbox data, and Ada’s steps stay her watch’s', async () => {
    expect(await stepDays()).toEqual(days.map((d) => [d, 6_000]));
    const res = await t.app.inject({ method: 'GET', url: '/api/integrations/oauth/oura', headers: ada });
    expect(res.statusCode, res.body).toBe(200);
    const consent = new URL(res.json().data.url as string);
    expect(consent.pathname).toMatch(/^\/sandbox\/oura\//);
    const back = await allowAtConsent(consent, { at: new URL(consent.pathname, self) });
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/oauth/callback',
      headers: ada,
      payload: back,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.source).toMatchObject({ kind: 'oura', sandbox: true });
    await t.syncRunner.idle();

    const devices = await ouraDevices();
    expect(devices.length).toBeGreaterThan(1_000);
    expect(devices.filter((d) => !d?.endsWith('\u001fsandbox'))).toEqual([]);
    expect(await stepDays()).toEqual(days.map((d) => [d, 6_000]));
    const why = await get(`/api/metrics/why?type=steps&date=${days[2]}`);
    expect(why.value).toBe(6_000);
    expect(
      why.streams.map((s: { source: string; contributed: number }) => [s.source, s.contributed]),
    ).toEqual([
      ['apple_healthkit', 6_000],
      ['oura', 0],
    ]);
  });

  it('replays the sandbox pages as sandbox data', async () => {
    const before = (await ouraDevices()).length;
    const replayed = await replaySource(t.db, t.bulk, adaId, 'oura');
    expect(replayed.pages).toBeGreaterThan(0);
    const devices = await ouraDevices();
    expect(devices).toHaveLength(before);
    expect(devices.filter((d) => !d?.endsWith('\u001fsandbox'))).toEqual([]);
    expect(await stepDays()).toEqual(days.map((d) => [d, 6_000]));
  });

  it('deletes the sandbox data when disconnected without being asked', async () => {
    const count = (await ouraDevices()).length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/oura/disconnect',
      headers: ada,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ deletedSamples: count, source: { status: 'disconnected' } });
    expect(await ouraDevices()).toEqual([]);
    expect(await stepDays()).toEqual(days.map((d) => [d, 6_000]));
  });
});
