import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';

const connectSrc = (csp: string | undefined) => /connect-src ([^;]*)/.exec(csp ?? '')?.[1];

describe.each(testDialects)('SPEC §9 analytics on %s', (dialect) => {
  let t: TestApp;
  afterEach(() => t.close());

  it('is off by default: no measurement id to the web app, no collector in the CSP', async () => {
    t = await createTestApp(dialect);
    const res = await t.app.inject({ method: 'GET', url: '/api/analytics' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { enabled: false } });
    expect(connectSrc(res.headers['content-security-policy'] as string)).toBe("'self'");
  });

  it('with a measurement id: named to the web app (no sign-in needed), its collector alone added to connect-src', async () => {
    t = await createTestApp(dialect, {
      ANALYTICS_MEASUREMENT_ID: 'G-ABC123XYZ',
      ANALYTICS_COLLECT_URL: 'https://collect.example.org/g/collect',
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/analytics' });
    expect(res.json()).toEqual({
      data: {
        enabled: true,
        measurementId: 'G-ABC123XYZ',
        collectUrl: 'https://collect.example.org/g/collect',
      },
    });
    expect(connectSrc(res.headers['content-security-policy'] as string)).toBe(
      "'self' https://collect.example.org",
    );
    // script-src is untouched: no analytics script is loaded from anywhere.
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
  });
});

describe('analytics configuration', () => {
  it("defaults the collector to GA4's and refuses a measurement id that is not one", () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/hf-analytics-config' };
    expect(loadConfig(base).analytics).toBeUndefined();
    expect(loadConfig({ ...base, ANALYTICS_MEASUREMENT_ID: 'G-ABC123' }).analytics).toEqual({
      measurementId: 'G-ABC123',
      collectUrl: 'https://www.google-analytics.com/g/collect',
    });
    expect(() => loadConfig({ ...base, ANALYTICS_MEASUREMENT_ID: 'G-ABC"><script>' })).toThrow(
      /ANALYTICS_MEASUREMENT_ID: must be a measurement id/,
    );
  });
});
