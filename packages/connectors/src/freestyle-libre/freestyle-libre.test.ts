import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { login, regionalBase } from './client';
import { normalize, parseLluTimestamp } from './normalize';

describe('LibreLinkUp timestamps', () => {
  it('reads "M/D/YYYY h:mm:ss AM" on the 12-hour clock as UTC', () => {
    expect(parseLluTimestamp('11/22/2026 11:45:07 AM')).toBe(Date.UTC(2026, 10, 22, 11, 45, 7));
    expect(parseLluTimestamp('1/2/2026 12:05:00 AM')).toBe(Date.UTC(2026, 0, 2, 0, 5, 0));
    expect(parseLluTimestamp('1/2/2026 12:05:00 PM')).toBe(Date.UTC(2026, 0, 2, 12, 5, 0));
    expect(parseLluTimestamp('1/2/2026 1:05:00 pm')).toBe(Date.UTC(2026, 0, 2, 13, 5, 0));
    expect(parseLluTimestamp('2026-01-02T13:05:00Z')).toBeNaN();
    expect(parseLluTimestamp(undefined)).toBeNaN();
  });
});

describe('LibreLinkUp regions', () => {
  it('moves to api-<region>.libreview.io for the real API, under <base>/<region> for a stand-in', () => {
    expect(regionalBase('https://api.libreview.io', 'eu')).toBe('https://api-eu.libreview.io');
    expect(regionalBase('https://api-us.libreview.io/', 'EU2')).toBe('https://api-eu2.libreview.io');
    expect(regionalBase('http://127.0.0.1:4000/sandbox/freestyle_libre/', 'ap')).toBe(
      'http://127.0.0.1:4000/sandbox/freestyle_libre/ap',
    );
    expect(() => regionalBase('https://api.libreview.io', 'eu.evil.example/x')).toThrow(/unknown region/);
  });
});

const item = (factory: string, local: string, value: number, extra: Record<string, unknown> = {}) => ({
  FactoryTimestamp: factory,
  Timestamp: local,
  type: 0,
  ValueInMgPerDl: value,
  MeasurementColor: 1,
  GlucoseUnits: 0,
  Value: Math.round((value / 18) * 10) / 10,
  isHigh: false,
  isLow: false,
  ...extra,
});

describe('LibreLinkUp normalize', () => {
  const latest = item('11/22/2026 11:59:27 AM', '11/22/2026 12:59:27 PM', 141, { type: 1, TrendArrow: 4 });
  const graph = {
    status: 0,
    data: {
      connection: { patientId: 'p1', glucoseMeasurement: latest },
      graphData: [
        item('11/22/2026 11:33:27 AM', '11/22/2026 12:33:27 PM', 130),
        item('11/22/2026 11:48:27 AM', '11/22/2026 12:48:27 PM', 137),
        item('bad', 'bad', 120),
        { FactoryTimestamp: '11/22/2026 11:50:00 AM', Timestamp: '11/22/2026 12:50:00 PM' },
      ],
    },
  };

  it('maps the 15-minute history and the latest reading in mg/dL (whatever unit the person reads), at UTC', () => {
    const samples = normalize({ resource: 'graph', payload: graph }, { timeZone: 'UTC' });
    expect(samples).toHaveLength(3);
    expect(samples[0]).toEqual({
      kind: 'blood_glucose',
      start: Date.UTC(2026, 10, 22, 11, 33, 27),
      value: 130,
      unit: 'mg/dL',
      utcOffsetMin: 60,
      source: 'freestyle_libre',
      originId: '2026-11-22T11:33:27.000Z',
      meta: { provenance: { reading: 'historic' } },
    });
    expect(samples[2]).toMatchObject({
      value: 141,
      meta: { provenance: { reading: 'scan', trend: 'fortyFiveUp' } },
    });
  });

  it('names a reading the same way from the graph and the logbook, so overlaps collapse', () => {
    const fromGraph = normalize({ resource: 'graph', payload: graph }, { timeZone: 'UTC' });
    const fromLogbook = normalize(
      {
        resource: 'logbook',
        payload: { status: 0, data: [latest, item('11/21/2026 7:02:11 PM', 'x', 88, { type: 1 })] },
      },
      { timeZone: 'Europe/Berlin' },
    );
    expect(fromLogbook[0]!.originId).toBe(fromGraph[2]!.originId);
    expect(fromLogbook[0]!.start).toBe(fromGraph[2]!.start);
    // An unreadable local time falls back to the person's zone.
    expect(fromLogbook[1]).toMatchObject({ value: 88, tz: 'Europe/Berlin' });
    expect(fromLogbook[1]!.utcOffsetMin).toBeUndefined();
    expect(normalize({ resource: 'other', payload: graph }, { timeZone: 'UTC' })).toEqual([]);
    expect(normalize({ resource: 'logbook', payload: { status: 0 } }, { timeZone: 'UTC' })).toEqual([]);
  });
});

