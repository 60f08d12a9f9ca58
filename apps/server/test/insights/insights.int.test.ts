import type { Insight } from '@healthfolio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../src/modules/metrics/time';
import type { NewSample } from '../../src/modules/metrics/sample-row';
import { testDialects } from '../databases';
import { readOutbox } from '../identity/helpers';
import { clarityCsv, importFile } from '../imports/helpers';
import { metricsFixture, NOW, type MetricsFixture } from '../metrics/helpers';

/** Ada's mornings: resting heart rate steady at 52 for two months, then climbing to 62 over 30 days. */
function restingHeartRate(): NewSample[] {
  return Array.from({ length: 90 }, (_, i) => {
    const daysAgo = 89 - i;
    const climb = daysAgo < 30 ? ((29 - daysAgo) / 29) * 10 : 0;
    return {
      kind: 'resting_heart_rate',
      start: NOW - daysAgo * DAY_MS - 5 * 3_600_000,
      value: Math.round(52 + climb + Math.sin(i * 1.7) * 0.8),
      source: 'garmin',
    };
  });
}

const ldl: NewSample = {
  kind: 'ldl_cholesterol',
  start: NOW - 10 * DAY_MS,
  value: 190,
  unit: 'mg/dL',
  source: 'quest_diagnostics',
  flag: 'high',
  meta: { referenceRange: { high: 100 }, name: 'LDL-Cholesterol', lab: 'Quest Diagnostics' },
};

