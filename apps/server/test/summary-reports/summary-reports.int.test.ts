import type { HealthScoreAnswer, ReportContent, ReportJob } from '@healthfolio/core';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertClinicalRecords } from '../../src/modules/clinical/clinical-records.repository';
import type { NewSample } from '../../src/modules/metrics/sample-row';
import { DAY_MS } from '../../src/modules/metrics/time';
import { testDialects } from '../databases';
import { metricsFixture, NOW, type MetricsFixture } from '../metrics/helpers';

const require = createRequire(import.meta.url);
const HOUR = 3_600_000;
/** Midnight UTC starting 22 November 2026, the day in progress (Ada has no profile zone: UTC). */
const TODAY_START = NOW - 12 * HOUR;
const dayStart = (back: number) => TODAY_START - back * DAY_MS;

/** Ada's last 100 days: steps, exercise, sleep alternating 7.5 / 6.5 h, heart rate up and HRV down this week. */
function daily(): NewSample[] {
  const out: NewSample[] = [];
  for (let i = 1; i <= 100; i++) {
    const at = dayStart(i);
    const span = (kind: string, value: number, hour: number): NewSample => ({
      kind,
      value,
      start: at + hour * HOUR,
      end: at + hour * HOUR + 60_000,
      source: 'garmin',
    });
    out.push(
      span('steps', 6000, 10),
      span('exercise_minutes', 20, 17),
      span('sleep_duration', i % 2 ? 6.5 : 7.5, 3),
    );
    out.push({ kind: 'resting_heart_rate', value: i <= 7 ? 58 : 55, start: at + 8 * HOUR, source: 'garmin' });
    out.push({
      kind: 'heart_rate_variability',
      value: i <= 7 ? 54 : 60,
      start: at + 8 * HOUR,
      source: 'garmin',
    });
  }
  return out;
}

/** Glucose (mg/dL) of the k-th 5-minute reading: a daily wave with lows before dawn and highs in the afternoon. */
const glucoseAt = (k: number) =>
  Math.round(130 - 90 * Math.cos((2 * Math.PI * (k % 288)) / 288) + ((k * 37) % 50) - 25);

function cgm(): NewSample[] {
  return Array.from({ length: 14 * 288 }, (_, k) => ({
    kind: 'blood_glucose',
    value: glucoseAt(k),
    start: dayStart(14) + k * 5 * 60_000,
    source: 'dexcom',
  }));
}

function labs(): NewSample[] {
  const provenance = { document: 'quest-2026.pdf', importId: 'imp-1', page: 2, line: 7 };
  return [
    {
      kind: 'ldl_cholesterol',
      value: 120,
      start: dayStart(200),
      source: 'quest_diagnostics',
      meta: { referenceRange: { high: 130 }, provenance: { ...provenance, document: 'quest-2026-05.pdf' } },
    },
    {
      kind: 'ldl_cholesterol',
      value: 142,
      start: dayStart(20),
      source: 'quest_diagnostics',
      flag: 'high',
      meta: { referenceRange: { high: 130 }, provenance },
    },
    {
      kind: 'hemoglobin_a1c',
      value: 5.4,
      start: dayStart(20),
      source: 'quest_diagnostics',
      meta: { referenceRange: { low: 4, high: 5.6 }, provenance: { ...provenance, page: 3 } },
    },
  ];
}

/** The PDF's text, read back with pdf.js: every page's strings, joined by spaces. */
async function pdfText(bytes: Buffer): Promise<{ pages: number; text: string }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const standardFontDataUrl = path.join(
    path.dirname(require.resolve('pdfjs-dist/package.json')),
    'standard_fonts/',
  );
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), standardFontDataUrl }).promise;
  const parts: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    for (const item of content.items) if ('str' in item) parts.push(item.str);
  }
  const pages = doc.numPages;
  await doc.destroy();
  return { pages, text: parts.join(' ').replace(/\s+/g, ' ') };
}

const pct = (share: number) => `${(share * 100).toFixed(1)} %`;

