import { reportBuilder } from '@healthfolio/connectors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, signIn } from '../identity/helpers';
import { connectorFixture, countedSync, sampleCounter, type ConnectorFixture } from './helpers';
import { userNo } from '../../src/db/user-number';

/** The key the test feed accepts (besides the sandbox key). */
const KEY = 'feed-key-7f3a';

describe.each(testDialects)('the report builder against a feed on loopback on %s', (dialect) => {
  let f: ConnectorFixture;
  beforeAll(async () => {
    f = await connectorFixture(reportBuilder, dialect, {
      env: { REPORT_BUILDER_ALLOW_PRIVATE: 'true' },
      fake: { clientSecret: KEY },
    });
  });
  afterAll(() => f.close());

  const connect = (payload: Record<string, unknown>, auth = f.ada) =>
    f.t.app.inject({ method: 'POST', url: '/api/integrations/report-builder', headers: auth, payload });
  const weights = () =>
    f.t.db.kysely
      .selectFrom('samples')
      .select(['start_at', 'value', 'unit', 'origin_id', 'device'])
      .where('user_no', '=', userNo(f.adaId))
      .where('source', '=', 'report_builder')
      .where('kind', '=', 'weight')
      .orderBy('start_at')
      .execute();

  it('checks the feed before saving it: a wrong key and a page that is not a feed are said at once', async () => {
    const wrongKey = await connect({ url: `${f.fake.url}/feed`, apiKey: 'nope' });
    expect(wrongKey.statusCode, wrongKey.body).toBe(422);
    expect(wrongKey.json().error.message).toBe('The feed refused the key (401)');
    expect(wrongKey.body).not.toContain('nope');

    const notAFeed = await connect({ url: `${f.fake.url}/nothing-here`, apiKey: KEY });
    expect(notAFeed.statusCode).toBe(422);
    expect(notAFeed.json().error.message).toBe('The feed answered 404');

    const noKey = await f.t.app.inject({
      method: 'POST',
      url: '/api/integrations/report_builder/connect',
      headers: f.ada,
      payload: { url: `${f.fake.url}/feed` },
    });
    expect(noKey.statusCode).toBe(400);
    expect(await f.source()).toMatchObject({ status: 'disconnected' });
  });

  it('pulls our own JSON feed across its pages, keeps the key secret, and a re-pull adds nothing', async () => {
    const res = await connect({ url: `${f.fake.url}/feed`, apiKey: KEY });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(KEY);
    await f.t.syncRunner.idle();
    expect(await f.syncStatus()).toMatchObject({ state: 'idle', status: 'connected', error: null });

    const stats = await f.syncStats();
    const count = sampleCounter(stats);
    // Half a year of mornings in pages of 60 days: a weight and a resting heart rate each.
    expect(count('weight')).toBe(180);
    expect(count('resting_heart_rate')).toBe(180);
    expect(stats.history[0]!.requests).toBe(3);
    const rows = await weights();
    expect(rows[0]).toMatchObject({ unit: 'kg', device: 'Bathroom scale' });
    expect(rows[0]!.value).toBeGreaterThan(70);
    // 07:00 at +01:00 is 06:00 UTC.
    expect(new Date(Number(rows[0]!.start_at)).toISOString()).toMatch(/T06:00:00\.000Z$/);

    const again = await countedSync(f, 365);
    expect(again.stats.history[0]).toMatchObject({ status: 'succeeded', inserted: 0 });
    expect(await weights()).toHaveLength(180);
    const stored = await f.t.db.kysely
      .selectFrom('source_connections')
      .select(['tokens', 'settings'])
      .where('user_id', '=', f.adaId)
      .where('kind', '=', 'report_builder')
      .executeTakeFirstOrThrow();
    expect(stored.tokens).not.toContain(KEY);
    expect(JSON.parse(stored.settings!)).toEqual({
      url: `${f.fake.url}/feed`,
      baseUrl: `${f.fake.url}/feed`,
    });
  });

  it('reads a FHIR feed by LOINC, and asks to connect again when the key is revoked', async () => {
    const res = await connect({ url: `${f.fake.url}/fhir`, apiKey: KEY }, f.ben);
    expect(res.statusCode, res.body).toBe(200);
    await f.t.syncRunner.idle();
    expect(sampleCounter(await f.syncStats(f.ben))('weight')).toBe(180);

    f.fake.control.revokeGrants!();
    await f.syncNow(30, f.ben);
    const status = await f.syncStatus(f.ben);
    expect(status.status).toBe('error');
    expect(status.error).toMatch(/Connect Report builder feed again/);
  });
});

describe.each(testDialects)('report builder feeds on a server that protects its network on %s', (dialect) => {
  it('refuses plain http and loopback addresses unless the operator allows them', async () => {
    const t = await createTestApp(dialect);
    try {
      await createUser(t, 'ada@example.com');
      const auth = bearer((await signIn(t, 'ada@example.com')).accessToken);
      const post = (url: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/integrations/report-builder',
          headers: auth,
          payload: { url, apiKey: 'k' },
        });
      const http = await post('http://example.com/feed');
      expect(http.statusCode).toBe(400);
      expect(http.json().error.message).toBe('url: The feed must be served over https');
      const loopback = await post('https://127.0.0.1:9/feed');
      expect(loopback.statusCode).toBe(400);
      expect(loopback.json().error.message).toMatch(/private or loopback address/);
    } finally {
      await t.close();
    }
  });
});
