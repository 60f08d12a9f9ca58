import type { CreatedWebhook, Webhook, WebhookDelivery } from '@healthfolio/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DISABLE_AFTER_MS, RETRY_DELAYS_MS } from '../../src/modules/webhooks/webhook-delivery';
import { checkWebhookUrl, postWebhook } from '../../src/modules/webhooks/webhook-target';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, FakeClock, readOutbox, signIn } from '../identity/helpers';
import { startReceiver, verifyStandardWebhook } from './receiver';

type Auth = Record<string, string>;

describe.each(testDialects)('outgoing webhooks on %s', (dialect) => {
  let t: TestApp;
  let ada: Auth;
  let ben: Auth;
  const clock = new FakeClock(Date.parse('2026-11-22T12:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp(
      dialect,
      { WEBHOOKS_ALLOW_PRIVATE: 'true' },
      { now: clock.now, webhookCheckMs: 0 },
    );
    await createUser(t, 'ada@example.com');
    await createUser(t, 'ben@example.com');
  });
  // The fake clock runs past a session's hour: each test signs in at its own time.
  beforeEach(async () => {
    ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
    ben = bearer((await signIn(t, 'ben@example.com')).accessToken);
  });
  afterAll(() => t.close());

  const create = async (auth: Auth, url: string, events = ['sync.finished']) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: auth,
      payload: { url, events },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { data: CreatedWebhook }).data;
  };
  const deliveries = async (id: string, auth = ada) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/webhooks/${id}/deliveries`, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: WebhookDelivery[] }).data;
  };
  const sendTest = async (id: string) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/webhooks/${id}/test`, headers: ada });
    expect(res.statusCode, res.body).toBe(202);
    await t.webhookDelivery.idle();
  };

  it('signs a test event per Standard Webhooks, checked by an independent verifier', async () => {
    const receiver = await startReceiver();
    try {
      const hook = await create(ada, receiver.url, ['sync.finished', 'samples.created']);
      expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
      expect(hook).toMatchObject({ url: receiver.url, status: 'active', includeValues: false });

      // The secret is answered once: never listed, and stored sealed.
      const list = await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: ada });
      expect(list.body).not.toContain(hook.secret);
      expect((list.json() as { data: Webhook[] }).data.map((w) => w.id)).toEqual([hook.id]);
      const stored = await t.db.kysely.selectFrom('webhooks').select('secret').executeTakeFirstOrThrow();
      expect(stored.secret).not.toContain(hook.secret.slice(6));

      await sendTest(hook.id);
      expect(receiver.received).toHaveLength(1);
      const message = receiver.received[0]!;
      expect(verifyStandardWebhook(hook.secret, message)).toBe(true);
      // A forged body with the same headers fails the same verifier.
      expect(
        verifyStandardWebhook(hook.secret, { ...message, body: message.body.replace('test', 'tost') }),
      ).toBe(false);
      expect(message.headers['webhook-timestamp']).toBe(String(Math.floor(clock.ms / 1000)));
      expect(JSON.parse(message.body)).toEqual({
        type: 'webhook.test',
        timestamp: new Date(clock.ms).toISOString(),
        data: { message: 'A test event from Healthfolio.' },
      });
      const [delivery] = await deliveries(hook.id);
      expect(delivery).toMatchObject({
        id: message.headers['webhook-id'],
        event: 'webhook.test',
        status: 'delivered',
        attempts: 1,
        statusCode: 200,
        error: null,
      });
    } finally {
      await receiver.close();
    }
  });

  it('retries a 500 with backoff and stops once delivered', async () => {
    const receiver = await startReceiver([500, 500]);
    try {
      const hook = await create(ada, receiver.url);
      await sendTest(hook.id);
      expect(receiver.received).toHaveLength(1);
      let [delivery] = await deliveries(hook.id);
      expect(delivery).toMatchObject({ status: 'pending', attempts: 1, statusCode: 500 });
      expect(delivery!.error).toBe('The receiver answered 500.');
      expect(delivery!.nextAttemptAt).toBe(new Date(clock.ms + RETRY_DELAYS_MS[0]!).toISOString());

      // Not before it is due.
      await t.webhookDelivery.deliverDue();
      expect(receiver.received).toHaveLength(1);

      clock.advance(RETRY_DELAYS_MS[0]!);
      await t.webhookDelivery.deliverDue();
      [delivery] = await deliveries(hook.id);
      expect(delivery).toMatchObject({ status: 'pending', attempts: 2, statusCode: 500 });
      expect(delivery!.nextAttemptAt).toBe(new Date(clock.ms + RETRY_DELAYS_MS[1]!).toISOString());

      clock.advance(RETRY_DELAYS_MS[1]!);
      await t.webhookDelivery.deliverDue();
      ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
      [delivery] = await deliveries(hook.id);
      expect(delivery).toMatchObject({
        status: 'delivered',
        attempts: 3,
        statusCode: 200,
        nextAttemptAt: null,
      });

      clock.advance(DISABLE_AFTER_MS);
      await t.webhookDelivery.deliverDue();
      expect(receiver.received).toHaveLength(3);
      // Every attempt is the same message (same id and body), signed again at its own time.
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
      expect(receiver.received.every((r) => verifyStandardWebhook(hook.secret, r))).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it('turns a webhook off after a day of failures and tells its owner by mail', async () => {
    const receiver = await startReceiver(Array(20).fill(503));
    try {
      const hook = await create(ada, receiver.url);
      await sendTest(hook.id);
      for (const delay of RETRY_DELAYS_MS) {
        clock.advance(delay);
        await t.webhookDelivery.deliverDue();
      }
      ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
      const [first] = await deliveries(hook.id);
      expect(first).toMatchObject({
        status: 'failed',
        attempts: RETRY_DELAYS_MS.length + 1,
        statusCode: 503,
      });
      clock.advance(DISABLE_AFTER_MS - RETRY_DELAYS_MS.reduce((a, b) => a + b, 0));
      ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
      await sendTest(hook.id);
      const list = (await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: ada })).json() as {
        data: Webhook[];
      };
      expect(list.data.find((w) => w.id === hook.id)?.status).toBe('disabled');
      const mail = await readOutbox(t, 'webhook-disabled');
      expect(mail.to).toBe('ada@example.com');
      expect(mail.body).toContain(receiver.url);
      const off = await t.app.inject({ method: 'POST', url: `/api/webhooks/${hook.id}/test`, headers: ada });
      expect(off.statusCode).toBe(409);
    } finally {
      await receiver.close();
    }
  });

  it("answers 404 for another person's webhook, as for an unknown one", async () => {
    const hook = await create(ada, 'https://hooks.example.com/healthfolio');
    for (const [method, url] of [
      ['GET', `/api/webhooks/${hook.id}/deliveries`],
      ['POST', `/api/webhooks/${hook.id}/test`],
      ['DELETE', `/api/webhooks/${hook.id}`],
      ['DELETE', '/api/webhooks/no-such-webhook'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: ben });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Webhook not found' } });
    }
    const list = (await t.app.inject({ method: 'GET', url: '/api/webhooks', headers: ben })).json();
    expect(list).toEqual({ data: [] });
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/webhooks/${hook.id}`, headers: ada });
    expect(gone.statusCode).toBe(204);
  });
});

describe.each(testDialects)('webhook addresses on %s, without WEBHOOKS_ALLOW_PRIVATE', (dialect) => {
  let t: TestApp;
  let ada: Auth;
  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { webhookCheckMs: 0 });
    await createUser(t, 'ada@example.com');
    ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
  });
  afterAll(() => t.close());

  it('refuses plain http and private, loopback and link-local addresses', async () => {
    const cases: [string, string][] = [
      ['http://hooks.example.com/x', 'url: Webhooks are sent to https URLs only.'],
      [
        'https://127.0.0.1/x',
        'url: This address is private, loopback or link-local, which this server does not call.',
      ],
      [
        'https://localhost/x',
        'url: This address is private, loopback or link-local, which this server does not call.',
      ],
      [
        'https://[::1]/x',
        'url: This address is private, loopback or link-local, which this server does not call.',
      ],
      [
        'https://169.254.169.254/latest',
        'url: This address is private, loopback or link-local, which this server does not call.',
      ],
      [
        'https://10.1.2.3/x',
        'url: This address is private, loopback or link-local, which this server does not call.',
      ],
      ['https://user:pw@hooks.example.com/x', 'url: A webhook URL may not carry a user name or password.'],
    ];
    for (const [url, message] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: ada,
        payload: { url, events: ['import.finished'] },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toEqual({ code: 'validation', message });
    }
  });

  it('checks the address again when delivering', async () => {
    await expect(checkWebhookUrl('https://93.184.216.34/x', false)).resolves.toBeInstanceOf(URL);
    await expect(
      postWebhook(new URL('https://127.0.0.1:9/x'), {}, '{}', { allowPrivate: false, timeoutMs: 1000 }),
    ).rejects.toThrow('The address is private, loopback or link-local, which this server does not call.');
    // A name is resolved for the connection itself, and each of its addresses checked.
    await expect(
      postWebhook(new URL('http://localhost:9/x'), {}, '{}', { allowPrivate: false, timeoutMs: 1000 }),
    ).rejects.toThrow('This address is private, loopback or link-local, which this server does not call.');
  });
});
