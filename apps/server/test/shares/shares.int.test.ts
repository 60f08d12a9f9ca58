import type { PublicShare, Share, ShareCreated } from '@healthfolio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/modules/metrics/time';
import { SHARE_VIEW_LIMIT } from '../../src/modules/shares/shares.service';
import { testDialects } from '../databases';
import type { MetricsFixture } from '../metrics/helpers';
import { setSharing, sharesFixture } from './helpers';

const tokenOf = (created: ShareCreated) => created.url.split('/s/')[1] ?? '';

describe.each(testDialects)('shares with a clinician on %s', (dialect) => {
  let f: MetricsFixture;
  beforeAll(async () => {
    f = await sharesFixture(dialect);
  });
  afterAll(() => f.t.close());

  const create = (payload: object, auth = f.ada.auth) =>
    f.t.app.inject({ method: 'POST', url: '/api/shares', headers: auth, payload });
  const open = (token: string, headers: Record<string, string> = {}, ip = '203.0.113.77') =>
    f.t.app.inject({
      method: 'GET',
      url: `/api/public/shares/${token}`,
      headers: { 'user-agent': 'ClinicBrowser/1.0', ...headers },
      remoteAddress: ip,
    });
  const activityAndLabs = {
    recipient: 'Dr. Rivera',
    sections: ['activity', 'labs'],
    from: '2026-11-12',
    to: '2026-11-18',
  };

  it('refuses to create a share while “share with providers” is off', async () => {
    const res = await create(activityAndLabs);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('share/disabled');
    expect(res.json().error.message).toMatch(/Share with providers/);
  });

  it('lets only allowed providers be chosen, and leaves insights out while they are not shared', async () => {
    await setSharing(f, {
      privacy: { shareWithProviders: true },
      dataSharing: { allowedProviders: ['Dr. Rivera'], shareInsights: false },
    });
    const stranger = await create({ ...activityAndLabs, recipient: 'Dr. Smith' });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().error.code).toBe('share/recipient-not-allowed');
    const insights = await create({ ...activityAndLabs, sections: ['insights'] });
    expect(insights.statusCode).toBe(403);
    expect(insights.json().error.code).toBe('share/section-not-allowed');
    await setSharing(f, { dataSharing: { allowedProviders: [], shareInsights: true } });
  });

  it('shows the recipient exactly the shared sections over the shared period, and no one else’s data', async () => {
    const res = await create({ ...activityAndLabs, recipient: 'dr. rivera' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data as ShareCreated;
    expect(created.url).toMatch(/\/s\/[A-Za-z0-9_-]{43}$/);
    expect(created.expiresAt).toBe(new Date(f.clock.now() + 7 * DAY_MS).toISOString());
    expect(created.code).toBeUndefined();

    const view = await open(tokenOf(created));
    expect(view.statusCode, view.body).toBe(200);
    expect(view.headers['cache-control']).toBe('no-store');
    const share = view.json().data as PublicShare;
    expect(share.sections).toEqual(['activity', 'labs']);
    expect(share.person).toEqual({ name: 'Ada Lovelace' });
    expect(Object.keys(share.series)).toEqual(['activity']);
    const steps = share.series.activity?.find((s) => s.kind === 'steps');
    expect(steps?.days).toEqual(
      [12, 13, 14, 15, 16, 17, 18].map((d) => ({ day: `2026-11-${d}`, value: d * 1000 })),
    );
    expect(share.labs).toEqual([
      {
        kind: 'hemoglobin_a1c',
        name: 'HbA1c',
        day: '2026-11-15',
        value: 5.9,
        unit: '%',
        low: null,
        high: 5.6,
        flag: 'high',
      },
    ]);
    expect(share.clinical).toBeUndefined();
    expect(share.insights).toBeUndefined();
    expect(share.goals).toBeUndefined();
    expect(view.body).not.toContain('77777');
    expect(view.body).not.toContain('ada@example.com');
    expect(view.body).not.toContain(f.ada.id);
    expect(view.body).not.toContain('resting_heart_rate');
    expect(view.body).not.toContain('6.4');
  });

  it('hides name and identifiers when the person anonymises shared data', async () => {
    await setSharing(f, { privacy: { anonymizeData: true } });
    const created = (await create({ ...activityAndLabs, sections: ['clinical', 'vitals'] })).json()
      .data as ShareCreated;
    const view = await open(tokenOf(created));
    expect(view.statusCode, view.body).toBe(200);
    const share = view.json().data as PublicShare;
    expect(share.person).toBeNull();
    expect(share.anonymized).toBe(true);
    expect(share.clinical).toEqual([
      {
        category: 'condition',
        display: 'Essential hypertension',
        status: 'active',
        recordedAt: '2026-01-05T00:00:00.000Z',
        endedAt: null,
      },
    ]);
    expect(share.series.vitals?.map((s) => s.kind)).toEqual(['resting_heart_rate']);
    for (const secret of ['Ada', 'Lovelace', 'ada@example.com', f.ada.id, 'MRN-555-0101']) {
      expect(view.body).not.toContain(secret);
    }
    await setSharing(f, { privacy: { anonymizeData: false } });
  });

  it('asks for the 6-digit code when the share has one', async () => {
    const created = (await create({ ...activityAndLabs, requireCode: true })).json().data as ShareCreated;
    expect(created.code).toMatch(/^\d{6}$/);
    const token = tokenOf(created);
    const missing = await open(token);
    expect(missing.statusCode).toBe(403);
    expect(missing.json().error.code).toBe('share/code-required');
    const wrongCode = created.code === '000000' ? '000001' : '000000';
    const wrong = await open(token, { 'x-share-code': wrongCode });
    expect(wrong.json().error.code).toBe('share/wrong-code');
    const right = await open(token, { 'x-share-code': created.code ?? '' });
    expect(right.statusCode, right.body).toBe(200);
  });

  it('lists every share with its views, the address cut to its network', async () => {
    const res = await f.t.app.inject({ method: 'GET', url: '/api/shares', headers: f.ada.auth });
    const shares = res.json().data.items as Share[];
    expect(shares).toHaveLength(3);
    expect(shares.every((s) => s.reportId === null)).toBe(true);
    const first = shares.find((s) => s.recipient === 'dr. rivera');
    expect(first).toMatchObject({ status: 'active', requiresCode: false, sections: ['activity', 'labs'] });
    expect(first?.views).toEqual([
      { at: new Date(f.clock.now()).toISOString(), ip: '203.0.113.0/24', userAgent: 'ClinicBrowser/1.0' },
    ]);
    const ben = await f.t.app.inject({ method: 'GET', url: '/api/shares', headers: f.ben.auth });
    expect(ben.json().data.items).toEqual([]);
  });

  it('stops answering at once after revocation (410 in words), and only its owner can revoke it', async () => {
    const created = (await create(activityAndLabs)).json().data as ShareCreated;
    const token = tokenOf(created);
    const byBen = await f.t.app.inject({
      method: 'DELETE',
      url: `/api/shares/${created.id}`,
      headers: f.ben.auth,
    });
    expect(byBen.statusCode).toBe(404);
    const unknown = await f.t.app.inject({ method: 'DELETE', url: '/api/shares/nope', headers: f.ben.auth });
    expect(byBen.json()).toEqual(unknown.json());
    expect((await open(token)).statusCode).toBe(200);
    const page = await f.t.app.inject({ method: 'GET', url: `/s/${token}` });
    expect(page.statusCode).toBe(200);

    const revoke = await f.t.app.inject({
      method: 'DELETE',
      url: `/api/shares/${created.id}`,
      headers: f.ada.auth,
    });
    expect(revoke.statusCode).toBe(204);
    const after = await open(token);
    expect(after.statusCode).toBe(410);
    expect(after.json().error).toEqual({
      code: 'share/gone',
      message: 'This share was revoked by the person who made it. Ask them for a new link if you need it.',
    });
    const gonePage = await f.t.app.inject({ method: 'GET', url: `/s/${token}` });
    expect(gonePage.statusCode).toBe(410);
    expect(gonePage.headers['cache-control']).toBe('no-store');
    expect(
      (await f.t.app.inject({ method: 'GET', url: '/s/not-a-real-token-at-all-000000' })).statusCode,
    ).toBe(404);
  });

  it('stops answering after its expiry, and refuses expiries past 90 days', async () => {
    const tooLong = await create({
      ...activityAndLabs,
      expiresAt: new Date(f.clock.now() + 91 * DAY_MS).toISOString(),
    });
    expect(tooLong.statusCode).toBe(400);
    const created = (
      await create({ ...activityAndLabs, expiresAt: new Date(f.clock.now() + DAY_MS).toISOString() })
    ).json().data as ShareCreated;
    const token = tokenOf(created);
    expect((await open(token)).statusCode).toBe(200);
    f.clock.advance(DAY_MS);
    const after = await open(token);
    expect(after.statusCode).toBe(410);
    expect(after.json().error.message).toBe(
      `This share expired on ${created.expiresAt.slice(0, 10)}. Ask the person who made it for a new link if you need it.`,
    );
    expect((await f.t.app.inject({ method: 'GET', url: `/s/${token}` })).statusCode).toBe(410);
    f.clock.advance(-DAY_MS);
  });

  it('refuses every share while sharing is switched off again', async () => {
    const created = (await create(activityAndLabs)).json().data as ShareCreated;
    await setSharing(f, { privacy: { shareWithProviders: false } });
    const res = await open(tokenOf(created));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('share/disabled');
    await setSharing(f, { privacy: { shareWithProviders: true } });
    expect((await open(tokenOf(created))).statusCode).toBe(200);
  });

  it('shares a finished report as its PDF, and the health score only while it is shared', async () => {
    const made = await f.t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: f.ada.auth,
      payload: { from: '2026-11-01', to: '2026-11-20', sections: ['labs'] },
    });
    expect(made.statusCode, made.body).toBe(202);
    const reportId = (made.json().data as { id: string }).id;
    await f.t.reportJobs.idle();
    await setSharing(f, { privacy: { shareWithProviders: true } }, f.ben.auth);
    const byBen = await create({ ...activityAndLabs, reportId }, f.ben.auth);
    expect(byBen.statusCode).toBe(404);
    const created = (await create({ ...activityAndLabs, sections: ['healthScore'], reportId })).json()
      .data as ShareCreated;
    const share = (await open(tokenOf(created))).json().data as PublicShare;
    expect(share.hasReport).toBe(true);
    expect(share.sections).toEqual(['healthScore']);
    expect(share.healthScore?.parts.length).toBeGreaterThan(0);
    expect(Object.keys(share.series)).toEqual([]);
    const pdf = await f.t.app.inject({ method: 'GET', url: `/api/public/shares/${tokenOf(created)}/report` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    await setSharing(f, { dataSharing: { shareHealthScore: false } });
    const without = (await open(tokenOf(created))).json().data as PublicShare;
    expect(without.sections).toEqual([]);
    expect(without.healthScore).toBeUndefined();
    const refused = await create({ ...activityAndLabs, sections: ['healthScore'] });
    expect(refused.json().error.code).toBe('share/section-not-allowed');
    await setSharing(f, { dataSharing: { shareHealthScore: true } });

    const noReport = (await create(activityAndLabs)).json().data as ShareCreated;
    const missing = await f.t.app.inject({
      method: 'GET',
      url: `/api/public/shares/${tokenOf(noReport)}/report`,
    });
    expect(missing.statusCode).toBe(404);
    const unknown = await create({ ...activityAndLabs, reportId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
  });

  it('asks for a fresh second factor to create a share', async () => {
    f.clock.advance(10 * 60_000);
    const res = await create(activityAndLabs);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('auth/step-up-required');
    f.clock.advance(-10 * 60_000);
  });

  it('limits how often one address may open shares, with Retry-After', async () => {
    const ip = '198.51.100.23';
    for (let i = 0; i < SHARE_VIEW_LIMIT.max; i++) {
      expect((await open('x'.repeat(43), {}, ip)).statusCode).toBe(404);
    }
    const limited = await open('x'.repeat(43), {}, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
