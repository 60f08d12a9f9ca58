import type { PublicShare, ReportContent, ReportJob, ShareCreated } from '@healthfolio/core';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewSample } from '../../src/modules/metrics/sample-row';
import { DAY_MS } from '../../src/modules/metrics/time';
import { testDialects } from '../databases';
import { metricsFixture, NOW, type MetricsFixture } from '../metrics/helpers';

const require = createRequire(import.meta.url);
const HOUR = 3_600_000;
/** Midnight UTC starting 22 November 2026 (Ada has no profile zone: UTC). */
const TODAY_START = NOW - 12 * HOUR;

/**
 * Ada's 14 days to 21 November: 80 kg, 180 cm, 37 °C and 5 000 m walked each day — in pounds 176.37,
 * in inches 70.87, in Fahrenheit 98.6, in miles 3.107.
 */
function daily(): NewSample[] {
  const out: NewSample[] = [];
  for (let i = 1; i <= 14; i++) {
    const at = TODAY_START - i * DAY_MS;
    out.push(
      { kind: 'weight', value: 80, start: at + 7 * HOUR, source: 'withings' },
      { kind: 'height', value: 180, start: at + 7 * HOUR, source: 'withings' },
      { kind: 'body_temperature', value: 37, start: at + 8 * HOUR, source: 'withings' },
      { kind: 'distance', value: 5000, start: at + 10 * HOUR, end: at + 11 * HOUR, source: 'garmin' },
    );
  }
  return out;
}

async function pdfText(bytes: Buffer): Promise<string> {
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
  await doc.destroy();
  return parts.join(' ').replace(/\s+/g, ' ');
}

const rowsOf = (content: ReportContent, key: string) =>
  content.sections
    .find((s) => s.key === key)!
    .blocks.flatMap((b) => (b.type === 'table' ? b.rows : []))
    .map((r) => r.slice(0, 5).join(' | '));

const chartsOf = (content: ReportContent, key: string) =>
  content.sections
    .find((s) => s.key === key)!
    .blocks.flatMap((b) =>
      b.type === 'line' ? [{ caption: b.caption, unit: b.unit, y: b.points[0]?.y }] : [],
    );

describe.each(testDialects)('reports and shares in the person’s units on %s', (dialect) => {
  let f: MetricsFixture;
  beforeAll(async () => {
    f = await metricsFixture(dialect);
    await f.writer.writeOnce(f.ada.id, daily());
  });
  afterAll(() => f.t.close());

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    f.t.app.inject({ method, url, headers: f.ada.auth, ...(payload ? { payload } : {}) });
  const setUnits = async (units: 'metric' | 'imperial') => {
    const res = await send('PUT', '/api/settings', { preferences: { units } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const makeReport = async (): Promise<{ content: ReportContent; text: string }> => {
    const res = await send('POST', '/api/reports', {
      from: '2026-11-08',
      to: '2026-11-21',
      sections: ['summary', 'vitals', 'activity', 'body'],
    });
    expect(res.statusCode, res.body).toBe(202);
    const { id } = res.json().data as ReportJob;
    await f.t.reportJobs.idle();
    expect(((await send('GET', `/api/reports/${id}`)).json().data as ReportJob).status).toBe('succeeded');
    const content = (await send('GET', `/api/reports/${id}/content`)).json().data as ReportContent;
    const text = await pdfText((await send('GET', `/api/reports/${id}/pdf`)).rawPayload);
    return { content, text };
  };

  it('writes weight in lb, height in in, temperature in °F and distance in mi for imperial units', async () => {
    await setUnits('imperial');
    const { content, text } = await makeReport();
    expect(rowsOf(content, 'body')).toEqual(
      expect.arrayContaining([
        'Weight | 176.4 lb | 176.4 lb | 176.4 lb | 14',
        expect.stringMatching(/^Height \| 70\.9 in \| 70\.9 in \| 70\.9 in \| 14$/),
      ]),
    );
    expect(rowsOf(content, 'vitals')).toContain('Body temperature | 98.6 °F | 98.6 °F | 98.6 °F | 14');
    expect(rowsOf(content, 'activity')).toContain('Distance | 3.11 mi | 3.11 mi | 3.11 mi | 14');
    expect(rowsOf(content, 'summary')).toContain('Weight | 176.4 lb | 14');
    // The weekly charts in the same units, converted from the canonical values.
    const weight = chartsOf(content, 'body').find((c) => c.caption.startsWith('Weight'))!;
    expect(weight.unit).toBe('lb');
    expect(weight.caption).toBe('Weight, weekly mean (lb), 2026-11-08 to 2026-11-21');
    expect(weight.y).toBeCloseTo(80 / 0.45359237, 6);
    const distance = chartsOf(content, 'activity').find((c) => c.caption.startsWith('Distance'))!;
    expect(distance.unit).toBe('mi');
    expect(distance.y).toBeCloseTo(5000 / 1609.344, 6);
    expect(chartsOf(content, 'vitals').find((c) => c.caption.startsWith('Body temperature'))?.unit).toBe(
      '°F',
    );
    // The PDF says the same, and never the metric figures.
    expect(text).toContain('Weight: 176.4 lb on average over 14 days from 2026-11-08 to 2026-11-21');
    expect(text).toContain('Distance: 3.11 mi on average');
    expect(text).toContain('Body temperature: 98.6 °F on average');
    expect(text).toContain('Height: 70.9 in on average');
    expect(text).not.toMatch(/\b80 kg|\b5 km|37 °C|180 cm/);
  });

  it('writes kg, cm, °C and km for metric units', async () => {
    await setUnits('metric');
    const { content, text } = await makeReport();
    expect(rowsOf(content, 'body')).toContain('Weight | 80 kg | 80 kg | 80 kg | 14');
    expect(rowsOf(content, 'activity')).toContain('Distance | 5 km | 5 km | 5 km | 14');
    expect(chartsOf(content, 'activity').find((c) => c.caption.startsWith('Distance'))).toMatchObject({
      unit: 'km',
      y: 5,
    });
    expect(text).toContain('Body temperature: 37 °C on average');
    expect(text).not.toMatch(/\blb\b|\bmi\b|°F/);
  });

  it('shows a clinician the shared series in the person’s units', async () => {
    const settings = await send('PUT', '/api/settings', {
      privacy: { shareWithProviders: true },
      preferences: { units: 'imperial' },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const created = await send('POST', '/api/shares', {
      recipient: 'Dr. Rivera',
      sections: ['body', 'activity', 'vitals'],
      from: '2026-11-20',
      to: '2026-11-21',
    });
    expect(created.statusCode, created.body).toBe(201);
    const token = (created.json().data as ShareCreated).url.split('/s/')[1]!;
    const view = await f.t.app.inject({ method: 'GET', url: `/api/public/shares/${token}` });
    expect(view.statusCode, view.body).toBe(200);
    const share = view.json().data as PublicShare;
    const series = (section: string, kind: string) =>
      share.series[section as keyof PublicShare['series']]?.find((s) => s.kind === kind);
    const days = (value: number) => [
      { day: '2026-11-20', value },
      { day: '2026-11-21', value },
    ];
    expect(series('body', 'weight')).toMatchObject({ unit: '[lb_av]', days: days(176.37) });
    expect(series('body', 'height')).toMatchObject({ unit: '[in_i]', days: days(70.87) });
    expect(series('vitals', 'body_temperature')).toMatchObject({ unit: '[degF]', days: days(98.6) });
    expect(series('activity', 'distance')).toMatchObject({ unit: '[mi_i]', days: days(3.11) });
  });
});
