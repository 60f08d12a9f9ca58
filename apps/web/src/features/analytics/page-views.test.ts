import { describe, expect, it } from 'vitest';
import { pagePath, pageViewUrl } from './page-views';

const matched = (...paths: (string | undefined)[]) => paths.map((path) => ({ route: path ? { path } : {} }));

describe('pagePath', () => {
  it("names the matched route's pattern, never the id in the address", () => {
    expect(
      pagePath(
        '/reports/6f1c2b9e-0d1a-4c3e-9b7a-2f5d8e1c4a3b',
        matched(undefined, undefined, '/reports/:id'),
      ),
    ).toBe('/reports/:id');
    expect(pagePath('/s/hf_s_kq3J9xY2', matched(undefined, '/s/:token'))).toBe('/s/:token');
    expect(pagePath('/dashboard', matched(undefined, undefined, undefined, '/dashboard'))).toBe('/dashboard');
    expect(pagePath('/data-sources', matched('/data-sources'))).toBe('/data-sources');
  });

  it('replaces any fixed segment that is not a plain word, and calls unmatched paths not-found', () => {
    expect(pagePath('/x/12345/y', matched('/x/12345/y'))).toBe('/x/:id/y');
    expect(pagePath('/nope/123', matched(undefined, '*'))).toBe('/not-found');
    expect(pagePath('/anything', [])).toBe('/not-found');
  });
});

describe('pageViewUrl', () => {
  it('is a GA4 page_view with the page pattern and nothing else about the person', () => {
    const url = new URL(
      pageViewUrl(
        { measurementId: 'G-TEST123', collectUrl: 'https://www.google-analytics.com/g/collect' },
        '/reports/:id',
        'https://health.example.org',
        '123.456',
      ),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://www.google-analytics.com/g/collect');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      v: '2',
      tid: 'G-TEST123',
      cid: '123.456',
      en: 'page_view',
      dl: 'https://health.example.org/reports/:id',
      _s: expect.stringMatching(/^\d+$/),
    });
  });
});