describe.each(testDialects)('clinician reports and the health score on %s', (dialect) => {
  let f: MetricsFixture;
  beforeAll(async () => {
    f = await metricsFixture(dialect);
    await f.writer.writeOnce(f.ada.id, [...daily(), ...cgm(), ...labs()]);
    await upsertClinicalRecords(
      f.t.db.kysely,
      f.ada.id,
      [
        {
          display: 'Type 1 diabetes mellitus',
          category: 'condition',
          resourceType: 'Condition',
          originId: 'c1',
          status: 'active',
          recordedAt: Date.parse('2015-03-01'),
          endedAt: null,
          source: 'epic',
          detail: {},
        },
        {
          display: 'Insulin glargine 100 unit/mL',
          category: 'medication',
          resourceType: 'MedicationRequest',
          originId: 'm1',
          status: 'active',
          recordedAt: Date.parse('2025-01-10'),
          endedAt: null,
          source: 'epic',
          detail: {},
        },
        {
          display: 'Insulin glargine 100 unit/mL pen',
          category: 'medication',
          resourceType: 'MedicationStatement',
          originId: 'm2',
          status: 'active',
          recordedAt: Date.parse('2026-02-10'),
          endedAt: null,
          source: 'epic',
          detail: {},
        },
        {
          display: 'Penicillin',
          category: 'allergy',
          resourceType: 'AllergyIntolerance',
          originId: 'a1',
          status: 'active',
          recordedAt: Date.parse('2010-06-01'),
          endedAt: null,
          source: 'epic',
          detail: {},
        },
      ],
      NOW,
    );
  });
  afterAll(() => f.t.close());

  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    auth = f.ada.auth,
    payload?: object,
  ) => f.t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

  it('scores Ada’s health by the documented formula, part by part', async () => {
    const res = await send('GET', '/api/health-score');
    expect(res.statusCode, res.body).toBe(200);
    const score = res.json().data as HealthScoreAnswer;
    // The last 14 whole days: sleep 7 × 7.5 h and 7 × 6.5 h; 6000 steps and 20 exercise minutes a day.
    const sleepSd = Math.sqrt((14 * 0.5 ** 2) / 13);
    const parts = {
      sleep_duration: 100, // mean 7.0 h: within 7–9 h
      sleep_regularity: Math.round(((2 - sleepSd) / 1.5) * 100),
      activity_minutes: Math.round(((20 * 7) / 150) * 100),
      steps: Math.round((6000 / 8000) * 100),
      resting_heart_rate: 100 - (58 - 55) * 10,
      heart_rate_variability: Math.round(((54 / 60 - 0.6) / 0.4) * 100),
      lab_flags: 50, // the latest LDL is high, the A1c in range
    };
    expect(Object.fromEntries(score.parts.map((p) => [p.key, p.score]))).toEqual(parts);
    expect(score.parts.map((p) => p.weight)).toEqual([20, 10, 20, 15, 15, 10, 10]);
    const weighted =
      (parts.sleep_duration * 20 +
        parts.sleep_regularity * 10 +
        parts.activity_minutes * 20 +
        parts.steps * 15 +
        parts.resting_heart_rate * 15 +
        parts.heart_rate_variability * 10 +
        parts.lab_flags * 10) /
      100;
    expect(score).toMatchObject({ score: Math.round(weighted), day: '2026-11-21', reason: null });
    expect(score.parts.find((p) => p.key === 'resting_heart_rate')!.basis).toBe(
      '58 bpm over the last 7 days against your baseline of 55 bpm (median of 83 days)',
    );
  });

  it('names the parts and tells their basis in the person’s language (issue 22)', async () => {
    const speak = async (language: string) => {
      const put = await send('PUT', '/api/auth/profile', f.ada.auth, {
        settings: { preferences: { language } },
      });
      expect(put.statusCode, put.body).toBe(200);
      const score = (await send('GET', '/api/health-score')).json().data as HealthScoreAnswer;
      return score.parts.find((p) => p.key === 'sleep_duration')!;
    };
    expect(await speak('es')).toMatchObject({
      name: 'Duración del sueño',
      basis: '7 h por noche de media en 14 noches',
    });
    expect(await speak('de')).toMatchObject({
      name: 'Schlafdauer',
      basis: 'Im Schnitt 7 h pro Nacht über 14 Nächte',
    });
    expect(await speak('en')).toMatchObject({ name: 'Sleep duration' });
  });

  let report: ReportJob;

  it('makes a report of every section in the background, with progress, and lists it', async () => {
    const res = await send('POST', '/api/reports', f.ada.auth, {
      from: '2026-08-01',
      to: '2026-11-21',
      sections: [
        'glucose',
        'summary',
        'vitals',
        'activity',
        'sleep',
        'body',
        'labs',
        'clinical',
        'insights',
        'goals',
      ],
    });
    expect(res.statusCode, res.body).toBe(202);
    report = res.json().data as ReportJob;
    expect(report).toMatchObject({ status: 'queued', progress: 0, from: '2026-08-01', to: '2026-11-21' });
    expect(report.sections[0]).toBe('summary');
    await f.t.reportJobs.idle();
    const done = (await send('GET', `/api/reports/${report.id}`)).json().data as ReportJob;
    expect(done).toMatchObject({ status: 'succeeded', progress: 100, failure: null });
    expect(done.pages).toBeGreaterThan(2);
    const list = (await send('GET', '/api/reports')).json().data.items as ReportJob[];
    expect(list.map((r) => r.id)).toEqual([report.id]);
  });

  it('writes a PDF whose text holds every section and the right values, with sources and dates', async () => {
    const res = await send('GET', `/api/reports/${report.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text } = await pdfText(bytes);
    expect(pages).toBeGreaterThan(2);
    for (const title of [
      'Summary',
      'Vitals',
      'Activity',
      'Sleep',
      'Body composition',
      'Glucose',
      'Labs',
      'Clinical summary',
      'Insights',
      'Goals',
    ]) {
      expect(text).toContain(title);
    }
    // Glucose: the consensus ranges of the 14 days, computed here from the readings written.
    const values = Array.from({ length: 14 * 288 }, (_, k) => glucoseAt(k));
    const share = (test: (v: number) => boolean) => values.filter(test).length / values.length;
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    expect(text).toContain(`In range (3.9–10.0 mmol/L) ${pct(share((v) => v >= 70 && v <= 180))}`);
    expect(text).toContain(`Very low (< 3.0 mmol/L) ${pct(share((v) => v < 54))}`);
    expect(text).toContain(`Glucose management indicator (GMI) ${(3.31 + 0.02392 * mean).toFixed(1)} %`);
    expect(text).toContain(`Mean glucose ${((mean * 10) / 180.16).toFixed(1)} mmol/L`);
    expect(text).toContain('Source: CGM readings from Dexcom, 2026-11-08 to 2026-11-21');
    // Labs: latest result, flag, and the PDF it was read from.
    expect(text).toMatch(
      /LDL[^|]*142 mg\/dL <= 130 High 2026-11-02 Quest Diagnostics \(quest-2026\.pdf, page 2\)/,
    );
    // Clinical: both glargine records under one drug; the allergy with its source.
    expect(text).toContain(
      'Insulin glargine Insulin glargine 100 unit/mL pen; Insulin glargine 100 unit/mL active 2026-02-10; 2025-01-10 Epic (MyChart)',
    );
    expect(text).toContain('Penicillin active 2010-06-01 Epic (MyChart)');
    // Summary: the health score as the API gives it.
    const score = (await send('GET', '/api/health-score')).json().data as HealthScoreAnswer;
    expect(text).toContain(`Health score: ${score.score} of 100 on 2026-11-21`);
    expect(text).toContain('Sources: Garmin (2026-08-14 to 2026-11-21)');
  });

  it('gives the same content to the printable page', async () => {
    const res = await send('GET', `/api/reports/${report.id}/content`);
    expect(res.statusCode).toBe(200);
    const content = res.json().data as ReportContent;
    expect(content.sections.map((s) => s.key)).toEqual([
      'summary',
      'vitals',
      'activity',
      'sleep',
      'body',
      'glucose',
      'labs',
      'clinical',
      'insights',
      'goals',
    ]);
    const agp = content.sections.find((s) => s.key === 'glucose')!.blocks.find((b) => b.type === 'agp');
    expect(agp?.type === 'agp' && agp.bins).toHaveLength(96);
  });

  it('answers 404 for another person’s report, exactly as for an unknown one', async () => {
    const unknown = await send('GET', '/api/reports/00000000-0000-0000-0000-000000000000', f.ben.auth);
    for (const [method, path] of [
      ['GET', ''],
      ['GET', '/pdf'],
      ['GET', '/content'],
      ['POST', '/regenerate'],
      ['DELETE', ''],
    ] as const) {
      const res = await send(method, `/api/reports/${report.id}${path}`, f.ben.auth);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json()).toEqual(unknown.json());
    }
    expect((await send('GET', '/api/reports', f.ben.auth)).json().data.items).toEqual([]);
  });

  it('makes a report again on request, refuses a wrong period, and deletes', async () => {
    const again = await send('POST', `/api/reports/${report.id}/regenerate`);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json().data).toMatchObject({ status: 'queued', progress: 0, pages: null });
    await f.t.reportJobs.idle();
    expect((await send('GET', `/api/reports/${report.id}`)).json().data.status).toBe('succeeded');
    const wrong = await send('POST', '/api/reports', f.ada.auth, {
      from: '2026-11-21',
      to: '2026-01-01',
      sections: ['labs'],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toContain('The period must end on or after its start');
    expect((await send('DELETE', `/api/reports/${report.id}`)).statusCode).toBe(204);
    expect((await send('GET', `/api/reports/${report.id}`)).statusCode).toBe(404);
  });
});
