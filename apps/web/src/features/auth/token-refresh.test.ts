// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, onApi } from '../../test/msw';
import { readSession, writeSession, type StoredSession } from './session-store';
import { refreshOnce } from './token-refresh';

const user = { id: 'u1', email: 'ada@example.com', name: 'Ada', emailVerified: true };
const stale: StoredSession = { accessToken: 'a1', refreshToken: 'r1', expiresAt: Date.now() + 1000, user };

describe('refreshOnce', () => {
  beforeEach(() => window.localStorage.clear());

  it('two concurrent refreshes spend the refresh token once', async () => {
    writeSession(stale);
    const refreshes = onApi('post', '/api/identity/refresh', {
      accessToken: 'a2',
      refreshToken: 'r2',
      expiresIn: 3600,
      user,
    });
    const [first, second] = await Promise.all([refreshOnce(stale), refreshOnce(stale)]);
    expect(refreshes.map((request) => request.body)).toEqual([{ refreshToken: 'r1' }]);
    expect(first).toMatchObject({ status: 'refreshed', session: { accessToken: 'a2' } });
    expect(second).toMatchObject({ status: 'refreshed', session: { accessToken: 'a2' } });
  });

  it('signs out when the identity service rejects the refresh token', async () => {
    writeSession(stale);
    onApi('post', '/api/identity/refresh', apiError(401, 'unauthorized', 'Refresh token revoked'));
    await expect(refreshOnce(stale)).resolves.toEqual({ status: 'signed-out' });
    expect(readSession()).toBeNull();
  });
});
