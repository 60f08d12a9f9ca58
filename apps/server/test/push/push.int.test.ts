import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/modules/metrics/time';
import type { NewSample } from '../../src/modules/metrics/sample-row';
import { loadVapidKeys } from '../../src/modules/push/vapid';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, FakeClock, signIn } from '../identity/helpers';
import { NOW } from '../metrics/helpers';
import { SampleWriter } from '../../src/modules/metrics/write/sample-writer';
import { startFakePushService, type FakeBrowser } from './fake-push-service';

type Auth = { authorization: string };

const ldl: NewSample = {
  kind: 'ldl_cholesterol',
  start: NOW - 10 * DAY_MS,
  value: 190,
  unit: 'mg/dL',
  source: 'quest_diagnostics',
  flag: 'high',
  meta: { referenceRange: { high: 100 }, name: 'LDL-Cholesterol', lab: 'Quest Diagnostics' },
};

describe('VAPID keys', () => {
  it('are made once on the first start, kept in DATA_DIR readable by the owner only, and read back', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-vapid-'));
    const options = {
      dataDir,
      publicUrl: 'http://localhost:8080',
      mailFrom: 'Healthfolio <ops@example.org>',
    };
    const first = loadVapidKeys(options);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(first.subject).toBe('mailto:ops@example.org');
    const file = path.join(dataDir, 'vapid.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadVapidKeys(options)).toEqual(first);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('come from the environment when both are given, and refuse one without the other', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-vapid-'));
    const base = { dataDir, publicUrl: 'https://health.example.org', mailFrom: 'x@example.org' };
    expect(loadVapidKeys({ ...base, publicKey: 'pub', privateKey: 'priv' })).toEqual({
      publicKey: 'pub',
      privateKey: 'priv',
      subject: 'https://health.example.org',
    });
    expect(fs.existsSync(path.join(dataDir, 'vapid.json'))).toBe(false);
    expect(() => loadVapidKeys({ ...base, publicKey: 'pub' })).toThrow(
      /both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/,
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe.each(testDialects)('Web Push on %s', (dialect) => {
  let t: TestApp;
  let clock: FakeClock;
  let ada: Auth;
  let ben: Auth;
  let adaId: string;
  let service: Awaited<ReturnType<typeof startFakePushService>>;
  let phone: FakeBrowser;
  let laptop: FakeBrowser;

  beforeAll(async () => {
    service = await startFakePushService();
    clock = new FakeClock(NOW);
    t = await createTestApp(
      dialect,
      { PUSH_ALLOW_PRIVATE: 'true', MAIL_FROM: 'Healthfolio <ops@example.org>' },
      { now: clock.now },
    );
    adaId = (await createUser(t, 'ada@example.com')).id;
    await createUser(t, 'ben@example.com');
    ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
    ben = bearer((await signIn(t, 'ben@example.com')).accessToken);
    phone = service.browser();
    laptop = service.browser();
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });

  const send = (method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, auth: Auth, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  const subscription = (b: FakeBrowser) => ({ endpoint: b.endpoint, keys: b.keys });

  it('answers the public key to subscribe with, and no browsers yet', async () => {
    const res = await send('GET', '/api/push', ada);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { publicKey, endpoints } = res.json().data;
    expect(publicKey).toBe(
      JSON.parse(fs.readFileSync(path.join(t.config.dataDir, 'vapid.json'), 'utf8')).publicKey,
    );
    expect(endpoints).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/push' })).statusCode).toBe(401);
  });

  it('refuses a subscription that is not one, in words', async () => {
    const bad = await send('POST', '/api/push/subscriptions', ada, {
      endpoint: phone.endpoint,
      keys: { p256dh: phone.keys.p256dh.slice(0, 20), auth: phone.keys.auth },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('keys.p256dh: This is not a P-256 public key.');
    const noKeys = await send('POST', '/api/push/subscriptions', ada, { endpoint: phone.endpoint });
    expect(noKeys.statusCode).toBe(400);
  });

  it('subscribes two browsers and sends a test message to each, encrypted for it and signed with VAPID', async () => {
    for (const b of [phone, laptop]) {
      const res = await send('POST', '/api/push/subscriptions', ada, subscription(b));
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await send('GET', '/api/push', ada)).json().data.endpoints).toEqual([
      phone.endpoint,
      laptop.endpoint,
    ]);
    const res = await send('POST', '/api/push/test', ada);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ sent: 2, removed: 0, failed: 0 });
    const received = await service.waitFor(2);
    const publicKey = (await send('GET', '/api/push', ada)).json().data.publicKey;
    for (const message of received) {
      expect(JSON.parse(message.plaintext)).toEqual({
        kind: 'test',
        title: 'Healthfolio notifications work',
        body: 'This browser will tell you about new insights and goal reminders.',
        url: '/settings',
      });
      expect(message.vapid).toMatchObject({ aud: service.origin, sub: 'mailto:ops@example.org', publicKey });
      // RFC 8292: at most 24 h ahead. web-push signs with the wall clock, not the server's test clock.
      expect(message.vapid.exp * 1000 - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);
      expect(message.vapid.exp * 1000).toBeGreaterThan(Date.now());
      expect(message.headers).toMatchObject({ ttl: '86400', urgency: 'normal', topic: 'test' });
      // Nothing a push service could read about the person travels in the clear.
      expect(JSON.stringify(message.headers)).not.toContain('ada');
    }
    expect(new Set(received.map((m) => m.path))).toEqual(
      new Set([new URL(phone.endpoint).pathname, new URL(laptop.endpoint).pathname]),
    );
  });

  it("keeps each person's browsers their own: Ben cannot remove Ada's, nor message them", async () => {
    const res = await send('DELETE', '/api/push/subscriptions', ben, { endpoint: phone.endpoint });
    expect(res.statusCode).toBe(404);
    expect((await send('GET', '/api/push', ben)).json().data.endpoints).toEqual([]);
    expect((await send('POST', '/api/push/test', ben)).json().data).toEqual({
      sent: 0,
      removed: 0,
      failed: 0,
    });
  });

  it('sends an insight alert when a new warning is found — no value, no title on the lock screen', async () => {
    const before = service.received.length;
    await new SampleWriter(t.db, t.bulk).writeOnce(adaId, [ldl]);
    expect((await send('POST', '/api/insights/refresh', ada)).statusCode).toBe(200);
    const received = (await service.waitFor(before + 2)).slice(before);
    for (const message of received) {
      const shown = JSON.parse(message.plaintext);
      expect(shown).toEqual({
        kind: 'insight-alert',
        // One message for the run, however many warnings it found ("A new insight", "2 new insights").
        title: expect.stringMatching(/^(A new insight|[2-9] new insights)$/),
        body: 'Something in your recent data stands out. Open Healthfolio to see what.',
        url: '/insights',
      });
      expect(message.plaintext).not.toMatch(/190|LDL|cholesterol/i);
    }
  });

  it('removes a browser whose push service answers 410 Gone', async () => {
    service.expire(laptop.endpoint);
    const res = await send('POST', '/api/push/test', ada);
    expect(res.json().data).toEqual({ sent: 1, removed: 1, failed: 0 });
    expect((await send('GET', '/api/push', ada)).json().data.endpoints).toEqual([phone.endpoint]);
  });

  it('sends the daily goal reminder by push when push is on and email is off', async () => {
    await send('PUT', '/api/settings', ada, { notifications: { emailNotifications: false } });
    // 3 000 steps this morning: after the next midnight, a missed day of a 10 000 a day goal.
    const steps: NewSample[] = [
      { kind: 'steps', start: NOW - 3 * 3_600_000, end: NOW - 2 * 3_600_000, value: 3000, source: 'garmin' },
    ];
    await new SampleWriter(t.db, t.bulk).writeOnce(adaId, steps);
    const goal = await send('POST', '/api/goals', ada, {
      metric: 'steps',
      target: 10_000,
      direction: 'at_least',
      period: 'daily',
    });
    expect(goal.statusCode, goal.body).toBe(201);
    await t.insightJobs.idle();
    const before = service.received.length;
    clock.advance(DAY_MS + 3_600_000);
    await t.insightJobs.runDaily();
    await t.insightJobs.idle();
    const [reminder] = (await service.waitFor(before + 1)).slice(before);
    // A day later the session's access token has expired: Ada signs in again.
    ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
    expect(JSON.parse(reminder!.plaintext)).toEqual({
      kind: 'goal-reminder',
      title: 'Goal reminder',
      body: 'You missed one of your daily goals yesterday.',
      url: '/goals',
    });
  });

  it('sends nothing once push notifications are off', async () => {
    await send('PUT', '/api/settings', ada, { notifications: { pushNotifications: false } });
    const before = service.received.length;
    const criticalBefore = (await send('GET', '/api/insights?severity=critical', ada)).json().data.items
      .length;
    // A new high lab value: a new critical finding, which would be a push message with push on.
    await new SampleWriter(t.db, t.bulk).writeOnce(adaId, [
      {
        ...ldl,
        kind: 'triglycerides',
        value: 420,
        start: NOW - 3 * DAY_MS,
        meta: { referenceRange: { high: 150 }, name: 'Triglycerides', lab: 'Quest Diagnostics' },
      },
    ]);
    await send('POST', '/api/insights/refresh', ada);
    const critical = (await send('GET', '/api/insights?severity=critical', ada)).json().data.items.length;
    expect(critical).toBe(criticalBefore + 1);
    clock.advance(DAY_MS);
    await t.insightJobs.runDaily();
    await t.insightJobs.idle();
    expect(service.received.length).toBe(before);
    ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
  });

  it('unsubscribes a browser by its endpoint', async () => {
    const res = await send('DELETE', '/api/push/subscriptions', ada, { endpoint: phone.endpoint });
    expect(res.statusCode).toBe(204);
    expect((await send('GET', '/api/push', ada)).json().data.endpoints).toEqual([]);
  });
});

describe.each(testDialects)('push endpoints without PUSH_ALLOW_PRIVATE on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await createUser(t, 'ada@example.com');
  });
  afterAll(() => t.close());

  it('takes https push services only, never a loopback or private address', async () => {
    const auth = bearer((await signIn(t, 'ada@example.com')).accessToken);
    const keys = {
      p256dh: Buffer.alloc(65, 4).toString('base64url'),
      auth: Buffer.alloc(16, 1).toString('base64url'),
    };
    const post = (endpoint: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: auth,
        payload: { endpoint, keys },
      });
    const http = await post('http://push.example.org/x');
    expect(http.statusCode).toBe(400);
    expect(http.json().error.message).toBe('endpoint: A push service is reached over https only.');
    for (const endpoint of ['https://127.0.0.1/x', 'https://10.0.0.8/x', 'https://localhost/x']) {
      const res = await post(endpoint);
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().error.message).toMatch(/private or loopback/);
    }
    expect((await post('https://fcm.googleapis.com/fcm/send/abc')).statusCode).toBe(201);
  });
});
