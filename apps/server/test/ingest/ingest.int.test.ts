import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { DataSource } from '@healthfolio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, signIn } from '../identity/helpers';

const PUBLIC_URL = 'https://health.example.org';
const REVOKED = 'This ingest URL was revoked or never existed. Make a new one on the Sources page.';
/** What Ada's iPhone posts: a morning of Apple Health data, written from Health Auto Export's docs. */
const automation: unknown = JSON.parse(
  readFileSync(
    join(__dirname, '../../../../packages/importers/src/health-auto-export/fixtures/automation.json'),
    'utf8',
  ),
);

type Auth = Record<string, string>;

/** Every log line the server writes, as text. */
class LogCapture extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}

describe.each(testDialects)('ingest URLs on %s', (dialect) => {
  let t: TestApp;
  let ada: Auth;
  let ben: Auth;
  const logs = new LogCapture();

  beforeAll(async () => {
    t = await createTestApp(
      dialect,
      { PUBLIC_URL, LOG_LEVEL: 'debug' },
      { logStream: logs, insightDebounceMs: 60_000 },
    );
    await createUser(t, 'ada@example.com');
    await createUser(t, 'ben@example.com');
    ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
    ben = bearer((await signIn(t, 'ben@example.com')).accessToken);
  });
  afterAll(() => t.close());

  const connect = async (route: string, auth: Auth, payload: Record<string, unknown> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/integrations/${route}/connect`,
      headers: auth,
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      source: DataSource;
      ingest: { url: string | null; hint: string; received: number; lastUsedAt: string | null };
    };
  };
  /** Posts as a phone would: no session, only the URL. */
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const metric = async (auth: Auth, type: string, extra = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/metrics?type=${type}&from=2024-02-01&to=2024-02-10&tz=America/Los_Angeles${extra}`,
      headers: auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      unit: string;
      items: { value: number; start: string; source: string; device: string | null; sum?: number }[];
    };
  };
  const status = (auth: Auth, route: string) =>
    t.app.inject({ method: 'GET', url: `/api/integrations/${route}/ingest`, headers: auth });

  let adaUrl = '';

  it('connecting Apple Health makes a personal ingest URL, shown once', async () => {
    const first = await connect('healthkit', ada);
    expect(first.source).toMatchObject({ kind: 'apple_healthkit', status: 'connected' });
    expect(first.ingest.url).toMatch(new RegExp(`^${PUBLIC_URL}/api/ingest/[A-Za-z0-9_-]{43}$`));
    adaUrl = first.ingest.url!;
    expect(first.ingest.hint).toBe(adaUrl.slice(-4));
    expect(first.ingest).toMatchObject({ received: 0, lastUsedAt: null });

    const again = await connect('healthkit', ada);
    expect(again.ingest).toMatchObject({ url: null, hint: first.ingest.hint });
    const res = await status(ada, 'healthkit');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ url: null, hint: first.ingest.hint, received: 0 });
    expect(res.body).not.toContain(adaUrl.split('/').pop());
  });

  it('takes a Health Auto Export post: samples of the right kinds, units and times', async () => {
    const res = await post(adaUrl, automation);
    expect(res.statusCode, res.body).toBe(200);
    const receipt = res.json().data;
    // Every reading accounted for: 30 written, 1 refused, 1 of a metric we do not keep (walking_speed).
    expect(receipt).toMatchObject({
      received: 32,
      inserted: 30,
      updated: 0,
      duplicates: 0,
      rejected: 1,
      skipped: 1,
    });
    expect(receipt.issues).toEqual([
      'walking_speed: not a metric Healthfolio keeps; its 1 readings were skipped',
      'step_count[0]: "yesterday" is not a date',
    ]);

    const steps = await metric(ada, 'steps', '&bucket=day');
    expect(steps.items.map((d) => [d.start.slice(0, 10), d.sum])).toEqual([['2024-02-06', 1740]]);
    const raw = await metric(ada, 'steps');
    expect(raw.items[0]).toMatchObject({
      start: '2024-02-06T08:00:00.000-08:00',
      source: 'apple_healthkit',
      device: "Ada's Apple Watch",
    });
    const weight = await metric(ada, 'weight');
    expect(weight.unit).toBe('kg');
    expect(weight.items[0]!.value).toBeCloseTo(69.99, 1);
    expect(weight.items[0]!.device).toBe('Withings Body+');
    const bp = await metric(ada, 'blood_pressure');
    expect(bp.items[0]).toMatchObject({ systolic: 118, diastolic: 76 });
    const sleep = await metric(ada, 'sleep_duration');
    expect(sleep.items[0]).toMatchObject({ value: 7.25, start: '2024-02-05T23:10:00.000-08:00' });
    const workout = await metric(ada, 'workout');
    expect(workout.items[0]).toMatchObject({ value: 30 });

    const after = (await status(ada, 'healthkit')).json().data;
    expect(after.received).toBe(32);
    expect(after.lastUsedAt).not.toBeNull();
    const list = await t.app.inject({ method: 'GET', url: '/api/data-sources', headers: ada });
    const card = (list.json().data.items as DataSource[]).find((s) => s.kind === 'apple_healthkit');
    expect(card?.lastSync).toBe(after.lastUsedAt);
  });

  it('a resend of the same period adds nothing', async () => {
    const res = await post(adaUrl, automation);
    expect(res.json().data).toMatchObject({ received: 32, inserted: 0, duplicates: 30 });
    const steps = await metric(ada, 'steps', '&bucket=day');
    expect(steps.items[0]!.sum).toBe(1740);
  });

  it('takes a post far larger than the API’s usual 1 MB: two weeks of minute-level steps', async () => {
    const start = Date.parse('2024-03-01T00:00:00Z');
    const data = Array.from({ length: 20_160 }, (_, i) => ({
      date: new Date(start + i * 60_000).toISOString().replace('T', ' ').replace('.000Z', ' +0000'),
      qty: 10 + (i % 7),
      source: "Ada's Apple Watch",
    }));
    const body = { data: { metrics: [{ name: 'step_count', units: 'count', data }] } };
    expect(JSON.stringify(body).length).toBeGreaterThan(t.config.bodyLimitBytes);
    const res = await post(adaUrl, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ received: 20_160, inserted: 20_160, rejected: 0 });
  });

  it('refuses a post above 16 MB with 413 before reading it, and the server keeps serving', async () => {
    const huge = JSON.stringify({ samples: [], padding: 'x'.repeat(17 * 1024 * 1024) });
    const res = await t.app.inject({
      method: 'POST',
      url: new URL(adaUrl).pathname,
      headers: { 'content-type': 'application/json' },
      payload: huge,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('takes our own JSON, with the bearer form too, and says which sample was wrong', async () => {
    const token = adaUrl.split('/').pop()!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ingest',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        samples: [
          { type: 'body_mass', value: 160, unit: 'lb', start: '2024-02-08T07:30:00-08:00', id: 'scale-1' },
          { type: 'weight', value: 'heavy', start: '2024-02-08T07:30:00-08:00' },
          { type: 'zodiac_sign', value: 3, start: '2024-02-08T07:30:00-08:00' },
        ],
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const receipt = res.json().data;
    expect(receipt).toMatchObject({ received: 3, inserted: 1, duplicates: 0, rejected: 2 });
    expect(receipt.issues[0]).toMatch(/^samples\[1\]\.value: /);
    expect(receipt.issues[1]).toMatch(/zodiac_sign/);
    const weight = await metric(ada, 'weight');
    expect(weight.items.map((w) => Math.round(w.value * 10) / 10)).toEqual([70, 72.6]);
  });

  it('refuses bodies that are not JSON or neither format, naming both formats', async () => {
    const bad = await post(adaUrl, '{"data": {"metrics": [');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/not valid JSON.*Health Auto Export.*Healthfolio's own JSON/);

    const neither = await post(adaUrl, { hello: 'world' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().error.message).toMatch(/neither format.*Health Auto Export.*"samples"/);

    const csv = await post(adaUrl, 'date,qty\n2024-02-06,1', {
      'content-type': 'multipart/form-data; boundary=x',
    });
    expect(csv.statusCode).toBe(415);
    expect(csv.json().error).toMatchObject({ code: 'unsupported_media_type' });
    expect(csv.json().error.message).toMatch(/choose JSON as the export format/);
  });

  it('an unknown token is refused with a way out', async () => {
    const res = await post(`${PUBLIC_URL}/api/ingest/${'x'.repeat(43)}`, automation);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'unauthorized', message: REVOKED });
    const none = await t.app.inject({ method: 'POST', url: '/api/ingest', payload: {} });
    expect(none.statusCode).toBe(401);
  });

  it('a token only ever writes to its owner; others see neither the data nor the URL', async () => {
    expect((await metric(ben, 'steps')).items).toEqual([]);
    expect((await status(ben, 'healthkit')).statusCode).toBe(404);
    const rotate = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/healthkit/ingest/rotate',
      headers: ben,
    });
    expect(rotate.statusCode).toBe(409);
    // Ben's own URL writes to Ben, whatever Ada's holds.
    const benUrl = (await connect('healthkit', ben)).ingest.url!;
    expect(benUrl).not.toBe(adaUrl);
    const res = await post(benUrl, automation);
    expect(res.json().data.inserted).toBe(30);
    expect((await metric(ben, 'steps', '&bucket=day')).items[0]!.sum).toBe(1740);
    expect((await metric(ada, 'weight')).items).toHaveLength(2);
  });

  it('rotating revokes the old URL at once; the new one works', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/healthkit/ingest/rotate',
      headers: ada,
    });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json().data;
    expect(fresh.url).toMatch(/\/api\/ingest\/[A-Za-z0-9_-]{43}$/);
    expect(fresh.url).not.toBe(adaUrl);
    expect(fresh.received).toBe(0);
    const old = await post(adaUrl, automation);
    expect(old.statusCode).toBe(401);
    expect(old.json().error.message).toBe(REVOKED);
    expect((await post(fresh.url, automation)).json().data.duplicates).toBe(30);
    adaUrl = fresh.url;
  });

  it('disconnecting revokes the URL; reconnecting makes a new one', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/healthkit/disconnect',
      headers: ada,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await post(adaUrl, automation)).statusCode).toBe(401);
    expect((await status(ada, 'healthkit')).statusCode).toBe(404);
    // The data stays (disconnect keeps it unless asked).
    expect((await metric(ada, 'steps')).items.length).toBe(3);
    const again = await connect('healthkit', ada);
    expect(again.ingest.url).toMatch(/\/api\/ingest\//);
    expect(again.ingest.url).not.toBe(adaUrl);
  });

  it('Health Connect connects the same way and writes under its own source', async () => {
    const { source, ingest } = await connect('google-health', ada);
    expect(source).toMatchObject({ kind: 'google_health_connect', status: 'connected' });
    const res = await post(ingest.url!, {
      samples: [{ type: 'steps', value: 5000, start: '2024-02-09T09:00:00-08:00', device: 'Pixel 8' }],
    });
    expect(res.json().data.inserted).toBe(1);
    const steps = await metric(ada, 'steps', '&source=google_health_connect');
    expect(steps.items).toHaveLength(1);
    expect(steps.items[0]).toMatchObject({ value: 5000, source: 'google_health_connect', device: 'Pixel 8' });
  });

  it('a generic kind needs a name, shows it in the list, and takes data under its kind', async () => {
    const nameless = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/medical_device/connect',
      headers: ada,
      payload: {},
    });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().error.message).toMatch(/^name: /);

    const { source, ingest } = await connect('medical_device', ada, { name: 'Omron cuff' });
    expect(source).toMatchObject({ kind: 'medical_device', status: 'connected', customName: 'Omron cuff' });
    const list = await t.app.inject({ method: 'GET', url: '/api/data-sources', headers: ada });
    const items = list.json().data.items as DataSource[];
    expect(items.find((s) => s.kind === 'medical_device')?.customName).toBe('Omron cuff');
    expect(items.find((s) => s.kind === 'sleep_tracker')?.customName).toBeNull();

    // A reading's two halves share the sender's id, so they are answered as one blood pressure.
    const res = await post(ingest.url!, {
      samples: [
        { type: 'blood_pressure_systolic', value: 124, start: '2024-02-09T08:00:00-08:00', id: 'r1' },
        { type: 'blood_pressure_diastolic', value: 81, start: '2024-02-09T08:00:00-08:00', id: 'r1' },
      ],
    });
    expect(res.json().data.inserted).toBe(2);
    const bp = await metric(ada, 'blood_pressure', '&source=medical_device');
    expect(bp.items[0]).toMatchObject({ systolic: 124, diastolic: 81, source: 'medical_device' });
  });

  it('no token ever reaches a log line', async () => {
    // Other methods on an ingest URL answer too, rather than logging "route not found" with the token.
    const get = await t.app.inject({ method: 'GET', url: new URL(adaUrl).pathname });
    expect(get.statusCode).toBe(405);
    await new Promise((resolve) => setImmediate(resolve));
    expect(logs.text).toContain('/api/ingest/[redacted]');
    const tokens = [...logs.text.matchAll(/"url":"([^"]*)"/g)].map((m) => m[1]!);
    expect(tokens.some((u) => u.startsWith('/api/ingest/'))).toBe(true);
    for (const url of tokens.filter((u) => u.startsWith('/api/ingest/'))) {
      expect(url).toBe('/api/ingest/[redacted]');
    }
    expect(logs.text).not.toContain(adaUrl.split('/').pop());
    expect(logs.text).not.toMatch(/\/api\/ingest\/[A-Za-z0-9_-]{43}/);
  });
});
