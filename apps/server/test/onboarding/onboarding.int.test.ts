import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, FakeClock, signIn } from '../identity/helpers';

type Auth = { authorization: string };

describe.each(testDialects)('the first-run checklist on %s', (dialect) => {
  let t: TestApp;
  let clock: FakeClock;
  let ada: Auth;
  let ben: Auth;
  beforeAll(async () => {
    clock = new FakeClock();
    t = await createTestApp(dialect, {}, { now: clock.now });
    await createUser(t, 'ada@example.com');
    await createUser(t, 'ben@example.com');
    ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
    ben = bearer((await signIn(t, 'ben@example.com')).accessToken);
  });
  afterAll(() => t.close());

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, auth: Auth, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  const status = async (auth: Auth) => {
    const res = await send('GET', '/api/onboarding', auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().data as {
      steps: { key: string; done: boolean }[];
      complete: boolean;
      dismissed: boolean;
    };
    return { ...data, done: Object.fromEntries(data.steps.map((s) => [s.key, s.done])) };
  };

  it('starts with nothing done, the steps in their order', async () => {
    const first = await status(ada);
    expect(first.steps.map((s) => s.key)).toEqual(['source', 'preferences', 'goal', 'mfa']);
    expect(first.done).toEqual({ source: false, preferences: false, goal: false, mfa: false });
    expect(first).toMatchObject({ complete: false, dismissed: false });
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/onboarding' });
    expect(res.statusCode).toBe(401);
  });

  it('does not count the browser filling in its time zone, but counts the person choosing one', async () => {
    // The web app's first, automatic save of the browser's zone.
    await send('PUT', '/api/settings', ada, { preferences: { timeZone: 'Europe/Berlin' } });
    expect((await status(ada)).done.preferences).toBe(false);
    // The person picks a zone in Settings.
    const put = await send('PUT', '/api/settings', ada, { preferences: { timeZone: 'Europe/Madrid' } });
    expect(put.json().data.preferences).toMatchObject({ timeZone: 'Europe/Madrid', unitsChosen: true });
    expect((await status(ada)).done.preferences).toBe(true);
  });

  it('counts units chosen, even the ones already set', async () => {
    await send('PUT', '/api/settings', ben, { preferences: { units: 'metric' } });
    expect((await status(ben)).done.preferences).toBe(true);
  });

  it('ticks the source once Apple Health is connected (its ingest URL made)', async () => {
    const res = await send('POST', '/api/integrations/healthkit/connect', ada, {});
    expect(res.statusCode, res.body).toBe(200);
    expect((await status(ada)).done.source).toBe(true);
    expect((await status(ben)).done.source).toBe(false);
  });

  it('ticks the goal once one is set', async () => {
    const res = await send('POST', '/api/goals', ada, {
      metric: 'steps',
      target: 8000,
      direction: 'at_least',
      period: 'daily',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await status(ada)).done.goal).toBe(true);
  });

  it('ticks two-step sign-in once TOTP is confirmed, and then the whole list is complete', async () => {
    const enroll = await send('POST', '/api/identity/mfa/totp/enroll', ada, {});
    expect(enroll.statusCode, enroll.body).toBe(200);
    // Enrolled but not confirmed: not on yet.
    expect((await status(ada)).done.mfa).toBe(false);
    const { secret } = enroll.json().data as { secret: string };
    const code = new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6 }).generate({
      timestamp: clock.ms,
    });
    const confirm = await send('POST', '/api/identity/mfa/totp/confirm', ada, { code });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const done = await status(ada);
    expect(done.done).toEqual({ source: true, preferences: true, goal: true, mfa: true });
    expect(done.complete).toBe(true);
  });

  it('remembers the checklist put away, in the settings', async () => {
    const put = await send('PUT', '/api/settings', ben, { preferences: { onboardingDismissed: true } });
    expect(put.statusCode, put.body).toBe(200);
    expect(await status(ben)).toMatchObject({ dismissed: true, complete: false });
    expect((await status(ada)).dismissed).toBe(false);
  });
});