describe.each(testDialects)('insights API on %s', (dialect) => {
  let f: MetricsFixture;
  beforeAll(async () => {
    f = await metricsFixture(dialect);
    await f.writer.writeOnce(f.ada.id, [...restingHeartRate(), ldl]);
  });
  afterAll(() => f.t.close());

  const get = (url: string, auth = f.ada.auth) => f.t.app.inject({ method: 'GET', url, headers: auth });
  const post = (url: string, auth = f.ada.auth) => f.t.app.inject({ method: 'POST', url, headers: auth });
  const items = async (url: string, auth = f.ada.auth) => {
    const res = await get(url, auth);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { items: Insight[] } }).data.items;
  };

  it('runs the engine on the first visit, so data already there has its insights at once', async () => {
    const res = await get('/api/insights');
    expect(res.statusCode, res.body).toBe(200);
    const found = (res.json() as { data: { items: Insight[] } }).data.items;
    expect(found.map((i) => i.title)).toEqual(
      expect.arrayContaining([
        'LDL cholesterol above its reference range: 190 mg/dL',
        'Resting heart rate up 10 bpm over 30 days',
      ]),
    );
    expect(res.json().data.coverage).toBeUndefined();
  });

  it('says how much data there is against what the first insights need when there are none', async () => {
    // Ben has three days of steps: too little for any insight.
    await f.writer.writeOnce(
      f.ben.id,
      [1, 2, 3].map((daysAgo) => ({
        kind: 'steps',
        start: NOW - daysAgo * DAY_MS,
        end: NOW - daysAgo * DAY_MS + 3_600_000,
        value: 4000,
        source: 'garmin',
      })),
    );
    const res = await get('/api/insights', f.ben.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ items: [], coverage: { dataDays: 3, daysNeeded: 14 } });
  });

  it('finds the rising resting heart rate and the high LDL when asked to refresh', async () => {
    const res = await post('/api/insights/refresh');
    expect(res.statusCode, res.body).toBe(200);
    const found = (res.json() as { data: { items: Insight[] } }).data.items;

    const trend = found.find((i) => i.type === 'trend' && i.relatedMetrics.includes('resting_heart_rate'));
    expect(trend, JSON.stringify(found.map((i) => i.title))).toBeDefined();
    expect(trend!.userId).toBe(f.ada.id);
    expect(trend!.title).toMatch(/resting heart rate/i);
    expect(trend!.series[0]!.points.length).toBeGreaterThan(10);
    // The trend ends yesterday: today (22 November in Ada's zone, UTC) is not over.
    expect(trend!.window.to).toBe('2026-11-21');

    const lab = found.find((i) => i.type === 'anomaly' && i.relatedMetrics.includes('ldl_cholesterol'));
    expect(lab).toBeDefined();
    expect(['warning', 'critical']).toContain(lab!.severity);
    expect(lab!.recommendations.length).toBeGreaterThan(0);
  });

  it('filters by type and severity, where all means no filter', async () => {
    const all = await items('/api/insights?type=all&severity=all');
    expect(all.length).toBeGreaterThanOrEqual(2);
    const trends = await items('/api/insights?type=trend');
    expect(trends.length).toBeGreaterThan(0);
    expect(trends.every((i) => i.type === 'trend')).toBe(true);
    const info = await items('/api/insights?severity=info');
    expect(info.every((i) => i.severity === 'info')).toBe(true);
    const serious = await items('/api/insights?severity=warning');
    const critical = await items('/api/insights?severity=critical');
    expect(serious.length + critical.length).toBeGreaterThan(0);
    expect((await get('/api/insights?type=horoscope')).statusCode).toBe(400);
  });

  it('updates the same insight on a re-run instead of adding another', async () => {
    const before = await items('/api/insights');
    await post('/api/insights/refresh');
    const after = await items('/api/insights');
    expect(after.map((i) => i.id).sort()).toEqual(before.map((i) => i.id).sort());
  });

  it('keeps a dismissed insight dismissed when the same finding comes back', async () => {
    const [first] = await items('/api/insights?type=trend');
    const res = await post(`/api/insights/${first!.id}/dismiss`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.dismissedAt).not.toBeNull();
    await post('/api/insights/refresh');
    expect((await items('/api/insights')).some((i) => i.id === first!.id)).toBe(false);
  });

  it('never shows one user the insights of another, whose ids answer 404', async () => {
    expect(await items('/api/insights', f.ben.auth)).toEqual([]);
    const [one] = await items('/api/insights');
    expect((await post(`/api/insights/${one!.id}/dismiss`, f.ben.auth)).statusCode).toBe(404);
    expect((await post('/api/insights/no-such-id/dismiss')).statusCode).toBe(404);
  });

  it('mails a new warning once when insight alerts are on, and not when they are off', async () => {
    const alert = await readOutbox(f.t, 'insight-alert');
    expect(alert.to).toBe('ada@example.com');
    expect(alert.body).toMatch(/LDL|cholesterol/i);
    expect(alert.body).toContain('/insights');

    // Ben turns insight alerts off, then gets a high LDL of his own: no mail for him.
    const put = await f.t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: f.ben.auth,
      payload: { settings: { notifications: { insightAlerts: false } } },
    });
    expect(put.statusCode, put.body).toBe(200);
    await f.writer.writeOnce(f.ben.id, [ldl]);
    await post('/api/insights/refresh', f.ben.auth);
    expect((await items('/api/insights', f.ben.auth)).length).toBeGreaterThan(0);
    const mails = await readOutbox(f.t, 'insight-alert');
    expect(mails.files.length).toBe(1);
  });

  it('runs by itself after an import ends: a CGM export with many lows raises a critical insight', async () => {
    // Three days of Dexcom readings every 5 minutes, one in ten at 55 mg/dL: 10 % below range.
    const csv = clarityCsv(864, '2026-11-19T12:00:00', 'mg/dL', (i) => (i % 10 === 0 ? 55 : 110));
    const job = await importFile(f.t, f.ben.auth, 'clarity.csv', csv);
    expect(job.status).toBe('succeeded');
    await f.t.insightJobs.idle();
    const critical = await items('/api/insights?severity=critical', f.ben.auth);
    expect(critical.some((i) => i.relatedMetrics.includes('blood_glucose'))).toBe(true);
  });

  it('tells the insights again in the language the person switches to (issue 22)', async () => {
    // (The trend itself was dismissed above; its advice and the LDL result stand.)
    const speak = async (language: string) => {
      const put = await f.t.app.inject({
        method: 'PUT',
        url: '/api/auth/profile',
        headers: f.ada.auth,
        payload: { settings: { preferences: { language } } },
      });
      expect(put.statusCode, put.body).toBe(200);
      await f.t.insightJobs.idle();
      return (await items('/api/insights')).map((i) => i.title);
    };
    expect(await speak('es')).toEqual(
      expect.arrayContaining([
        'Colesterol LDL por encima de su rango de referencia: 190 mg/dL',
        'Frecuencia cardiaca en reposo al alza: plantéate más recuperación',
      ]),
    );
    expect(await speak('de')).toEqual(
      expect.arrayContaining([
        'LDL-Cholesterin über dem Referenzbereich: 190 mg/dL',
        'Ruheherzfrequenz steigt: gönn dir mehr Erholung',
      ]),
    );
    expect(await speak('en')).toEqual(
      expect.arrayContaining(['Resting heart rate rising: consider more recovery']),
    );
  });
});
