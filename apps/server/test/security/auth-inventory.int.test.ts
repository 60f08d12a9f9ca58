import type { Session } from '@healthfolio/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, FakeClock, signIn } from '../identity/helpers';
import { findUnguardedRoutes, routeInventory, type Credential } from './route-inventory';

/** A token whose payload was edited (another user's id) while its signature stayed the old one. */
function tampered(token: string, sub: string): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  return [header, Buffer.from(JSON.stringify({ ...claims, sub })).toString('base64url'), signature].join('.');
}

describe.each(testDialects)('security suite: every /api route needs a session on %s', (dialect) => {
  let t: TestApp;
  let clock: FakeClock;
  let credentials: Credential[];
  let fresh: Session;
  beforeEach(async () => {
    clock = new FakeClock();
    t = await createTestApp(dialect, {}, { now: clock.now });
  });
  /** Signs in (which readies the app: routes are added before). */
  async function makeCredentials() {
    await createUser(t, 'ada@example.com');
    const ben = await createUser(t, 'ben@example.com');
    const old = await signIn(t, 'ada@example.com');
    clock.advance((t.config.accessTokenTtlSeconds + 60) * 1000);
    fresh = await signIn(t, 'ada@example.com');
    credentials = [
      { name: 'no token', headers: {} },
      { name: 'expired token', headers: bearer(old.accessToken) },
      { name: 'tampered token', headers: bearer(tampered(fresh.accessToken, ben.id)) },
      { name: 'not a JWT', headers: bearer('abc.def.ghi') },
    ];
  }
  afterEach(() => t.close());

  it('reads the routes from the running router and finds no unguarded one', async () => {
    await makeCredentials();
    const inventory = routeInventory(t.app).map((r) => `${r.method} ${r.url}`);
    // The inventory is the router's own: known routes of several modules are in it.
    expect(inventory).toEqual(
      expect.arrayContaining([
        'GET /api/metrics',
        'DELETE /api/metrics/:id',
        'GET /api/identity/sessions',
        'POST /api/imports',
        'GET /api/settings/export',
      ]),
    );
    expect(inventory.length).toBeGreaterThan(60);
    expect(await findUnguardedRoutes(t.app, credentials)).toEqual([]);
    // The same token, untouched, is accepted: the 401s above are about the credentials.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(fresh.accessToken) }))
        .statusCode,
    ).toBe(200);
  });

  it('catches a route added without authentication (the negative test)', async () => {
    t.app.get('/api/security-suite/forgotten', async () => ({ data: { secret: 'open' } }));
    t.app.post('/api/security-suite/forgotten/:id', async () => ({ data: { changed: true } }));
    await makeCredentials();
    const failures = await findUnguardedRoutes(t.app, credentials);
    expect(failures).toEqual(
      expect.arrayContaining([
        { route: 'GET /api/security-suite/forgotten', credential: 'no token', status: 200 },
        { route: 'GET /api/security-suite/forgotten', credential: 'expired token', status: 200 },
        { route: 'GET /api/security-suite/forgotten', credential: 'tampered token', status: 200 },
        { route: 'POST /api/security-suite/forgotten/:id', credential: 'no token', status: 200 },
      ]),
    );
    expect(new Set(failures.map((f) => f.route))).toEqual(
      new Set([
        'GET /api/security-suite/forgotten',
        'HEAD /api/security-suite/forgotten',
        'POST /api/security-suite/forgotten/:id',
      ]),
    );
  });
});
