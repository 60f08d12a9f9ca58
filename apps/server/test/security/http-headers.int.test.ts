import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, signIn } from '../identity/helpers';
import { concreteUrl, routeInventory } from './route-inventory';

/** What an error body must never show: a stack frame, SQL or a database's message, a file path. */
const LEAKS = [
  /\bat [\w.<>]+ \(.*:\d+:\d+\)/,
  /node_modules|\/tmp\/|\/home\/|\/work\/|[A-Z]:\\\\/,
  /\b(select|insert into|update|delete from)\b.+\b(from|where|values|set)\b/i,
  /SQLITE_|sqlite3?|postgres|relation "|syntax error at/i,
];

describe.each(testDialects)('security suite: HTTP answers on %s', (dialect) => {
  let t: TestApp;
  afterEach(() => t.close());

  it('every /api answer is no-store and nosniff, with a strict CSP, no framing and a referrer policy', async () => {
    t = await createTestApp(dialect);
    fs.writeFileSync(path.join(t.config.webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    await createUser(t);
    const session = await signIn(t);
    const routes = routeInventory(t.app).filter((r) => r.url.startsWith('/api') && r.method === 'GET');
    const answers = [];
    for (const route of routes) {
      for (const headers of [{}, bearer(session.accessToken)]) {
        answers.push({
          route: route.url,
          res: await t.app.inject({ method: 'GET', url: concreteUrl(route.url), headers }),
        });
      }
    }
    answers.push({ route: 'unknown', res: await t.app.inject({ method: 'GET', url: '/api/no-such-route' }) });
    expect(answers.length).toBeGreaterThan(60);
    for (const { route, res } of answers) {
      const where = `${route} → ${res.statusCode}`;
      // The installation's public signing keys are the one answer meant to be cached (by verifiers).
      if (route === '/api/identity/jwks') expect(res.headers['cache-control']).toBe('public, max-age=300');
      else expect(res.headers['cache-control'], where).toMatch(/no-store/);
      expect(res.headers['x-content-type-options'], where).toBe('nosniff');
      expect(res.headers['referrer-policy'], where).toBe('strict-origin-when-cross-origin');
      if (res.statusCode >= 400 && res.statusCode !== 405) {
        for (const leak of LEAKS) expect(res.body, where).not.toMatch(leak);
        expect(() => JSON.parse(res.body) as unknown, where).not.toThrow();
      }
    }
    // The page that runs scripts: CSP without inline scripts, no framing.
    const page = await t.app.inject({ method: 'GET', url: '/dashboard' });
    const csp = page.headers['content-security-policy'] as string;
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc.trim()).toBe("'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS when PUBLIC_URL is https', async () => {
    t = await createTestApp(dialect, { PUBLIC_URL: 'https://health.example.org' });
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('allows no foreign origin to read signed-in answers (no CORS)', async () => {
    t = await createTestApp(dialect);
    await createUser(t);
    const session = await signIn(t);
    const origin = 'https://evil.example';
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/metrics',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
    for (const url of [
      '/api/auth/me',
      '/api/metrics?type=steps',
      '/api/identity/sessions',
      '/api/settings',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { origin, ...bearer(session.accessToken) },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
      expect(res.headers['access-control-allow-credentials'], url).toBeUndefined();
    }
  });

  it('answers malformed requests in the envelope without stack, SQL or paths', async () => {
    t = await createTestApp(dialect);
    await createUser(t);
    const session = await signIn(t);
    const auth = bearer(session.accessToken);
    const cases = [
      await t.app.inject({
        method: 'POST',
        url: '/api/identity/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/identity/login',
        headers: { 'content-type': 'text/xml' },
        payload: '<a/>',
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/metrics',
        headers: auth,
        payload: { type: "steps'; drop table samples; --", value: 'x' },
      }),
      await t.app.inject({ method: 'GET', url: "/api/metrics/1' or '1'='1", headers: auth }),
      await t.app.inject({ method: 'GET', url: '/api/metrics?type=steps&from=not-a-date', headers: auth }),
      await t.app.inject({
        method: 'POST',
        url: '/api/waitlist',
        headers: { 'content-type': 'application/json' },
        payload: 'x'.repeat(2 * 1024 * 1024),
      }),
    ];
    expect(cases.map((c) => c.statusCode)).toEqual([400, 415, 400, 400, 400, 413]);
    for (const res of cases) {
      const body = JSON.parse(res.body) as { error: { code: string; message: string } };
      expect(Object.keys(body)).toEqual(['error']);
      expect(body.error.message.length).toBeGreaterThan(0);
      for (const leak of LEAKS) expect(res.body).not.toMatch(leak);
    }
  });
});