describe('LibreLinkUp login', () => {
  /** A scripted LibreLinkUp: answers by URL, records what was asked. */
  function script(answers: Record<string, unknown>) {
    const calls: { url: string; headers: Record<string, string>; body?: unknown }[] = [];
    const fetcher = (async (url: string, init: RequestInit) => {
      calls.push({
        url,
        headers: init.headers as Record<string, string>,
        ...(init.body ? { body: JSON.parse(init.body as string) as unknown } : {}),
      });
      const answer = answers[url];
      if (answer === undefined) return new Response('{}', { status: 404 });
      return new Response(JSON.stringify(answer), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }) as unknown as typeof fetch;
    return { calls, fetcher };
  }
  const ok = (token = 't1') => ({
    status: 0,
    data: { user: { id: 'user-1' }, authTicket: { token, expires: 1_800_000_000, duration: 15_552_000_000 } },
  });
  const connections = { status: 0, data: [{ patientId: 'patient-1', firstName: 'Mia' }] };

  it('follows the region redirect to the regional host and sends Account-Id there', async () => {
    const { calls, fetcher } = script({
      'https://api.libreview.io/llu/auth/login': { status: 0, data: { redirect: true, region: 'eu' } },
      'https://api-eu.libreview.io/llu/auth/login': ok(),
      'https://api-eu.libreview.io/llu/connections': connections,
    });
    const tokens = await login(
      { username: 'sam@example.com', password: 'pw' },
      { baseUrl: 'https://api.libreview.io', fetch: fetcher, now: 0 },
    );
    const accountId = createHash('sha256').update('user-1').digest('hex');
    expect(tokens).toEqual({
      accessToken: 't1',
      expiresAt: 1_800_000_000_000,
      extra: { patientId: 'patient-1', accountId, apiBaseUrl: 'https://api-eu.libreview.io' },
    });
    expect(calls.map((c) => c.url)).toEqual([
      'https://api.libreview.io/llu/auth/login',
      'https://api-eu.libreview.io/llu/auth/login',
      'https://api-eu.libreview.io/llu/connections',
    ]);
    for (const c of calls) expect(c.headers).toMatchObject({ product: 'llu.android', version: '4.16.0' });
    expect(calls[1]!.body).toEqual({ email: 'sam@example.com', password: 'pw' });
    expect(calls[2]!.headers).toMatchObject({ authorization: 'Bearer t1', 'account-id': accountId });
  });

  it('keeps the configured host when there is no redirect', async () => {
    const { fetcher } = script({
      'https://api-eu.libreview.io/llu/auth/login': ok(),
      'https://api-eu.libreview.io/llu/connections': connections,
    });
    const tokens = await login(
      { username: 'a', password: 'b' },
      { baseUrl: 'https://api-eu.libreview.io', fetch: fetcher, now: 0 },
    );
    expect(tokens.extra).not.toHaveProperty('apiBaseUrl');
  });

  it.each([
    [
      { status: 2, error: { message: 'notAuthenticated' } },
      'the email or password is wrong (notAuthenticated)',
    ],
    [{ status: 4, data: { step: { type: 'tou' } } }, 'accept its terms of use in the LibreLinkUp app first'],
    [{ status: 920, data: { minimumVersion: '4.20.0' } }, 'wants a newer app version (4.20.0)'],
    [{ status: 0, data: { redirect: true } }, 'did not say which region'],
  ])('says why LibreLinkUp refused: %j', async (answer, message) => {
    const { fetcher } = script({ 'https://api.libreview.io/llu/auth/login': answer });
    await expect(
      login(
        { username: 'a', password: 'b' },
        { baseUrl: 'https://api.libreview.io', fetch: fetcher, now: 0 },
      ),
    ).rejects.toThrow(message);
  });

  it('refuses a follower nobody shares with yet', async () => {
    const { fetcher } = script({
      'https://api.libreview.io/llu/auth/login': ok(),
      'https://api.libreview.io/llu/connections': { status: 0, data: [] },
    });
    await expect(
      login(
        { username: 'a', password: 'b' },
        { baseUrl: 'https://api.libreview.io', fetch: fetcher, now: 0 },
      ),
    ).rejects.toThrow(/nobody shares their glucose with this LibreLinkUp account yet/);
  });
});
