import type { Session, SessionInfo } from '@healthfolio/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, FakeClock, PASSWORD, readOutbox } from './helpers';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe.each(testDialects)('sessions and devices on %s', (dialect) => {
  let t: TestApp;
  let clock: FakeClock;
  beforeEach(async () => {
    clock = new FakeClock();
    t = await createTestApp(dialect, {}, { now: clock.now });
    await createUser(t, 'ada@example.com');
    await createUser(t, 'ben@example.com');
  });
  afterEach(() => t.close());

  async function signInFrom(email: string, agent: string, ip: string): Promise<Session> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identity/login',
      payload: { email, password: PASSWORD },
      headers: { 'user-agent': agent },
      remoteAddress: ip,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: Session }).data;
  }
  const list = async (s: Session) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/identity/sessions',
      headers: bearer(s.accessToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: SessionInfo[] }).data;
  };
  const me = (s: Session) =>
    t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(s.accessToken) });
  const refresh = (s: Session) =>
    t.app.inject({ method: 'POST', url: '/api/identity/refresh', payload: { refreshToken: s.refreshToken } });

  it('lists each signed-in device with browser, system, network, first and last seen', async () => {
    const laptop = await signInFrom('ada@example.com', FIREFOX_WINDOWS, '203.0.113.7');
    clock.advance(60_000);
    const phone = await signInFrom('ada@example.com', CHROME_ANDROID, '192.168.1.20');
    clock.advance(60_000);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/identity/refresh',
      payload: { refreshToken: laptop.refreshToken },
      headers: { 'user-agent': FIREFOX_WINDOWS },
      remoteAddress: '203.0.113.7',
    });
    expect(refreshed.statusCode).toBe(200);

    const sessions = await list(phone);
    expect(sessions).toEqual([
      {
        id: expect.any(String),
        current: false,
        device: 'Firefox on Windows',
        place: '203.0.113.x',
        browser: 'Firefox',
        system: 'Windows',
        network: 'public',
        networkPrefix: '203.0.113.x',
        createdAt: '2026-03-01T09:00:00.000Z',
        lastSeenAt: '2026-03-01T09:02:00.000Z',
      },
      {
        id: expect.any(String),
        current: true,
        device: 'Chrome on Android',
        place: 'Local network',
        browser: 'Chrome',
        system: 'Android',
        network: 'local',
        networkPrefix: null,
        createdAt: '2026-03-01T09:01:00.000Z',
        lastSeenAt: '2026-03-01T09:01:00.000Z',
      },
    ]);
    // Ben sees only his own.
    const ben = await signInFrom('ben@example.com', FIREFOX_WINDOWS, '203.0.113.9');
    expect((await list(ben)).map((s) => s.current)).toEqual([true]);
  });

  it('gives each session its device and network as parts beside their English words', async () => {
    const IPHONE =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
    const from: [string, string][] = [
      [CHROME_ANDROID, '127.0.0.1'],
      [FIREFOX_WINDOWS, '10.0.0.5'],
      [IPHONE, '100.72.1.2'],
      ['curl/8.5.0', '2001:db8:85a3::8a2e:370:7334'],
      ['Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X)', '::1'],
      ['SomethingElse/1.0', 'fd12:3456::1'],
    ];
    let last: Session | undefined;
    for (const [agent, ip] of from) {
      last = await signInFrom('ada@example.com', agent, ip);
      clock.advance(60_000);
    }
    const parts = (await list(last!)).map(({ device, place, browser, system, network, networkPrefix }) => ({
      device,
      place,
      browser,
      system,
      network,
      networkPrefix,
    }));
    expect(parts).toEqual([
      {
        device: 'Unknown device',
        place: 'Local network',
        browser: null,
        system: null,
        network: 'local',
        networkPrefix: null,
      },
      {
        device: 'Browser on iOS',
        place: 'This computer',
        browser: null,
        system: 'iOS',
        network: 'this-computer',
        networkPrefix: null,
      },
      {
        device: 'curl',
        place: '2001:db8:85a3::/48',
        browser: 'curl',
        system: null,
        network: 'public',
        networkPrefix: '2001:db8:85a3::/48',
      },
      {
        device: 'Safari on iOS',
        place: 'Carrier network',
        browser: 'Safari',
        system: 'iOS',
        network: 'carrier',
        networkPrefix: null,
      },
      {
        device: 'Firefox on Windows',
        place: 'Local network',
        browser: 'Firefox',
        system: 'Windows',
        network: 'local',
        networkPrefix: null,
      },
      {
        device: 'Chrome on Android',
        place: 'This computer',
        browser: 'Chrome',
        system: 'Android',
        network: 'this-computer',
        networkPrefix: null,
      },
    ]);
  });

  it('ends another session at once: its access token and refresh token stop working', async () => {
    const laptop = await signInFrom('ada@example.com', FIREFOX_WINDOWS, '203.0.113.7');
    const phone = await signInFrom('ada@example.com', CHROME_ANDROID, '203.0.113.8');
    const phoneId = (await list(laptop)).find((s) => !s.current)!.id;

    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/identity/sessions/${phoneId}`,
      headers: bearer(laptop.accessToken),
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ data: { ended: 1 } });

    const meRes = await me(phone);
    expect(meRes.statusCode).toBe(401);
    expect(meRes.json()).toEqual({
      error: { code: 'unauthorized', message: 'Your session has expired. Please sign in again.' },
    });
    expect((await refresh(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
    expect((await list(laptop)).map((s) => s.device)).toEqual(['Firefox on Windows']);
  });

  it("answers another person's session id exactly like an unknown one, and leaves it signed in", async () => {
    const ada = await signInFrom('ada@example.com', FIREFOX_WINDOWS, '203.0.113.7');
    const ben = await signInFrom('ben@example.com', FIREFOX_WINDOWS, '203.0.113.9');
    const adaId = (await list(ada))[0]!.id;
    const del = (id: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/identity/sessions/${id}`,
        headers: bearer(ben.accessToken),
      });
    const foreign = await del(adaId);
    const unknown = await del('00000000-0000-4000-8000-000000000000');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: { code: 'not_found', message: 'Session not found' } });
    expect(unknown.statusCode).toBe(404);
    expect(foreign.body).toBe(unknown.body);
    expect((await me(ada)).statusCode).toBe(200);
  });

  it('signs out everywhere: every session of the account ends, this one included', async () => {
    const laptop = await signInFrom('ada@example.com', FIREFOX_WINDOWS, '203.0.113.7');
    const phone = await signInFrom('ada@example.com', CHROME_ANDROID, '203.0.113.8');
    const ben = await signInFrom('ben@example.com', FIREFOX_WINDOWS, '203.0.113.9');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identity/logout-everywhere',
      headers: bearer(phone.accessToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { ended: 2 } });
    for (const s of [laptop, phone]) {
      expect((await me(s)).statusCode).toBe(401);
      expect((await refresh(s)).statusCode).toBe(401);
    }
    expect((await me(ben)).statusCode).toBe(200);
  });

  it('mails a sign-in from a new device, not from a known one, and not when notifications are off', async () => {
    const first = await signInFrom('ada@example.com', FIREFOX_WINDOWS, '203.0.113.7');
    await signInFrom('ada@example.com', FIREFOX_WINDOWS.replace('133.0', '134.0'), '203.0.113.8');
    await expect(readOutbox(t, 'new-device')).rejects.toThrow('no new-device mail');

    await signInFrom('ada@example.com', CHROME_ANDROID, '198.51.100.23');
    const mail = await readOutbox(t, 'new-device');
    expect(mail.to).toBe('ada@example.com');
    expect(mail.body).toContain('Chrome on Android\n198.51.100.x\n2026-03-01 09:00 UTC');
    expect(mail.body).toContain(`${t.config.publicUrl}/settings#sessions`);
    expect(mail.files).toHaveLength(1);

    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(first.accessToken),
      payload: { settings: { notifications: { emailNotifications: false } } },
    });
    expect(off.statusCode, off.body).toBe(200);
    await signInFrom(
      'ada@example.com',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      '198.51.100.24',
    );
    expect((await readOutbox(t, 'new-device')).files).toHaveLength(1);
  });
});
