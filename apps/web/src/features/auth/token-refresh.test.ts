// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFailure } from '../../test/api-failure';
import { refreshSession } from './identity-api';
import { readSession, writeSession, type StoredSession } from './session-store';
import { refreshOnce } from './token-refresh';

vi.mock('./identity-api', () => ({ refreshSession: vi.fn() }));
const refreshMock = vi.mocked(refreshSession);

const user = { id: 'u1', email: 'ada@example.com', name: 'Ada', emailVerified: true };
const stale: StoredSession = { accessToken: 'a1', refreshToken: 'r1', expiresAt: Date.now() + 1000, user };

describe('refreshOnce', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => refreshMock.mockReset());

  it('two concurrent refreshes spend the refresh token once', async () => {
    writeSession(stale);
    const spy = refreshMock.mockResolvedValue({
      accessToken: 'a2',
      refreshToken: 'r2',
      expiresIn: 3600,
      user,
    });
    const [first, second] = await Promise.all([refreshOnce(stale), refreshOnce(stale)]);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(first).toMatchObject({ status: 'refreshed', session: { accessToken: 'a2' } });
    expect(second).toMatchObject({ status: 'refreshed', session: { accessToken: 'a2' } });
  });

  it('signs out when the identity service rejects the refresh token', async () => {
    writeSession(stale);
    const rejected = apiFailure(
      { method: 'post', url: '/identity/refresh' },
      401,
      { error: { code: 'unauthorized', message: 'Refresh token revoked' } },
      'Unauthorized',
    );
    refreshMock.mockRejectedValue(rejected);
    await expect(refreshOnce(stale)).resolves.toEqual({ status: 'signed-out' });
    expect(readSession()).toBeNull();
  });
});
