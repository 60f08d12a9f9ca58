import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { testDialects } from './databases';

describe.each(testDialects)('foundation on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('reports the database reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'ok', database: { dialect, reachable: true } });
  });

  it('answers an unknown API path with 404 in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'not_found', message: 'No API route GET /api/does-not-exist' },
    });
  });

  it('keeps every API answer out of caches: no-store, errors and 401s included', async () => {
    for (const url of ['/api/health', '/api/does-not-exist', '/api/metrics?type=steps']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // The public signing keys may be cached: they are public, and rotate slowly.
    const jwks = await t.app.inject({ method: 'GET', url: '/api/identity/jwks' });
    expect(jwks.headers['cache-control']).toBe('public, max-age=300');
  });

  it('serves OpenAPI generated from the zod schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(
      doc.paths['/api/waitlist'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('email');
  });

  it('sends security headers with a strict CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses malformed JSON and oversized bodies in the envelope', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('bad_request');

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', name: 'x'.repeat(2_000_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('payload_too_large');
  });

  it('stores a waitlist email once and validates it', async () => {
    const join = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/waitlist', payload: { email } });
    const first = await join('Ada@Example.com');
    expect(first.statusCode).toBe(201);
    expect(first.json().data.email).toBe('ada@example.com');
    const again = await join('ada@example.com');
    expect(again.statusCode).toBe(201);
    expect(again.json().data.joinedAt).toBe(first.json().data.joinedAt);
    const rows = await t.db.kysely
      .selectFrom('waitlist')
      .selectAll()
      .where('email', '=', 'ada@example.com')
      .execute();
    expect(rows).toHaveLength(1);

    const invalid = await join('not-an-email');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toMatchObject({
      code: 'validation',
      message: 'body.email: Enter a valid email address',
    });
  });
});
