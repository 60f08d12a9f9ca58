import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installApiAuth } from '../features/auth';
import { clearSession, writeSession } from '../features/auth/session-store';
import { writeViewed } from '../features/caregivers/acting-person';
import { createQueryClient } from './query-client';
import { prefetchStartData } from './start-data';

const user = { id: 'u-ada', email: 'ada@example.com', name: 'Ada', emailVerified: true };
const fetchMock = vi.fn<typeof fetch>();

/** The paths and bearer tokens of the calls the app made, in order. */
const calls = () =>
  fetchMock.mock.calls.map(([url, init]) => ({
    url: String(url),
    auth: new Headers(init?.headers).get('Authorization'),
  }));

beforeEach(() => {
  installApiAuth();
  fetchMock.mockImplementation(() =>
    Promise.resolve(
      new Response(JSON.stringify({ data: {} }), { headers: { 'Content-Type': 'application/json' } }),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  clearSession();
  sessionStorage.clear();
});

const signIn = (expiresAt = Date.now() + 15 * 60_000) =>
  writeSession({ accessToken: 'token-ada', refreshToken: 'refresh-ada', expiresAt, user });

describe('a returning visitor’s first data, asked for at start-up', () => {
  it('asks for the profile and, on the Dashboard, its overview at once, with the stored token', () => {
    signIn();
    const client = createQueryClient();
    prefetchStartData(client, '/dashboard');
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    expect(calls()).toEqual([
      { url: '/api/auth/me', auth: 'Bearer token-ada' },
      { url: `/api/metrics/overview?tz=${encodeURIComponent(tz)}`, auth: 'Bearer token-ada' },
    ]);
    // The pages' own queries find these in flight: the same keys.
    expect(client.getQueryState(['profile', 'u-ada'])?.fetchStatus).toBe('fetching');
    expect(client.getQueryState(['metrics', 'overview', tz])?.fetchStatus).toBe('fetching');
  });

  it('asks only for the profile on another page', () => {
    signIn();
    prefetchStartData(createQueryClient(), '/goals');
    expect(calls().map((c) => c.url)).toEqual(['/api/auth/me']);
  });

  it('asks for nothing without a session, with an expired one, or while viewing someone else', () => {
    prefetchStartData(createQueryClient(), '/dashboard');
    signIn(Date.now() - 1_000);
    prefetchStartData(createQueryClient(), '/dashboard');
    signIn();
    writeViewed(user.id, { personId: 'u-grace', personName: 'Grace', permissions: ['metrics'] });
    prefetchStartData(createQueryClient(), '/dashboard');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
