import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ehr, epic, va } from '@healthfolio/connectors';
import type { DataSource } from '@healthfolio/core';
import { createSmartFake, SYNTHETIC_PATIENTS } from '@healthfolio/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, signIn } from '../identity/helpers';
import {
  allowAtConsent,
  connectorFixture,
  expectReconnectAsked,
  expectRefreshOnExpiry,
  firstSyncDone,
  NOW,
  sampleCounter,
  startFake,
  type ConnectorFixture,
  type RunningFake,
} from './helpers';

type Auth = Record<string, string>;
const [ADA, , SAM] = SYNTHETIC_PATIENTS.map((p) => p.id) as [string, string, string];

/** Our API's consent URL for `kind` (GET /integrations/oauth/:kind, or a connect call's answer). */
async function consentUrl(t: TestApp, auth: Auth, kind: string): Promise<URL> {
  const res = await t.app.inject({ method: 'GET', url: `/api/integrations/oauth/${kind}`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return new URL((res.json() as { data: { url: string } }).data.url);
}

/**
 * The person on the EHR's consent page: it loads (checking aud and PKCE), lists the patients, and they
 * pick one and allow. Answers the code and state the EHR sends back to /oauth/callback.
 */
async function consent(url: URL, patient: string): Promise<{ code: string; state: string }> {
  const page = await fetch(url);
  expect(page.status, await page.clone().text()).toBe(200);
  const html = await page.text();
  const offered = [...html.matchAll(/name="patient" value="([^"]+)"/g)].map((m) => m[1]);
  expect(offered).toEqual(SYNTHETIC_PATIENTS.map((p) => p.id));
  return allowAtConsent(url, { fields: { patient } });
}

async function callback(t: TestApp, auth: Auth, answer: { code: string; state: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/integrations/oauth/callback',
    headers: auth,
    payload: answer,
  });
}

/** Connects `kind` for `auth` as `patient` through the EHR's consent page and waits for the first sync. */
async function connectAs(t: TestApp, auth: Auth, kind: string, patient: string): Promise<DataSource> {
  const done = await callback(t, auth, await consent(await consentUrl(t, auth, kind), patient));
  expect(done.statusCode, done.body).toBe(200);
  await t.syncRunner.idle();
  return (done.json() as { data: { source: DataSource } }).data.source;
}

async function recordCounts(t: TestApp, userId: string, source: string): Promise<Record<string, number>> {
  const rows = await t.db.kysely
    .selectFrom('clinical_records')
    .select(['category', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .where('source', '=', source)
    .groupBy('category')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.category, Number(r.n)]));
}

interface RawItem {
  type: string;
  value: number;
  source: string;
  flag: string | null;
  referenceRange?: { low?: number; high?: number };
}
async function raw(f: ConnectorFixture, type: string, auth: Auth = f.ada): Promise<RawItem[]> {
  const res = await f.get(
    `/api/metrics?type=${type}&bucket=raw&from=2020-01-01&to=2026-11-23&limit=1000`,
    auth,
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { items: RawItem[] } }).data.items;
}

