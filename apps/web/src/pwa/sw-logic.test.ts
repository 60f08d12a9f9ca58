import { describe, expect, it } from 'vitest';
import { fetchHandling, notificationFromPush, serverUnreachable } from './sw-logic';

const origin = 'https://health.example.org';
const get = (path: string, mode = 'cors') => ({ method: 'GET', url: `${origin}${path}`, mode });

describe('fetchHandling', () => {
  it('never answers or caches an API request, whatever it is', () => {
    expect(fetchHandling(get('/api/metrics/summary'), origin)).toBe('browser');
    expect(fetchHandling(get('/api/auth/me'), origin)).toBe('browser');
    expect(fetchHandling(get('/api'), origin)).toBe('browser');
    expect(fetchHandling({ method: 'POST', url: `${origin}/api/imports`, mode: 'cors' }, origin)).toBe(
      'browser',
    );
    // Even a navigation to an API URL (a download link) is the network's.
    expect(fetchHandling(get('/api/settings/export', 'navigate'), origin)).toBe('browser');
  });

  it('caches the build files and the shell files only', () => {
    expect(fetchHandling(get('/assets/index-C0ffee12.js'), origin)).toBe('shell');
    expect(fetchHandling(get('/offline.html'), origin)).toBe('shell');
    expect(fetchHandling(get('/icons/icon-192.png'), origin)).toBe('shell');
    expect(fetchHandling(get('/privacy-policy.html'), origin)).toBe('browser');
    expect(fetchHandling(get('/sandbox/oura/authorize'), origin)).toBe('browser');
  });

  it('serves pages from the network (the offline page when it fails), and leaves other origins alone', () => {
    expect(fetchHandling(get('/dashboard', 'navigate'), origin)).toBe('navigate');
    expect(fetchHandling(get('/s/abc', 'navigate'), origin)).toBe('navigate');
    expect(fetchHandling(get('/assets/x.js'), 'https://other.example')).toBe('browser');
    expect(fetchHandling({ method: 'HEAD', url: `${origin}/assets/x.js`, mode: 'cors' }, origin)).toBe(
      'browser',
    );
  });

  it("counts a proxy's 502, 503 and 504 as the server being down", () => {
    expect([502, 503, 504].every(serverUnreachable)).toBe(true);
    expect([200, 404, 500].some(serverUnreachable)).toBe(false);
  });
});

describe('notificationFromPush', () => {
  it("shows the server's message and opens its page on a tap", () => {
    const text = JSON.stringify({
      kind: 'goal-reminder',
      title: 'Goal reminder',
      body: 'You missed one.',
      url: '/goals',
    });
    expect(notificationFromPush(text)).toEqual({
      title: 'Goal reminder',
      options: {
        body: 'You missed one.',
        tag: 'goal-reminder',
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { url: '/goals' },
      },
    });
  });

  it('still shows something for an empty or unreadable message, and never opens another site', () => {
    expect(notificationFromPush(null)).toMatchObject({
      title: 'Healthfolio',
      options: { body: 'Something new is waiting for you.', data: { url: '/dashboard' } },
    });
    expect(notificationFromPush('not json').title).toBe('Healthfolio');
    expect(
      notificationFromPush(JSON.stringify({ title: 'x', url: 'https://evil.example/' })).options.data.url,
    ).toBe('/dashboard');
    expect(
      notificationFromPush(JSON.stringify({ title: 'x', url: '//evil.example/' })).options.data.url,
    ).toBe('/dashboard');
  });
});
