import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, signIn } from '../identity/helpers';
import { NOT_OWNED_IDS, OWNED_KINDS, PENDING_KINDS, type Auth } from './owned-kinds';
import { routeInventory } from './route-inventory';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** Every answer the suite saw, scanned at the end for what must never be in one. */
const seen: { label: string; body: string }[] = [];

describe.each(testDialects)('security suite: ownership matrix on %s', (dialect) => {
  let t: TestApp;
  let ada: Auth;
  let ben: Auth;
  let adaId: string;
  let benId: string;
  beforeEach(async () => {
    // Webhooks may point at loopback here (as in the e2e server): no name lookup in tests.
    t = await createTestApp(dialect, { WEBHOOKS_ALLOW_PRIVATE: 'true' }, { insightDebounceMs: 60_000 });
    adaId = (await createUser(t, 'ada@example.com')).id;
    benId = (await createUser(t, 'ben@example.com')).id;
    ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
    ben = bearer((await signIn(t, 'ben@example.com')).accessToken);
  });
  afterEach(() => t.close());

  const send = async (
    method: string,
    url: string,
    auth: Auth,
    body?: unknown,
  ): Promise<LightMyRequestResponse> => {
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers: auth,
      ...(body === undefined ? {} : { payload: body as object }),
    });
    seen.push({ label: `${method} ${url}`, body: res.body });
    return res;
  };

  it("answers another person's id exactly like an unknown one on every id route, and changes nothing", async () => {
    await t.app.ready();
    const inventory = new Set(routeInventory(t.app).map((r) => `${r.method} ${r.url}`));
    const covered = new Set<string>();
    for (const kind of OWNED_KINDS) {
      if (kind.needs && !inventory.has(kind.needs)) continue;
      const id = await kind.create(t, ada);
      const before = await kind.read(t, ada, id);
      expect(before, kind.kind).toBeDefined();
      for (const route of kind.routes) {
        const label = `${kind.kind}: ${route.method} ${route.url}`;
        covered.add(`${route.method} ${route.url}`);
        const foreign = await send(route.method, route.url.replace(':id', id), ben, route.body);
        const unknownId = kind.unknownId ?? UNKNOWN_ID;
        const unknown = await send(route.method, route.url.replace(':id', unknownId), ben, route.body);
        expect(foreign.statusCode, `${label} → ${foreign.body}`).toBe(404);
        expect(foreign.body.replaceAll(id, unknownId), label).toBe(unknown.body);
        expect(foreign.headers['content-type'], label).toBe(unknown.headers['content-type']);
      }
      expect(await kind.read(t, ada, id), `${kind.kind} changed by another person`).toEqual(before);
    }
    // Every route taking a parameter is in the matrix, or named as not taking an owned object's id.
    const uncovered = [...inventory].filter(
      (route) =>
        route.startsWith('/api', route.indexOf(' ') + 1) &&
        /\/:[A-Za-z]+/.test(route) &&
        !route.startsWith('HEAD ') &&
        !covered.has(route) &&
        ![...NOT_OWNED_IDS, ...PENDING_KINDS].some((p) => p.test(route)),
    );
    expect(uncovered, 'add these routes to OWNED_KINDS (test/security/owned-kinds.ts)').toEqual([]);
  });

  it("never shows one person's rows in another's lists and aggregates", async () => {
    const ids: string[] = [];
    for (const kind of OWNED_KINDS) {
      if (kind.needs) continue;
      ids.push(await kind.create(t, ada));
    }
    const adaConnect = await send('POST', '/api/data-sources/apple_healthkit/connect', ada, {});
    expect(adaConnect.statusCode, adaConnect.body).toBe(200);
    const lists = [
      '/api/metrics?type=weight',
      '/api/metrics?type=weight&bucket=day&from=2026-01-01T00:00:00Z&to=2026-12-31T00:00:00Z',
      '/api/metrics?type=blood_glucose',
      '/api/metrics/summary',
      '/api/imports',
      '/api/workouts',
      '/api/goals',
      '/api/insights',
      '/api/identity/sessions',
      '/api/identity/webauthn/credentials',
      '/api/data-sources',
      '/api/clinical-records',
      '/api/settings/audit-log',
      '/api/settings/export',
      '/api/auth/me',
      '/api/caregivers',
    ];
    for (const url of lists) {
      const res = await send('GET', url, ben);
      expect(res.statusCode, `${url} → ${res.body}`).toBe(200);
      for (const marker of [
        // Numbered ids (samples) are too short to look for; their value and note are looked for instead.
        ...ids.filter((id) => id.length >= 8),
        adaId,
        'ada@example.com',
        'owner-only note',
        'Owner goal',
        'Owner-only finding',
        'Owner’s phone',
        '71.3',
        '12345',
        '2026-02-26T06:15',
      ]) {
        expect(res.body, `${url} shows Ada's ${marker}`).not.toContain(marker);
      }
    }
    // A source's id is its kind: Ben's calls act on his own connection, never on Ada's.
    for (const action of ['disconnect', 'sync']) {
      await send('POST', `/api/data-sources/apple_healthkit/${action}`, ben, {});
    }
    const adaSources = (await send('GET', '/api/data-sources', ada)).json() as {
      data: { items: { kind: string; status: string }[] };
    };
    expect(adaSources.data.items.find((s) => s.kind === 'apple_healthkit')?.status).toBe('connected');
    expect(benId).not.toBe(adaId);
  });

  it('ignores id, userId, emailVerified, createdAt, role and token fields in bodies', async () => {
    const forged = {
      id: UNKNOWN_ID,
      userId: adaId,
      user_id: adaId,
      emailVerified: true,
      createdAt: '2000-01-01T00:00:00.000Z',
      role: 'admin',
      isAdmin: true,
      accessToken: 'forged',
      refreshToken: 'forged',
      token: 'forged',
    };
    const sample = await send('POST', '/api/metrics', ben, {
      ...forged,
      type: 'weight',
      value: 80,
      start: '2026-02-27T07:30:00Z',
    });
    expect(sample.statusCode, sample.body).toBeLessThan(300);
    const created = (sample.json() as { data: { id: string } }).data;
    expect(created.id).not.toBe(UNKNOWN_ID);
    expect((await send('GET', `/api/metrics/${created.id}`, ada)).statusCode).toBe(404);
    expect((await send('GET', `/api/metrics/${created.id}`, ben)).statusCode).toBe(200);

    const goal = await send('POST', '/api/goals', ben, {
      ...forged,
      metric: 'steps',
      target: 5000,
      direction: 'at_least',
      period: 'daily',
    });
    expect(goal.statusCode, goal.body).toBeLessThan(300);
    const adaGoals = (await send('GET', '/api/goals', ada)).json() as { data: unknown };
    expect(JSON.stringify(adaGoals)).not.toContain('5000');

    const profile = await send('PUT', '/api/auth/profile', ben, {
      ...forged,
      name: 'Ben B.',
      email: 'ada@example.com',
    });
    expect(profile.statusCode, profile.body).toBeLessThan(500);
    const me = (await send('GET', '/api/auth/me', ben)).json() as { data: Record<string, unknown> };
    expect(me.data.id).toBe(benId);
    expect(me.data.email).toBe('ben@example.com');
    expect(me.data.createdAt).not.toBe(forged.createdAt);
    const row = await t.db.kysely
      .selectFrom('users')
      .selectAll()
      .where('id', '=', benId)
      .executeTakeFirstOrThrow();
    expect(row.email_verified).toBe(0);
    expect(Object.keys(row)).not.toContain('role');
  });

  it('no answer of the suite carries a password hash, a refresh token outside sign-in, or a file path', async () => {
    const session = await signIn(t, 'ada@example.com');
    const auth = bearer(session.accessToken);
    for (const kind of OWNED_KINDS) if (!kind.needs) await kind.create(t, auth);
    for (const url of [
      '/api/auth/me',
      '/api/settings',
      '/api/settings/export',
      '/api/imports',
      '/api/workouts',
      '/api/identity/sessions',
      '/api/settings/audit-log',
    ]) {
      await send('GET', url, auth);
    }
    const hashes = await t.db.kysely.selectFrom('users').select('password_hash').execute();
    const tokenHashes = await t.db.kysely.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(seen.length).toBeGreaterThan(20);
    for (const { label, body } of seen) {
      expect(body, label).not.toMatch(/\$argon2/);
      for (const { password_hash } of hashes) expect(body, label).not.toContain(password_hash);
      for (const { token_hash } of tokenHashes) expect(body, label).not.toContain(token_hash);
      expect(body, label).not.toContain(session.refreshToken);
      expect(body, label).not.toContain(t.config.dataDir);
      expect(body, label).not.toMatch(/\/tmp\/|\/uploads\//);
      expect(body, label).not.toMatch(
        /"(password|passwordHash|password_hash|totpSecret|storagePath|filePath|file_path)"\s*:/,
      );
    }
  });
});
