import { medicare } from '@healthfolio/connectors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenVault } from '../../src/modules/sources/token-vault';
import { testDialects } from '../databases';
import {
  allowAtConsent,
  connectAndSync,
  connectThroughConsent,
  connectorFixture,
  countedSync,
  DAY_MS,
  expectDisconnect,
  expectForgedStateRefused,
  expectRefreshOnExpiry,
  expectResyncAddsNothing,
  postCallback,
  sampleCounter,
  syncThrough429,
  type ConnectorFixture,
} from './helpers';
import { userNo } from '../../src/db/user-number';

/** The sandbox beneficiary the fake's token answer names. */
const PATIENT = '-20140000010042';

describe.each(testDialects)('the Medicare (Blue Button 2.0) connector against its fake on %s', (dialect) => {
  let f: ConnectorFixture;
  beforeAll(async () => {
    f = await connectorFixture(medicare, dialect);
  });
  afterAll(() => f.close());

  const rows = (kind: string) =>
    f.t.db.kysely
      .selectFrom('samples')
      .innerJoin('users', 'users.user_no', 'samples.user_no')
      .select(['origin_id', 'start_at', 'end_at', 'meta', 'users.id as user_id'])
      .where('source', '=', 'medicare')
      .where('kind', '=', kind)
      .orderBy('start_at')
      .execute();
  const code = (meta: string | null) =>
    (JSON.parse(meta!) as { code: { system?: string; code?: string; display: string } }).code;

  /** A token of the fake's own, to ask it what it holds (as the beneficiary's app would). */
  async function fakeToken(): Promise<string> {
    const redirect = 'http://localhost/cb';
    const verifier = 'v'.repeat(50);
    const challenge = (await import('node:crypto')).createHash('sha256').update(verifier).digest('base64url');
    const approve = await fetch(`${f.fake.url}/v2/o/authorize/`, {
      method: 'POST',
      body: new URLSearchParams({
        decision: 'allow',
        redirect_uri: redirect,
        client_id: 'test-client',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }),
      redirect: 'manual',
    });
    const code = new URL(approve.headers.get('location')!).searchParams.get('code')!;
    const res = await fetch(`${f.fake.url}/v2/o/token/`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('test-client:test-secret').toString('base64')}` },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirect,
        code_verifier: verifier,
      }),
    });
    const answer = (await res.json()) as { access_token: string; patient: string; expires_in: number };
    expect(answer).toMatchObject({ patient: PATIENT, expires_in: 3600 });
    return answer.access_token;
  }

  it('lists Medicare as an OAuth source with Blue Button’s scopes', async () => {
    expect(await f.source()).toMatchObject({
      status: 'disconnected',
      configured: true,
      connectMethod: 'oauth',
    });
    expect(await f.integration()).toMatchObject({
      configured: true,
      scopes: [
        'patient/Patient.read',
        'patient/Coverage.read',
        'patient/ExplanationOfBenefit.read',
        'profile',
      ],
    });
  });

  it('asks for consent with PKCE (S256); Blue Button refuses a request without it and a wrong verifier', async () => {
    const res = await f.get('/api/integrations/oauth/medicare');
    expect(res.statusCode, res.body).toBe(200);
    const consent = new URL(res.json().data.url as string);
    expect(consent.origin + consent.pathname).toBe(`${f.fake.url}/v2/o/authorize/`);
    expect(consent.searchParams.get('code_challenge_method')).toBe('S256');
    expect(consent.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(consent.searchParams.get('scope')).toBe(
      'patient/Patient.read patient/Coverage.read patient/ExplanationOfBenefit.read profile',
    );
    expect((await fetch(consent)).status).toBe(200);
    const bare = new URL(consent);
    bare.searchParams.delete('code_challenge');
    bare.searchParams.delete('code_challenge_method');
    const refused = await fetch(bare);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_request' });

    // The person allows; the verifier we kept is then tampered with: the token exchange must fail.
    const back = await allowAtConsent(consent);
    await f.t.db.kysely
      .updateTable('oauth_states')
      .set({ code_verifier: 'tampered-verifier-tampered-verifier-tampered' })
      .where('kind', '=', 'medicare')
      .execute();
    const done = await postCallback(f, f.ada, back);
    expect(done.statusCode, done.body).toBe(422);
    expect(done.json().error.message).toMatch(/refused the sign-in \(400\)/);
    expect(await f.source()).toMatchObject({ status: 'disconnected' });
  });

  it('connects, keeps the beneficiary from the token answer, and reads every claim page by page', async () => {
    const { status } = await connectAndSync(f);
    const token = await fakeToken();
    const total = (
      (await (
        await fetch(`${f.fake.url}/v2/fhir/ExplanationOfBenefit/?patient=${PATIENT}&_count=1`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { total: number }
    ).total;
    // Four years of Part A, B and D claims.
    expect(total).toBeGreaterThan(180);
    expect(total).toBeLessThan(300);
    const eobPages = Math.ceil(total / 50);
    // Patient, Coverage, then the claims at 50 a page.
    expect(status.progress.pages).toBe(2 + eobPages);

    const stats = await f.syncStats();
    const count = sampleCounter(stats);
    expect(count('insurance_coverage')).toBe(3);
    expect(count('medical_service')).toBe(total);
    expect(count('diagnosis')).toBeGreaterThan(total / 2);
    expect(count('procedure')).toBeGreaterThanOrEqual(1);
    const run = stats.history[0]!;
    expect(run).toMatchObject({ status: 'succeeded', requests: 2 + eobPages });
    expect(run.inserted).toBe(run.samples);

    const connection = await f.t.db.kysely
      .selectFrom('source_connections')
      .selectAll()
      .where('kind', '=', 'medicare')
      .executeTakeFirstOrThrow();
    const tokens = TokenVault.open(f.t.config.dataDir, f.t.config.encryptionKey).unseal(connection.tokens!)!;
    expect(tokens.extra).toMatchObject({ patient: PATIENT });
    expect(tokens.refreshToken).toBeTruthy();
  });

  it('maps coverage, claims, ICD-10 diagnoses and procedures', async () => {
    const coverage = await rows('insurance_coverage');
    expect(coverage.map((r) => code(r.meta).display).sort()).toEqual([
      'Medicare Part A',
      'Medicare Part B',
      'Medicare Part D',
    ]);
    const services = await rows('medical_service');
    const names = new Set(services.map((r) => code(r.meta).display));
    expect(names).toContain('HCPCS 99213');
    expect(names).toContain('Metformin Hydrochloride 500 MG Oral Tablet');
    expect(names).toContain('Inpatient claim');
    const types = new Set(
      services.map(
        (r) => (JSON.parse(r.meta!) as { provenance: { claimType: string } }).provenance.claimType,
      ),
    );
    expect(types).toEqual(new Set(['CARRIER', 'OUTPATIENT', 'INPATIENT', 'PDE']));
    // Claims span four years.
    expect(Number(services.at(-1)!.start_at) - Number(services[0]!.start_at)).toBeGreaterThan(
      3.5 * 365 * DAY_MS,
    );

    const diagnoses = await rows('diagnosis');
    const codes = new Set(diagnoses.map((r) => code(r.meta).code));
    for (const c of ['E119', 'I10']) expect(codes).toContain(c);
    expect(diagnoses.every((r) => code(r.meta).system === 'http://hl7.org/fhir/sid/icd-10-cm')).toBe(true);
    // Each diagnosis belongs to a stored claim, and a code repeated on a claim counts once.
    const claimIds = new Set(services.map((r) => r.origin_id));
    for (const d of diagnoses) expect(claimIds).toContain(d.origin_id.split('#')[0]);
    expect(new Set(diagnoses.map((d) => d.origin_id)).size).toBe(diagnoses.length);

    const procedures = await rows('procedure');
    const knee = procedures.find((p) => code(p.meta).code === '0SRD0J9')!;
    expect(code(knee.meta)).toMatchObject({
      system: 'http://www.cms.gov/Medicare/Coding/ICD10',
      display: 'Replacement of Left Knee Joint with Synthetic Substitute, Cemented, Open Approach',
    });
    expect(claimIds).toContain(knee.origin_id.split('#')[0]);

    // Every row is Ada's: Ben, who never connected, has none.
    for (const r of [...coverage, ...services, ...diagnoses, ...procedures]) expect(r.user_id).toBe(f.adaId);
  });

  it('re-syncs without duplicates, and picks up claims CMS loads later', async () => {
    const incremental = await countedSync(f);
    // Patient, Coverage (unchanged this week: empty) and one page of claims loaded in the last two days.
    expect(incremental.requests).toBe(3);
    expect(incremental.stats.history[0]).toMatchObject({ status: 'succeeded', inserted: 0 });
    await expectResyncAddsNothing(f, 3650, 300);

    const before = (await rows('medical_service')).length;
    f.clock.advance(14 * DAY_MS);
    await f.signInAgain();
    // Our own sign-in lapsed with the days; Blue Button's access token did too: the sync refreshes it.
    const later = await f.syncNow();
    expect(later.history[0]).toMatchObject({ status: 'succeeded' });
    expect(later.history[0]!.inserted).toBeGreaterThan(0);
    expect((await rows('medical_service')).length).toBeGreaterThan(before);
  }, 60_000);

  it('refreshes an expired access token (refresh tokens are single-use) and goes on', async () => {
    await expectRefreshOnExpiry(f, 30);
    await expectRefreshOnExpiry(f, 30);
  });

  it('waits out a 429 with Retry-After and finishes the sync', async () => {
    const { stats, answered } = await syncThrough429(f, 3650, 3);
    expect(answered).toBeGreaterThanOrEqual(6);
    expect(stats.history[0]!.requests).toBeGreaterThanOrEqual(answered + Math.floor(answered / 2));
    expect(stats.history[0]!.inserted).toBe(0);
  });

  it('refuses a forged state on the callback', async () => {
    await expectForgedStateRefused(f);
  });

  it('asks to connect again when the grant is revoked, and a new consent brings it back', async () => {
    f.fake.control.revokeGrants!();
    f.fake.control.expireTokens!();
    await f.syncNow(2);
    const status = await f.syncStatus();
    expect(status.status).toBe('error');
    expect(status.error).toContain('Connect Medicare (Blue Button 2.0) again');

    const { source } = await connectThroughConsent(f.t, f.ada, 'medicare');
    expect(['syncing', 'connected']).toContain(source.status);
    await f.t.syncRunner.idle();
    expect(await f.syncStatus()).toMatchObject({ status: 'connected', error: null });
  });

  it('connects the sandbox mounted on this server', async () => {
    const self = await f.t.app.listen({ host: '127.0.0.1', port: 0 });
    const res = await f.t.app.inject({
      method: 'POST',
      url: '/api/integrations/medicare/connect',
      headers: f.ben,
      payload: { sandbox: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const consent = new URL(res.json().data.authorizationUrl as string);
    expect(consent.pathname).toBe('/sandbox/medicare/v2/o/authorize/');
    // The browser's address is the public one; in the test the sandbox answers on the loopback one.
    const back = await allowAtConsent(consent, { at: new URL(consent.pathname, self) });
    const done = await postCallback(f, f.ben, back);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.source).toMatchObject({ kind: 'medicare', sandbox: true });
    await f.t.syncRunner.idle();
    expect(await f.syncStatus(f.ben)).toMatchObject({ status: 'connected', error: null });
    const bens = await f.t.db.kysely
      .selectFrom('samples')
      .select('kind')
      .where('user_no', '=', userNo(f.benId))
      .where('source', '=', 'medicare')
      .execute();
    expect(new Set(bens.map((b) => b.kind))).toEqual(
      new Set(['insurance_coverage', 'medical_service', 'diagnosis', 'procedure']),
    );
  });

  it('disconnects, revoking the grant at Blue Button, keeping or deleting the claims as asked', async () => {
    const claims = async () => (await rows('medical_service')).filter((r) => r.user_id === f.adaId).length;
    await expectDisconnect(f, {
      keeper: f.ada,
      revoked: true,
      kept: async () => expect(await claims()).toBeGreaterThan(180),
      deleted: 300,
      gone: async () => expect(await claims()).toBe(0),
    });
  });
});
