import { createHmac } from 'node:crypto';
import type { SyncStats } from '@healthfolio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CLIENT } from '../../src/modules/sources/endpoints';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, signIn } from '../identity/helpers';
import { allowAtConsent } from '../sources/helpers';
import { freePort } from './push-helpers';

/**
 * The sandbox providers mounted on this server push too: connecting a sandbox WHOOP or Garmin sets the
 * webhook URL at the sandbox's stand-in for the provider's developer portal, and what the sandbox signs
 * with its client secret is taken as the provider's.
 */
describe.each(testDialects)('sandbox providers that push on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let ada: Record<string, string>;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp(dialect, { PUBLIC_URL: base });
    await t.app.listen({ host: '127.0.0.1', port });
    await createUser(t, 'ada@example.com');
    ada = bearer((await signIn(t)).accessToken);
  });
  afterAll(() => t.close());

  const connectSandbox = async (kind: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/integrations/oauth/${kind}`, headers: ada });
    expect(res.statusCode, res.body).toBe(200);
    const consent = new URL(res.json().data.url as string);
    expect(consent.pathname).toMatch(new RegExp(`^/sandbox/${kind}/`));
    const back = await allowAtConsent(consent, { at: new URL(consent.pathname, base) });
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/oauth/callback',
      headers: ada,
      payload: back,
    });
    expect(done.json().data.source).toMatchObject({ kind, sandbox: true });
    await t.syncRunner.idle();
    await t.providerPush.idle();
  };
  const portal = async (kind: string) => {
    const query = new URLSearchParams({
      client_id: SANDBOX_CLIENT.clientId,
      client_secret: SANDBOX_CLIENT.clientSecret,
    });
    return (await (await fetch(`${base}/sandbox/${kind}/sandbox-portal/webhook?${query}`)).json()) as {
      url: string | null;
    };
  };
  const history = async (kind: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/data-sources/${kind}/sync-stats`,
      headers: ada,
    });
    return (res.json() as { data: SyncStats }).data.history;
  };

  it('a sandbox WHOOP sets its webhook URL on connect, and its signed push starts a sync', async () => {
    await connectSandbox('whoop');
    expect(await portal('whoop')).toEqual({ url: `${base}/api/provider-webhooks/whoop` });
    const before = await history('whoop');
    const body = JSON.stringify({ user_id: 10_129, id: 'a-sleep', type: 'sleep.updated', trace_id: 't' });
    const timestamp = String(Date.now());
    const signature = createHmac('sha256', SANDBOX_CLIENT.clientSecret)
      .update(timestamp + body)
      .digest('base64');
    const started = performance.now();
    const res = await fetch(`${base}/api/provider-webhooks/whoop`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-whoop-signature-timestamp': timestamp,
        'x-whoop-signature': signature,
      },
      body,
    });
    expect(res.status).toBe(200);
    await t.syncRunner.idle();
    const ms = performance.now() - started;
    const after = await history('whoop');
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toMatchObject({ status: 'succeeded' });
    console.info(`Sandbox WHOOP push → sync finished: ${ms.toFixed(0)} ms`);
    expect(ms).toBeLessThan(10_000);
  }, 120_000);

  it('a sandbox Garmin sets its endpoint on connect; disconnecting the last one clears it', async () => {
    await connectSandbox('garmin');
    expect(await portal('garmin')).toEqual({ url: `${base}/api/provider-webhooks/garmin` });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/data-sources/garmin/disconnect',
      headers: ada,
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.providerPush.idle();
    expect(await portal('garmin')).toEqual({ url: null });
  }, 120_000);
});
