import type { UserProfile } from '@healthfolio/core';
import { defaultSettings } from '@healthfolio/core/defaults';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { inTurn, onApi } from '../../test/msw';
import { profileQueryKey } from '../auth/AuthProvider';
import { writeProfile } from './profile-writes';

const profile: UserProfile = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  settings: defaultSettings(),
};

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('writeProfile', () => {
  it('shows the change at once, sends writes one at a time, and keeps only the newest answer', async () => {
    const client = new QueryClient();
    const key = profileQueryKey('u1');
    client.setQueryData(key, profile);
    const first = deferred<UserProfile>();
    const second = deferred<UserProfile>();
    const writes = onApi(
      'put',
      '/api/auth/profile',
      inTurn(
        () => first.promise,
        () => second.promise,
      ),
    );

    const a = writeProfile(client, 'u1', { settings: { preferences: { theme: 'dark' } } });
    const b = writeProfile(client, 'u1', { settings: { notifications: { insightAlerts: false } } });
    const cached = () => client.getQueryData<UserProfile>(key)?.settings;
    expect(cached()?.preferences.theme).toBe('dark');
    expect(cached()?.notifications.insightAlerts).toBe(false);
    await vi.waitFor(() => expect(writes).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(writes).toHaveLength(1);
    expect(writes[0]?.body).toEqual({ settings: { preferences: { theme: 'dark' } } });

    // The first answer predates the second change: it must not undo it on screen.
    const afterFirst = {
      ...profile,
      settings: {
        ...profile.settings,
        preferences: { ...profile.settings.preferences, theme: 'dark' as const },
      },
    };
    first.resolve(afterFirst);
    await a;
    expect(cached()?.notifications.insightAlerts).toBe(false);
    await vi.waitFor(() => expect(writes).toHaveLength(2));

    const afterSecond = {
      ...afterFirst,
      settings: {
        ...afterFirst.settings,
        notifications: { ...afterFirst.settings.notifications, insightAlerts: false },
      },
    };
    second.resolve(afterSecond);
    await b;
    expect(client.getQueryData(key)).toEqual(afterSecond);
  });
});
