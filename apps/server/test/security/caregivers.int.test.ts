import { CAREGIVER_PERMISSIONS, type CaregiverList } from '@healthfolio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, FakeClock, readOutbox, signIn } from '../identity/helpers';
import { OWNED_KINDS, type Auth } from './owned-kinds';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const NOW = Date.parse('2026-11-22T12:00:00Z');
const DAY = 86_400_000;
const WEIGHTS = '/api/metrics?type=weight&from=2026-11-01&to=2026-11-30&tz=UTC';
const LABS = '/api/metrics?type=ldl_cholesterol&from=2026-11-01&to=2026-11-30&tz=UTC';
const NO_ACCESS = 'You do not have access to this person’s data.';
const OWN_USE =
  'This part of Healthfolio is for each account’s own use. Switch back to your own data to use it.';

describe.each(testDialects)('caregivers on %s', (dialect) => {
  let t: TestApp;
  const clock = new FakeClock(NOW);
  let ada: Auth;
  let ben: Auth;
  let cleo: Auth;
  let adaId: string;
  let cleoId: string;

  const send = (method: Method, url: string, auth: Auth, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: auth,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const asFor = (auth: Auth, personId: string): Auth => ({ ...auth, 'x-person-id': personId });
  const list = async (auth: Auth) =>
    (await send('GET', '/api/caregivers', auth)).json().data as CaregiverList;
  const invite = async (payload: Record<string, unknown>) => {
    const res = await send('POST', '/api/caregivers', ada, payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; status: string };
  };
  const accessEntries = async () => {
    const res = await send('GET', '/api/settings/audit-log?limit=500', ada);
    return (res.json().data.items as { event: string; details: Record<string, unknown> | null }[]).filter(
      (e) => e.event === 'caregiver.access',
    );
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, {}, { now: clock.now, insightDebounceMs: 60_000 });
    adaId = (await createUser(t, 'ada@example.com')).id;
    await createUser(t, 'ben@example.com', undefined, true);
    cleoId = (await createUser(t, 'cleo@example.com', undefined, true)).id;
    ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
    ben = bearer((await signIn(t, 'ben@example.com')).accessToken);
    cleo = bearer((await signIn(t, 'cleo@example.com')).accessToken);
    for (const [auth, type, value, unit] of [
      [ada, 'weight', 71.3, 'kg'],
      [ada, 'ldl_cholesterol', 112, 'mg/dL'],
      [cleo, 'weight', 58.4, 'kg'],
    ] as const) {
      const res = await send('POST', '/api/metrics', auth, {
        type,
        value,
        unit,
        start: '2026-11-20T07:00:00Z',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(() => t.close());

  it('invites by email, mails the invitee, and the invitee accepts once', async () => {
    const grant = await invite({ email: 'Ben@Example.com', permissions: ['metrics', 'clinical'] });
    expect(grant.status).toBe('pending');
    const mail = await readOutbox(t, 'caregiver-invitation');
    expect(mail.to).toContain('ben@example.com');
    expect(mail.body).toContain('ada (ada@example.com) invites you');
    expect(mail.body).toContain('View metrics (dashboard, charts, health score)');
    expect(mail.body).toContain(`${t.config.publicUrl}/settings#caregivers`);

    const pending = await list(ben);
    expect(pending.received).toEqual([
      expect.objectContaining({
        id: grant.id,
        personId: adaId,
        personName: 'ada',
        permissions: ['metrics', 'clinical'],
        status: 'pending',
      }),
    ]);
    // Before acceptance the grant opens nothing.
    const early = await send('GET', WEIGHTS, asFor(ben, adaId));
    expect(early.statusCode).toBe(403);
    expect(early.json().error).toEqual({ code: 'auth/not-permitted', message: NO_ACCESS });
    // Cleo is not the invitee: to her the invitation does not exist.
    expect((await send('POST', `/api/caregivers/${grant.id}/accept`, cleo)).statusCode).toBe(404);

    const accepted = await send('POST', `/api/caregivers/${grant.id}/accept`, ben);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ status: 'active', personId: adaId });
    expect((await send('POST', `/api/caregivers/${grant.id}/accept`, ben)).statusCode).toBe(404);
    expect((await list(ada)).given).toEqual([
      expect.objectContaining({
        id: grant.id,
        email: 'ben@example.com',
        caregiverName: 'ben',
        status: 'active',
      }),
    ]);
  });

  it('serves exactly the granted sections as the person, and nothing else', async () => {
    const forAda = asFor(ben, adaId);
    // Granted: metrics and clinical records, the same answers Ada herself gets.
    for (const url of [
      WEIGHTS,
      '/api/metrics/why?type=weight&date=2026-11-20',
      '/api/clinical-records',
      '/api/health-score',
    ]) {
      const own = await send('GET', url, ada);
      const cared = await send('GET', url, forAda);
      expect(cared.statusCode, `${url} → ${cared.body}`).toBe(200);
      expect(cared.body, url).toBe(own.body);
    }
    expect(
      (await send('GET', WEIGHTS, forAda)).json().data.items.map((i: { value: number }) => i.value),
    ).toEqual([71.3]);
    // The summary without lab results: the grant has no "labs".
    const summary = await send('GET', '/api/metrics/summary?tz=UTC', forAda);
    expect((summary.json().data.items as { type: string }[]).map((i) => i.type)).toEqual(['weight']);

    // Not granted: labs, insights and goals, manual entries, sources and imports.
    const refusals: [Method, string, string, unknown?][] = [
      ['GET', LABS, 'View lab results'],
      ['GET', '/api/metrics/why?type=ldl_cholesterol&date=2026-11-20', 'View lab results'],
      ['GET', '/api/insights', 'View insights and goals'],
      ['GET', '/api/goals', 'View insights and goals'],
      [
        'POST',
        '/api/metrics',
        'Add, change and delete manual entries',
        { type: 'weight', value: 99, unit: 'kg', start: '2026-11-21T07:00:00Z' },
      ],
      ['GET', '/api/data-sources', 'Manage sources (connect, sync, import files)'],
      ['GET', '/api/imports', 'Manage sources (connect, sync, import files)'],
    ];
    for (const [method, url, label, body] of refusals) {
      const res = await send(method, url, forAda, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toEqual({
        code: 'auth/not-permitted',
        message: `This person has not allowed you to do this (“${label}”).`,
      });
    }
    // The account's own routes are never reachable on someone's behalf.
    const own: [Method, string, unknown?][] = [
      ['GET', '/api/auth/me'],
      ['GET', '/api/settings'],
      ['GET', '/api/settings/audit-log'],
      ['GET', '/api/settings/export'],
      ['GET', '/api/identity/sessions'],
      ['GET', '/api/identity/mfa'],
      ['GET', '/api/tokens'],
      ['GET', '/api/shares'],
      ['GET', '/api/caregivers'],
      ['POST', '/api/caregivers', { email: 'eve@example.com', permissions: ['metrics'] }],
      ['GET', '/api/reports'],
      ['GET', '/api/webhooks'],
      ['PUT', '/api/auth/profile', { name: 'Taken over' }],
      ['DELETE', '/api/auth/account', {}],
    ];
    for (const [method, url, body] of own) {
      const res = await send(method, url, forAda, body);
      expect(res.statusCode, `${method} ${url} → ${res.body}`).toBe(403);
      expect(res.json().error).toEqual({ code: 'auth/not-permitted', message: OWN_USE });
    }
    const me = await send('GET', '/api/auth/me', ada);
    expect(me.json().data).toMatchObject({ id: adaId, name: 'ada' });
    // Nothing was written for Ada: her weights are her own one value.
    const weights = await send('GET', WEIGHTS, ada);
    expect(weights.json().data.items.map((i: { value: number }) => i.value)).toEqual([71.3]);
  });

  it("records every access in the person's audit log", async () => {
    const before = (await accessEntries()).length;
    await send('GET', WEIGHTS, asFor(ben, adaId));
    await send('GET', '/api/clinical-records', asFor(ben, adaId));
    const entries = await accessEntries();
    expect(entries.length).toBe(before + 2);
    expect(entries.slice(0, 2).map((e) => e.details)).toEqual([
      { caregiver: 'ben@example.com', permission: 'clinical', request: 'GET /api/clinical-records' },
      { caregiver: 'ben@example.com', permission: 'metrics', request: 'GET /api/metrics' },
    ]);
    // Ben's own log has none of them; a refused request is not an access.
    const benLog = await send('GET', '/api/settings/audit-log?limit=500', ben);
    expect(benLog.body).not.toContain('caregiver.access');
    await send('GET', LABS, asFor(ben, adaId));
    expect((await accessEntries()).length).toBe(before + 2);
  });

  it("never reaches a third person's data, and API tokens never act for anyone", async () => {
    const third = await send('GET', WEIGHTS, asFor(ben, cleoId));
    expect(third.statusCode).toBe(403);
    expect(third.json().error).toEqual({ code: 'auth/not-permitted', message: NO_ACCESS });
    expect(third.body).not.toContain('58.4');
    const unknown = await send('GET', WEIGHTS, asFor(ben, '00000000-0000-4000-8000-000000000000'));
    expect(unknown.body).toBe(third.body);
    // Cleo cannot use Ben's grant from Ada.
    expect((await send('GET', WEIGHTS, asFor(cleo, adaId))).statusCode).toBe(403);
    // The own id in the header is the own data.
    const self = await send('GET', WEIGHTS, asFor(ada, adaId));
    expect(self.json().data.items.map((i: { value: number }) => i.value)).toEqual([71.3]);

    const token = await send('POST', '/api/tokens', ben, { name: 'Script', scopes: ['metrics:read'] });
    expect(token.statusCode, token.body).toBe(201);
    const byToken = await send('GET', WEIGHTS, asFor(bearer(token.json().data.token as string), adaId));
    expect(byToken.statusCode).toBe(403);
    expect(byToken.json().error.code).toBe('auth/not-permitted');
  });

  it('stops at once when either side revokes', async () => {
    const grant = (await list(ben)).received.find((g) => g.status === 'active');
    expect(grant).toBeDefined();
    expect((await send('GET', WEIGHTS, asFor(ben, adaId))).statusCode).toBe(200);
    // Cleo, a stranger to the grant, cannot revoke it.
    expect((await send('DELETE', `/api/caregivers/${grant!.id}`, cleo)).statusCode).toBe(404);
    const revoked = await send('DELETE', `/api/caregivers/${grant!.id}`, ada);
    expect(revoked.statusCode).toBe(204);
    const after = await send('GET', WEIGHTS, asFor(ben, adaId));
    expect(after.statusCode).toBe(403);
    expect(after.json().error).toEqual({ code: 'auth/not-permitted', message: NO_ACCESS });
    expect((await list(ben)).received.find((g) => g.id === grant!.id)?.status).toBe('revoked');

    // A new grant, this time ended by the caregiver.
    const again = await invite({ email: 'ben@example.com', permissions: ['insights'] });
    expect((await send('POST', `/api/caregivers/${again.id}/accept`, ben)).statusCode).toBe(200);
    expect((await send('GET', '/api/goals', asFor(ben, adaId))).statusCode).toBe(200);
    expect((await send('GET', WEIGHTS, asFor(ben, adaId))).statusCode).toBe(403);
    expect((await send('DELETE', `/api/caregivers/${again.id}`, ben)).statusCode).toBe(204);
    expect((await send('GET', '/api/goals', asFor(ben, adaId))).statusCode).toBe(403);
  });

  it('ends by itself after its end date', async () => {
    const grant = await invite({
      email: 'ben@example.com',
      permissions: ['metrics'],
      endsAt: new Date(clock.now() + 2 * DAY).toISOString(),
    });
    expect((await send('POST', `/api/caregivers/${grant.id}/accept`, ben)).statusCode).toBe(200);
    expect((await send('GET', WEIGHTS, asFor(ben, adaId))).statusCode).toBe(200);
    clock.advance(2 * DAY);
    // Sessions outlive the grant: fresh access tokens after the days passed.
    ben = bearer((await signIn(t, 'ben@example.com')).accessToken);
    ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
    const ended = await send('GET', WEIGHTS, asFor(ben, adaId));
    expect(ended.statusCode).toBe(403);
    expect(ended.json().error).toEqual({
      code: 'auth/not-permitted',
      message: `Your access to this person’s data ended on ${new Date(NOW + 2 * DAY).toISOString().slice(0, 10)}.`,
    });
    expect((await list(ada)).given.find((g) => g.id === grant.id)?.status).toBe('ended');
  });

  it('keeps invitations to an unverified address out of sight, and refuses bad invitations', async () => {
    await createUser(t, 'dan@example.com');
    const dan = bearer((await signIn(t, 'dan@example.com')).accessToken);
    // A fresh sign-in: inviting asks for a factor verified in the last minutes.
    ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
    const grant = await invite({ email: 'dan@example.com', permissions: ['metrics'] });
    const danList = await list(dan);
    expect(danList).toMatchObject({ received: [], emailVerified: false });
    expect((await send('POST', `/api/caregivers/${grant.id}/accept`, dan)).statusCode).toBe(403);

    const self = await send('POST', '/api/caregivers', ada, {
      email: 'ada@example.com',
      permissions: ['metrics'],
    });
    expect(self.statusCode).toBe(400);
    const twice = await send('POST', '/api/caregivers', ada, {
      email: 'dan@example.com',
      permissions: ['labs'],
    });
    expect(twice.statusCode).toBe(409);
    const none = await send('POST', '/api/caregivers', ada, { email: 'eve@example.com', permissions: [] });
    expect(none.statusCode).toBe(400);
    const past = await send('POST', '/api/caregivers', ada, {
      email: 'eve@example.com',
      permissions: ['metrics'],
      endsAt: new Date(clock.now() - DAY).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe('The end date must be in the future.');
  });
});

describe.each(testDialects)('a caregiver with every permission, on %s', (dialect) => {
  let t: TestApp;
  let forAda: Auth;
  let cleo: Auth;

  beforeAll(async () => {
    t = await createTestApp(dialect, { WEBHOOKS_ALLOW_PRIVATE: 'true' }, { insightDebounceMs: 60_000 });
    const adaId = (await createUser(t, 'ada@example.com')).id;
    await createUser(t, 'ben@example.com', undefined, true);
    await createUser(t, 'cleo@example.com');
    const ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
    const ben = bearer((await signIn(t, 'ben@example.com')).accessToken);
    cleo = bearer((await signIn(t, 'cleo@example.com')).accessToken);
    const grant = await t.app.inject({
      method: 'POST',
      url: '/api/caregivers',
      headers: ada,
      payload: { email: 'ben@example.com', permissions: [...CAREGIVER_PERMISSIONS] },
    });
    expect(grant.statusCode, grant.body).toBe(201);
    const id = (grant.json().data as { id: string }).id;
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/caregivers/${id}/accept`,
      headers: ben,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    forAda = { ...ben, 'x-person-id': adaId };
  });
  afterAll(() => t.close());

  it('serves each permission as the person: the same answers the person gets', async () => {
    const ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
    for (const url of [
      '/api/metrics/summary?tz=UTC',
      '/api/metrics?type=ldl_cholesterol&tz=UTC',
      '/api/clinical-records/summary',
      '/api/insights',
      '/api/goals',
      '/api/data-sources',
      '/api/imports',
      '/api/metrics/priorities?type=weight',
    ]) {
      const own = await t.app.inject({ method: 'GET', url, headers: ada });
      const cared = await t.app.inject({ method: 'GET', url, headers: forAda });
      expect(cared.statusCode, `${url} → ${cared.body}`).toBe(200);
      expect(cared.body, url).toBe(own.body);
    }
    // Entries are written for the person, under her account.
    const entry = await t.app.inject({
      method: 'POST',
      url: '/api/metrics',
      headers: forAda,
      payload: { type: 'weight', value: 66.6, unit: 'kg', start: '2026-11-21T07:00:00Z' },
    });
    expect(entry.statusCode, entry.body).toBe(201);
    const id = (entry.json().data as { id: string }).id;
    expect((await t.app.inject({ method: 'GET', url: `/api/metrics/${id}`, headers: ada })).statusCode).toBe(
      200,
    );
  });

  it("never reaches a third person's objects through the person's grant", async () => {
    for (const kind of OWNED_KINDS) {
      const id = await kind.create(t, cleo);
      const before = await kind.read(t, cleo, id);
      for (const route of kind.routes) {
        const res = await t.app.inject({
          method: route.method,
          url: route.url.replace(':id', id),
          headers: forAda,
          ...(route.body === undefined ? {} : { payload: route.body as Record<string, unknown> }),
        });
        // 404 as for anyone's unknown id, or 403 where the route is the account's own.
        expect([403, 404], `${kind.kind}: ${route.method} ${route.url} → ${res.body}`).toContain(
          res.statusCode,
        );
      }
      expect(await kind.read(t, cleo, id), `${kind.kind} changed`).toEqual(before);
    }
    for (const url of ['/api/metrics?type=weight', '/api/metrics/summary', '/api/goals', '/api/imports']) {
      const res = await t.app.inject({ method: 'GET', url, headers: forAda });
      expect(res.statusCode, `${url} → ${res.body}`).toBe(200);
      for (const marker of ['cleo@example.com', 'owner-only note', 'Owner goal', '71.3', '12345']) {
        expect(res.body, `${url} shows Cleo's ${marker}`).not.toContain(marker);
      }
    }
  });
});