describe.each(testDialects)('SMART on FHIR (Epic) against the sandbox EHR on %s', (dialect) => {
  let f: ConnectorFixture;
  beforeAll(async () => {
    f = await connectorFixture(epic, dialect);
  });
  afterAll(() => f.close());

  it('discovers the authorize endpoint from .well-known/smart-configuration and asks with aud and S256', async () => {
    const url = await consentUrl(f.t, f.ada, 'epic');
    expect(url.origin + url.pathname).toBe(`${f.fake.url}/auth/authorize`); // not the manifest's /oauth2/authorize
    expect(url.searchParams.get('aud')).toBe(f.fake.url);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('scope')).toBe(
      'launch/patient openid fhirUser offline_access patient/*.read',
    );
    // The EHR refuses a consent request for another FHIR server, or without PKCE.
    const wrongAud = new URL(url);
    wrongAud.searchParams.set('aud', 'https://elsewhere.example/fhir');
    expect((await fetch(wrongAud)).status).toBe(400);
    const noPkce = new URL(url);
    noPkce.searchParams.delete('code_challenge');
    expect((await fetch(noPkce)).status).toBe(400);
  });

  it('completes only with the PKCE verifier that matches the challenge', async () => {
    // A verifier that does not match: the server's saved one is tampered with before the callback.
    const url = await consentUrl(f.t, f.ada, 'epic');
    const answer = await consent(url, ADA);
    await f.t.db.kysely
      .updateTable('oauth_states')
      .set({ code_verifier: 'tampered-verifier-tampered-verifier-tampered' })
      .where('user_id', '=', f.adaId)
      .execute();
    const refused = await callback(f.t, f.ada, answer);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toMatch(/refused the sign-in \(400\)/);
    // Straight at the token endpoint: no verifier at all is refused too.
    const again = await consent(await consentUrl(f.t, f.ada, 'epic'), ADA);
    const bare = await fetch(`${f.fake.url}/auth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: again.code,
        redirect_uri: url.searchParams.get('redirect_uri')!,
        client_id: 'test-client',
      }),
    });
    expect(bare.status).toBe(400);
    expect(await bare.json()).toMatchObject({ error: 'invalid_grant' });
    // The real flow, with the verifier our server kept, connects.
    const source = await connectAs(f.t, f.ada, 'epic', ADA);
    expect(source.kind).toBe('epic');
    await firstSyncDone(f);
  });

  it('reads every search page by page, following next links, for the patient in the token answer', async () => {
    const stats = await f.syncStats();
    expect(stats.history[0]).toMatchObject({ status: 'succeeded' });
    // 9 searches; Ada's 274 vital signs take 3 pages of 100.
    expect(stats.history[0]!.requests).toBe(11);
    expect(f.fake.control.requests!()).toBe(11);
    const count = sampleCounter(stats);
    expect(count('heart_rate')).toBe(113);
    expect(count('blood_pressure_systolic')).toBe(113);
    expect(count('diagnosis')).toBe(3);
    expect(count('procedure')).toBe(1);
    const status = await f.syncStatus();
    expect(status.progress.pages).toBe(11);
  });

  it('maps LOINC vitals and labs to catalogue kinds with reference ranges and flags', async () => {
    for (const kind of [
      'heart_rate',
      'blood_pressure_systolic',
      'weight',
      'height',
      'bmi',
      'oxygen_saturation',
      'body_temperature',
      'respiratory_rate',
    ]) {
      const items = await raw(f, kind);
      expect(items.length, kind).toBeGreaterThanOrEqual(8);
      expect(items.every((i) => i.source === 'epic')).toBe(true);
    }
    const a1c = await raw(f, 'hemoglobin_a1c');
    expect(a1c).toHaveLength(8);
    for (const item of a1c) {
      expect(item.referenceRange).toEqual({ low: 4, high: 5.6 });
      expect(item.flag).toBe(item.value > 5.6 ? 'high' : item.value < 4 ? 'low' : null);
    }
    const ldl = await raw(f, 'ldl_cholesterol');
    expect(ldl).toHaveLength(8);
    for (const item of ldl) {
      expect(item.referenceRange).toEqual({ high: 100 });
      expect(item.flag).toBe(item.value > 100 ? 'high' : null);
    }
    const hdl = await raw(f, 'hdl_cholesterol');
    expect(hdl.every((i) => i.referenceRange?.low === 40)).toBe(true);
    for (const kind of [
      'total_cholesterol',
      'triglycerides',
      'blood_glucose',
      'creatinine',
      'egfr',
      'thyroid_stimulating_hormone',
    ]) {
      expect((await raw(f, kind)).length, kind).toBe(8);
    }
  });

  it('keeps conditions, procedures, medications, immunizations, allergies and encounters for the clinical view', async () => {
    expect(await recordCounts(f.t, f.adaId, 'epic')).toEqual({
      condition: 3,
      procedure: 1,
      medication: 16,
      immunization: 4,
      allergy: 2,
      encounter: 8,
    });
    expect(await recordCounts(f.t, f.benId, 'epic')).toEqual({});
  });

  it('adds nothing on an incremental re-sync or on a re-sync of ten years', async () => {
    const incremental = await f.syncNow();
    expect(incremental.history[0]).toMatchObject({ status: 'succeeded', inserted: 0 });
    const full = await f.syncNow(3650);
    expect(full.history[0]).toMatchObject({ status: 'succeeded', inserted: 0 });
    expect(full.history[0]!.samples).toBeGreaterThan(400);
    expect(await recordCounts(f.t, f.adaId, 'epic')).toMatchObject({ medication: 16, encounter: 8 });
  });

  it('refreshes an expired access token, keeping the patient in context', async () => {
    await expectRefreshOnExpiry(f, 30);
    expect((await f.syncStats()).history[0]!.samples).toBeGreaterThan(0);
  });

  it('connects a patient with no procedures, immunizations or allergies and syncs fine', async () => {
    await connectAs(f.t, f.ben, 'epic', SAM);
    const status = await f.syncStatus(f.ben);
    expect(status).toMatchObject({ state: 'idle', status: 'connected', error: null });
    const count = sampleCounter(await f.syncStats(f.ben));
    expect(count('heart_rate')).toBe(53); // a year of weekly readings
    expect(count('diagnosis')).toBe(0);
    expect(await recordCounts(f.t, f.benId, 'epic')).toEqual({});
    // Ben reads his own patient, not Ada's.
    expect((await raw(f, 'hemoglobin_a1c', f.ben)).length).toBe(0);
  });

  it('asks to connect again once the EHR revokes the grant', async () => {
    await expectReconnectAsked(f, 30, 'Epic \\(MyChart\\)');
  });
});

/** VA Lighthouse as its own kind, with a server that offers no Procedure or Immunization search. */
const vaWithoutSomeTypes = createSmartFake({
  providerName: 'VA Lighthouse',
  oauth: va.manifest.oauth!,
  unsupported: ['Procedure', 'Immunization'],
});

describe.each(testDialects)('SMART on FHIR (VA Lighthouse) on %s', (dialect) => {
  let f: ConnectorFixture;
  beforeAll(async () => {
    f = await connectorFixture(va, dialect, { provider: vaWithoutSomeTypes });
  });
  afterAll(() => f.close());

  it('connects with its own manifest (client secret by HTTP Basic), skipping types the server does not offer', async () => {
    expect(va.manifest.oauth).toMatchObject({
      clientAuth: 'basic',
      discovery: 'smart',
      audience: true,
      pkce: true,
    });
    await connectAs(f.t, f.ada, 'va', ADA);
    await firstSyncDone(f);
    const stats = await f.syncStats();
    const count = sampleCounter(stats);
    expect(count('heart_rate')).toBe(113);
    expect(count('procedure')).toBe(0);
    expect((await raw(f, 'hemoglobin_a1c')).every((i) => i.source === 'va')).toBe(true);
    const records = await recordCounts(f.t, f.adaId, 'va');
    expect(records).toMatchObject({ condition: 3, medication: 16, allergy: 2, encounter: 8 });
    expect(records.procedure).toBeUndefined();
    expect(records.immunization).toBeUndefined();
  });

  it('refuses the token request when the client secret is wrong', async () => {
    const url = await consentUrl(f.t, f.ada, 'va');
    const answer = await consent(url, ADA);
    const res = await fetch(`${f.fake.url}/auth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('test-client:wrong').toString('base64')}` },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: answer.code,
        redirect_uri: url.searchParams.get('redirect_uri')!,
      }),
    });
    expect(res.status).toBe(401);
  });
});

describe.each(testDialects)('the ehr endpoint directory on %s', (dialect) => {
  let fake: RunningFake;
  let t: TestApp;
  let auth: Auth;
  let userId: string;
  let dir: string;
  beforeAll(async () => {
    fake = await startFake(ehr, { now: () => NOW, clientId: 'test-client' });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-smart-'));
    const file = path.join(dir, 'endpoints.json');
    fs.writeFileSync(
      file,
      JSON.stringify([{ id: 'loopback-clinic', name: 'Loopback Community Clinic', fhirBaseUrl: fake.url }]),
    );
    t = await createTestApp(
      dialect,
      { EHR_CLIENT_ID: 'test-client', SMART_ENDPOINTS_FILE: file },
      { now: () => NOW },
    );
    userId = (await createUser(t, 'ada@example.com')).id;
    auth = bearer((await signIn(t, 'ada@example.com')).accessToken);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const connect = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/integrations/ehr/connect', headers: auth, payload });

  it('lists the sandbox EHR, the built-in sandboxes and the operator file', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/integrations/ehr/endpoints', headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    const items = (res.json() as { data: { items: { id: string; fhirBaseUrl: string | null }[] } }).data
      .items;
    expect(items[0]).toEqual({ id: 'sandbox', name: 'Healthfolio sandbox EHR', fhirBaseUrl: null });
    expect(items.map((i) => i.id)).toEqual(
      expect.arrayContaining(['loopback-clinic', 'smart-health-it', 'epic-sandbox', 'cerner-sandbox']),
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/integrations/ehr/endpoints' })).statusCode).toBe(
      401,
    );
  });

  it('refuses an endpoint that is not in the list', async () => {
    const res = await connect({ endpoint: 'somewhere-else' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Choose an endpoint from the list');
  });

  it('connects the chosen endpoint: its consent page, then its records under ehr', async () => {
    const res = await connect({ endpoint: 'loopback-clinic' });
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL((res.json() as { data: { authorizationUrl: string } }).data.authorizationUrl);
    expect(url.origin + url.pathname).toBe(`${fake.url}/auth/authorize`);
    expect(url.searchParams.get('aud')).toBe(fake.url);
    const done = await callback(t, auth, await consent(url, ADA));
    expect(done.statusCode, done.body).toBe(200);
    await t.syncRunner.idle();
    const row = await t.db.kysely
      .selectFrom('source_connections')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', 'ehr')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.settings!)).toEqual({ endpoint: 'loopback-clinic', baseUrl: fake.url });
    expect(row.status).toBe('connected');
    expect(row.tokens).not.toContain('access');
    expect(await recordCounts(t, userId, 'ehr')).toMatchObject({ condition: 3, encounter: 8 });
    const a1c = await t.app.inject({
      method: 'GET',
      url: '/api/metrics?type=hemoglobin_a1c&bucket=raw&from=2020-01-01&to=2026-11-23',
      headers: auth,
    });
    expect((a1c.json() as { data: { items: { source: string }[] } }).data.items).toHaveLength(8);
  });

  it('connects the sandbox EHR mounted on this server', async () => {
    // The server reaches its own sandbox on its loopback address once it listens.
    const self = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const res = await connect({ endpoint: 'sandbox' });
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL((res.json() as { data: { authorizationUrl: string } }).data.authorizationUrl);
    expect(url.origin).toBe('http://localhost:8080'); // the public address the browser reaches
    expect(url.pathname).toBe('/sandbox/ehr/auth/authorize');
    expect(url.searchParams.get('aud')).toBe(`${self}/sandbox/ehr`);
    const browser = new URL(url.pathname + url.search, self);
    const done = await callback(t, auth, await consent(browser, SAM));
    expect(done.statusCode, done.body).toBe(200);
    expect((done.json() as { data: { source: DataSource } }).data.source).toMatchObject({
      kind: 'ehr',
      sandbox: true,
    });
    await t.syncRunner.idle();
    const row = await t.db.kysely
      .selectFrom('source_connections')
      .innerJoin('sync_state', 'sync_state.connection_id', 'source_connections.id')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', 'ehr')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'connected', sandbox: 1, last_error: null });
    expect(JSON.parse(row.settings!)).toEqual({ endpoint: 'sandbox' });
  });
});
