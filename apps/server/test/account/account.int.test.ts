import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, login, PASSWORD, signIn } from '../identity/helpers';

describe.each(testDialects)('account API on %s', (dialect) => {
  let t: TestApp;
  let ada: string;
  let ben: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    await createUser(t, 'ada@example.com');
    await createUser(t, 'ben@example.com');
    ada = (await signIn(t, 'ada@example.com')).accessToken;
    ben = (await signIn(t, 'ben@example.com')).accessToken;
  });
  afterEach(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  it('requires a bearer token on every account route', async () => {
    for (const [method, url] of [
      ['GET', '/api/auth/me'],
      ['PUT', '/api/auth/profile'],
      ['POST', '/api/auth/complete-registration'],
      ['DELETE', '/api/auth/account'],
      ['GET', '/api/settings'],
      ['PUT', '/api/settings'],
      ['POST', '/api/settings/password'],
      ['GET', '/api/settings/export'],
      ['GET', '/api/settings/audit-log'],
      ['DELETE', '/api/settings/account'],
      ['GET', '/api/user/data-sources'],
      ['POST', '/api/user/data-sources'],
      ['PUT', '/api/user/profile'],
    ] as const) {
      const res = await call(
        method,
        url,
        undefined,
        method === 'GET' || method === 'DELETE' ? undefined : {},
      );
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    }
  });

  it('answers the profile with the SPEC §3 settings defaults', async () => {
    const res = await call('GET', '/api/auth/me', ada);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      email: 'ada@example.com',
      name: 'ada',
      emailVerified: false,
      settings: {
        notifications: {
          emailNotifications: true,
          pushNotifications: true,
          insightAlerts: true,
          goalReminders: true,
        },
        privacy: {
          shareWithProviders: false,
          anonymizeData: false,
          publicProfile: false,
          autoSignOutMinutes: 0,
        },
        dataSharing: { allowedProviders: [], shareHealthScore: true, shareInsights: true },
        preferences: {
          language: 'en',
          theme: 'light',
          units: 'metric',
          includeSandboxData: false,
          unitsChosen: false,
          onboardingDismissed: false,
        },
      },
    });
    expect(new Date(res.json().data.createdAt).toISOString()).toBe(res.json().data.createdAt);
  });

  it('completes registration and updates the profile on both paths', async () => {
    const done = await call('POST', '/api/auth/complete-registration', ada, { name: 'Ada Lovelace' });
    expect(done.json().data.name).toBe('Ada Lovelace');
    const put = await call('PUT', '/api/auth/profile', ada, {
      name: 'Ada L.',
      settings: { preferences: { theme: 'dark' } },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({
      name: 'Ada L.',
      settings: { preferences: { theme: 'dark', units: 'metric' } },
    });
    const user = await call('PUT', '/api/user/profile', ada, {
      settings: { preferences: { units: 'imperial' } },
    });
    expect(user.json().data).toMatchObject({
      name: 'Ada L.',
      settings: { preferences: { theme: 'dark', units: 'imperial' } },
    });
    // Ben's profile is untouched.
    expect((await call('GET', '/api/auth/me', ben)).json().data).toMatchObject({
      name: 'ben',
      settings: { preferences: { theme: 'light' } },
    });
  });

  it('validates profile and registration input', async () => {
    expect((await call('POST', '/api/auth/complete-registration', ada, {})).json().error.code).toBe(
      'validation',
    );
    expect(
      (await call('POST', '/api/auth/complete-registration', ada, { name: '   ' })).json().error.code,
    ).toBe('validation');
    expect((await call('PUT', '/api/auth/profile', ada, { name: 42 })).statusCode).toBe(400);
    expect((await call('PUT', '/api/auth/profile', ada, { name: 'x'.repeat(201) })).statusCode).toBe(400);
    const theme = await call('PUT', '/api/settings', ada, { preferences: { theme: 'purple' } });
    expect(theme.statusCode).toBe(400);
    expect(theme.json().error).toMatchObject({ code: 'validation' });
  });

  it('reads and patches settings', async () => {
    const res = await call('PUT', '/api/settings', ada, {
      notifications: { goalReminders: false },
      privacy: { autoSignOutMinutes: 30 },
      dataSharing: { allowedProviders: ['dr-who'] },
      preferences: { language: 'de', timeZone: 'Europe/Berlin' },
    });
    expect(res.statusCode).toBe(200);
    const got = await call('GET', '/api/settings', ada);
    expect(got.json().data).toEqual(res.json().data);
    expect(got.json().data).toMatchObject({
      notifications: { goalReminders: false, insightAlerts: true },
      privacy: { autoSignOutMinutes: 30 },
      dataSharing: { allowedProviders: ['dr-who'], shareInsights: true },
      preferences: { language: 'de', theme: 'light', timeZone: 'Europe/Berlin' },
    });
    expect((await call('GET', '/api/settings', ben)).json().data.preferences.language).toBe('en');
  });

  it('keeps both of two settings saves made at the same moment', async () => {
    const saves = await Promise.all([
      call('PUT', '/api/auth/profile', ada, { settings: { preferences: { theme: 'dark' } } }),
      call('PUT', '/api/settings', ada, { notifications: { emailNotifications: false } }),
      call('PUT', '/api/settings', ada, { preferences: { units: 'imperial' } }),
      call('PUT', '/api/settings', ada, { privacy: { anonymizeData: true } }),
    ]);
    expect(saves.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await call('GET', '/api/settings', ada)).json().data).toMatchObject({
      preferences: { theme: 'dark', units: 'imperial' },
      notifications: { emailNotifications: false },
      privacy: { anonymizeData: true },
    });
  });

  it('changes the password: checks the current one, signs out other sessions, keeps the caller signed in', async () => {
    const other = await signIn(t, 'ada@example.com');
    const wrong = await call('POST', '/api/settings/password', ada, {
      currentPassword: 'nope',
      newPassword: 'new passphrase',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: { code: 'auth/wrong-password', message: 'Incorrect password' } });
    const weak = await call('POST', '/api/settings/password', ada, {
      currentPassword: PASSWORD,
      newPassword: '123',
    });
    expect(weak.json().error.code).toBe('auth/weak-password');
    expect(
      (await call('POST', '/api/settings/password', ada, { currentPassword: PASSWORD })).json().error.code,
    ).toBe('validation');

    const ok = await call('POST', '/api/settings/password', ada, {
      currentPassword: PASSWORD,
      newPassword: 'new passphrase',
    });
    expect(ok.statusCode).toBe(200);
    const fresh = ok.json().data;
    expect((await call('GET', '/api/auth/me', fresh.accessToken)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', ada)).statusCode).toBe(401);
    expect((await call('GET', '/api/auth/me', other.accessToken)).statusCode).toBe(401);
    const refreshOld = await t.app.inject({
      method: 'POST',
      url: '/api/identity/refresh',
      payload: { refreshToken: other.refreshToken },
    });
    expect(refreshOld.statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/identity/refresh',
          payload: { refreshToken: fresh.refreshToken },
        })
      ).statusCode,
    ).toBe(200);
    expect((await login(t, 'ada@example.com', 'new passphrase')).statusCode).toBe(200);
    // Ben is not affected.
    expect((await call('GET', '/api/auth/me', ben)).statusCode).toBe(200);
  });

  it('limits wrong current passwords', async () => {
    for (let i = 0; i < 10; i++)
      await call('POST', '/api/settings/password', ada, {
        currentPassword: `x${i}`,
        newPassword: 'new passphrase',
      });
    const res = await call('POST', '/api/settings/password', ada, {
      currentPassword: PASSWORD,
      newPassword: 'new passphrase',
    });
    expect(res.statusCode).toBe(429);
  });

  it('lists the user’s own security events, newest first, with paging', async () => {
    await login(t, 'ada@example.com', 'wrong');
    await call('POST', '/api/settings/password', ada, {
      currentPassword: 'nope',
      newPassword: 'new passphrase',
    });
    const res = await call('GET', '/api/settings/audit-log', ada);
    expect(res.statusCode).toBe(200);
    const events = res.json().data.items.map((e: { event: string }) => e.event);
    expect(events).toEqual(['login.failure', 'login.success']);
    expect(res.json().data.items[0]).toMatchObject({ ip: '203.0.113.7' });
    const page = await call('GET', '/api/settings/audit-log?limit=1', ada);
    expect(page.json().data.items).toHaveLength(1);
    const next = await call(
      'GET',
      `/api/settings/audit-log?limit=1&before=${page.json().data.nextCursor}`,
      ada,
    );
    expect(next.json().data.items[0].event).toBe('login.success');
    expect((await call('GET', '/api/settings/audit-log?limit=0', ada)).statusCode).toBe(400);
    const bens = (await call('GET', '/api/settings/audit-log', ben)).json().data.items;
    expect(bens.map((e: { event: string }) => e.event)).toEqual(['login.success']);
  });

  it('stores the chosen data-source kinds per user', async () => {
    expect((await call('GET', '/api/user/data-sources', ada)).json()).toEqual({ data: { dataSources: [] } });
    const set = await call('POST', '/api/user/data-sources', ada, {
      dataSources: ['oura', 'garmin', 'oura'],
    });
    expect(set.statusCode).toBe(200);
    expect([...set.json().data.dataSources].sort()).toEqual(['garmin', 'oura']);
    await call('POST', '/api/user/data-sources', ada, { dataSources: ['dexcom'] });
    expect((await call('GET', '/api/user/data-sources', ada)).json().data.dataSources).toEqual(['dexcom']);
    expect((await call('GET', '/api/user/data-sources', ben)).json().data.dataSources).toEqual([]);
    expect((await call('POST', '/api/user/data-sources', ada, { dataSources: 'oura' })).statusCode).toBe(400);
    expect(
      (await call('POST', '/api/user/data-sources', ada, { dataSources: ['Bad Kind!'] })).statusCode,
    ).toBe(400);
    expect((await call('POST', '/api/user/data-sources', ada, {})).statusCode).toBe(400);
  });
});
