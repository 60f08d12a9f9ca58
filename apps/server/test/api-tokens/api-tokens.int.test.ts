import { Writable } from 'node:stream';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, FakeClock, signIn } from '../identity/helpers';

type Auth = Record<string, string>;
const NOW = Date.parse('2026-11-22T12:00:00Z');
const HOUR = 3_600_000;
const SERIES = '/api/metrics?type=weight&bucket=day&from=2026-11-01&to=2026-11-30&tz=UTC';
const NO_SESSION_ROUTE =
  'API tokens cannot be used here: this part of Healthfolio needs a signed-in browser session.';

/** Every log line the server writes, as text. */
class LogCapture extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}

describe.each(testDialects)('personal access tokens on %s', (dialect) => {
  let t: TestApp;
  let ada: Auth;
  let ben: Auth;
  const clock = new FakeClock(NOW);
  const logs = new LogCapture();
  const issued: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect, { LOG_LEVEL: 'debug' }, { now: clock.now, logStream: logs });
    await createUser(t, 'ada@example.com');
    await createUser(t, 'ben@example.com');
    ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
    ben = bearer((await signIn(t, 'ben@example.com')).accessToken);
    for (const [day, kg] of [
      ['2026-11-20', 70.1],
      ['2026-11-21', 69.8],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/metrics',
        headers: ada,
        payload: { type: 'weight', value: kg, unit: 'kg', start: `${day}T07:00:00Z` },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(() => t.close());

  const inject = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    auth: Auth,
    payload?: Record<string, unknown>,
  ) => t.app.inject({ method, url, headers: auth, ...(payload === undefined ? {} : { payload }) });
  const create = async (payload: Record<string, unknown>, auth = ada) => {
    const res = await inject('POST', '/api/tokens', auth, payload);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data as { id: string; token: string };
    issued.push(data.token);
    return { ...data, auth: bearer(data.token) };
  };

  it('reads metrics with metrics:read, exactly as the session does, and is refused a write (403)', async () => {
    const token = await create({ name: 'Notebook', scopes: ['metrics:read'] });
    expect(token.token).toMatch(/^hf_pat_[A-Za-z0-9_-]{43}$/);

    const bySession = await inject('GET', SERIES, ada);
    const byToken = await inject('GET', SERIES, token.auth);
    expect(byToken.statusCode, byToken.body).toBe(200);
    expect(byToken.json()).toEqual(bySession.json());
    expect(byToken.json().data.items.map((i: { avg: number }) => i.avg)).toEqual([70.1, 69.8]);

    const write = await inject('POST', '/api/metrics', token.auth, {
      type: 'weight',
      value: 69.5,
      start: '2026-11-22T07:00:00Z',
    });
    expect(write.statusCode).toBe(403);
    expect(write.headers['www-authenticate']).toBe(
      'Bearer error="insufficient_scope", scope="metrics:write"',
    );
    expect(write.json().error).toEqual({
      code: 'auth/insufficient-scope',
      message: 'This API token lacks the scope "metrics:write" this request needs.',
    });
  });

  it('keeps lab results to labs:read: the series, the summary and a sample by id', async () => {
    const ldl = await inject('POST', '/api/metrics', ada, {
      type: 'ldl_cholesterol',
      value: 112,
      unit: 'mg/dL',
      start: '2026-11-18T08:00:00Z',
    });
    expect(ldl.statusCode, ldl.body).toBe(201);
    const labsUrl = '/api/metrics?type=ldl&from=2026-11-01&to=2026-11-30&tz=UTC';
    const metricsOnly = await create({ name: 'Steps sheet', scopes: ['metrics:read'] });
    const labs = await create({ name: 'Lab chart', scopes: ['labs:read'] });

    const refused = await inject('GET', labsUrl, metricsOnly.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      'This API token lacks the scope "labs:read" this request needs.',
    );
    const read = await inject('GET', labsUrl, labs.auth);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.items.map((i: { value: number }) => i.value)).toEqual([112]);
    expect((await inject('GET', SERIES, labs.auth)).statusCode).toBe(403);

    const summary = await inject('GET', '/api/metrics/summary?tz=UTC', metricsOnly.auth);
    const kinds = (summary.json().data.items as { type: string }[]).map((i) => i.type);
    expect(kinds).toEqual(['weight']);
    const bySession = await inject('GET', '/api/metrics/summary?tz=UTC', ada);
    expect((bySession.json().data.items as { type: string }[]).map((i) => i.type).sort()).toEqual([
      'ldl_cholesterol',
      'weight',
    ]);
    const byId = await inject('GET', `/api/metrics/${ldl.json().data.id}`, metricsOnly.auth);
    expect(byId.statusCode).toBe(404);
  });

  it('writes a measurement with metrics:write', async () => {
    const token = await create({ name: 'Scale script', scopes: ['metrics:write'] });
    const write = await inject('POST', '/api/metrics', token.auth, {
      type: 'weight',
      value: 69.5,
      start: '2026-11-22T07:00:00Z',
    });
    expect(write.statusCode, write.body).toBe(201);
    expect(write.json().data).toMatchObject({ type: 'weight', value: 69.5, unit: 'kg', source: 'manual' });
    // Reading needs its own scope.
    expect((await inject('GET', SERIES, token.auth)).statusCode).toBe(403);
  });

  it('refuses a token on browser-session routes: tokens, settings, account', async () => {
    const token = await create({ name: 'Everything', scopes: ['metrics:read', 'metrics:write', 'export'] });
    for (const [method, url] of [
      ['GET', '/api/tokens'],
      ['POST', '/api/tokens'],
      ['GET', '/api/settings'],
      ['GET', '/api/settings/audit-log'],
      ['DELETE', `/api/tokens/${token.id}`],
    ] as const) {
      const res = await inject(
        method,
        url,
        token.auth,
        method === 'POST' ? { name: 'x', scopes: ['mcp'] } : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toEqual({ code: 'auth/insufficient-scope', message: NO_SESSION_ROUTE });
    }
    const exported = await inject('GET', '/api/settings/export', token.auth);
    expect(exported.statusCode).toBe(200);
  });

  it('lists tokens with name, scopes and last use, never the token or its hash', async () => {
    const token = await create({ name: 'Home dashboard', scopes: ['insights:read', 'metrics:read'] });
    clock.advance(1000);
    expect((await inject('GET', SERIES, token.auth)).statusCode).toBe(200);
    const res = await inject('GET', '/api/tokens', ada);
    expect(res.statusCode).toBe(200);
    const listed = (res.json().data as { id: string }[]).find((x) => x.id === token.id);
    expect(listed).toEqual({
      id: token.id,
      name: 'Home dashboard',
      scopes: ['insights:read', 'metrics:read'],
      hint: token.token.slice(0, 11),
      createdAt: new Date(clock.ms - 1000).toISOString(),
      expiresAt: null,
      lastUsedAt: new Date(clock.ms).toISOString(),
    });
    const hash = createHash('sha256').update(token.token).digest('hex');
    expect(res.body).not.toContain(token.token);
    expect(res.body).not.toContain(hash);
    // Ben sees none of Ada's tokens.
    expect((await inject('GET', '/api/tokens', ben)).json().data).toEqual([]);
  });

  it('answers 401 once a token is revoked; another person cannot revoke it (404)', async () => {
    const token = await create({ name: 'Old laptop', scopes: ['metrics:read'] });
    expect((await inject('GET', SERIES, token.auth)).statusCode).toBe(200);

    const byBen = await inject('DELETE', `/api/tokens/${token.id}`, ben);
    expect(byBen.statusCode).toBe(404);
    expect(byBen.json().error).toEqual({ code: 'not_found', message: 'API token not found' });
    expect((await inject('GET', SERIES, token.auth)).statusCode).toBe(200);

    const revoked = await inject('DELETE', `/api/tokens/${token.id}`, ada);
    expect(revoked.statusCode, revoked.body).toBe(200);
    const after = await inject('GET', SERIES, token.auth);
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toEqual({
      code: 'unauthorized',
      message: 'This API token is not valid: it was revoked or never existed.',
    });
    expect((await inject('DELETE', `/api/tokens/${token.id}`, ada)).statusCode).toBe(404);
    const listed = (await inject('GET', '/api/tokens', ada)).json().data as { id: string }[];
    expect(listed.map((x) => x.id)).not.toContain(token.id);
  });

  it('answers 401 once a token has expired', async () => {
    const expiresAt = new Date(clock.ms + HOUR).toISOString();
    const token = await create({ name: 'One hour', scopes: ['metrics:read'], expiresAt });
    expect((await inject('GET', SERIES, token.auth)).statusCode).toBe(200);
    clock.advance(HOUR);
    // The browser session of an hour ago has expired too: sign in again.
    ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
    const after = await inject('GET', SERIES, token.auth);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toBe(
      'This API token has expired. Create a new one in Settings → API access.',
    );
    const past = await inject('POST', '/api/tokens', ada, {
      name: 'Yesterday',
      scopes: ['metrics:read'],
      expiresAt: new Date(clock.ms - HOUR).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toEqual({ code: 'validation', message: 'expiresAt: must be in the future' });
  });

  it('limits a token to 120 requests a minute (429), and the next minute opens again', async () => {
    clock.ms = Math.ceil(clock.ms / 60_000) * 60_000;
    const token = await create({ name: 'Busy script', scopes: ['metrics:read'] });
    for (let i = 0; i < 120; i++) {
      const res = await inject('GET', '/api/metrics/summary?tz=UTC', token.auth);
      expect(res.statusCode, `request ${i + 1}`).toBe(200);
    }
    const over = await inject('GET', '/api/metrics/summary?tz=UTC', token.auth);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBe('60');
    clock.advance(60_000);
    expect((await inject('GET', '/api/metrics/summary?tz=UTC', token.auth)).statusCode).toBe(200);
  });

  it('records creation, revocation and use in the audit log, a read at most once a minute', async () => {
    const token = await create({ name: 'Audited', scopes: ['metrics:read', 'metrics:write'] });
    clock.advance(60_000);
    await inject('GET', SERIES, token.auth);
    clock.advance(30_000);
    await inject('GET', SERIES, token.auth);
    await inject('POST', '/api/metrics', token.auth, {
      type: 'steps',
      value: 100,
      start: '2026-11-22T08:00:00Z',
    });
    await inject('DELETE', `/api/tokens/${token.id}`, ada);
    const log = await inject('GET', '/api/settings/audit-log?limit=10', ada);
    const mine = (log.json().data.items as { event: string; details: Record<string, unknown> | null }[])
      .filter((e) => e.details?.tokenId === token.id)
      .map((e) => [e.event, e.details?.request ?? e.details?.name]);
    expect(mine).toEqual([
      ['token.revoked', undefined],
      ['token.used', 'POST /api/metrics'],
      ['token.used', 'GET /api/metrics'],
      ['token.created', 'Audited'],
    ]);
  });

  it('asks for a fresh second factor to create a token, but not to use one on export', async () => {
    const token = await create({ name: 'Nightly export', scopes: ['export'] });
    clock.advance(10 * 60_000);
    const res = await inject('POST', '/api/tokens', ada, { name: 'Later', scopes: ['metrics:read'] });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('auth/step-up-required');
    const exported = await inject('GET', '/api/settings/export', token.auth);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="healthfolio-export-/);
  });

  it('never writes a token or its hash to the log', () => {
    expect(issued.length).toBeGreaterThan(5);
    expect(logs.text.length).toBeGreaterThan(0);
    for (const token of issued) {
      expect(logs.text).not.toContain(token);
      expect(logs.text).not.toContain(createHash('sha256').update(token).digest('hex'));
    }
  });
});
