// @vitest-environment jsdom
import type { UserProfile } from '@healthfolio/core';
import { defaultSettings } from '@healthfolio/core/defaults';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, WithAuth } from '../../test/auth-test-utils';
import { testQueryClient } from '../../test/app-test-utils';
import { inTurn, onApi } from '../../test/msw';
import { profileQueryKey } from '../auth/AuthProvider';
import { SandboxDataSection } from './SandboxDataSection';
import { useSettingsSaver } from './use-settings-saver';

const profile: UserProfile = {
  id: 'u_ada',
  email: 'ada@example.com',
  name: 'Ada',
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  settings: defaultSettings(),
};

/** The section as the Settings page shows it: its value from the profile, saved through the page's saver. */
function Section() {
  const { save } = useSettingsSaver();
  const { data } = useQuery({
    queryKey: profileQueryKey(profile.id),
    queryFn: () => profile,
    initialData: profile,
    staleTime: Infinity,
  });
  return <SandboxDataSection value={data.settings.preferences.includeSandboxData} save={save} />;
}

function renderSection() {
  const client = testQueryClient();
  const invalidated = vi.spyOn(client, 'invalidateQueries');
  const user = { id: profile.id, email: profile.email, name: profile.name, emailVerified: true };
  render(
    <WithAuth value={fakeAuth({ isAuthenticated: true, user, profile })}>
      <QueryClientProvider client={client}>
        <Section />
      </QueryClientProvider>
    </WithAuth>,
  );
  return { invalidated };
}

describe('SandboxDataSection', () => {
  afterEach(() => {
    cleanup();
  });

  it('is off by default and says in one line what it does', () => {
    renderSection();
    expect(screen.getByRole('region', { name: 'Sandbox data' })).toBeTruthy();
    const toggle = screen.getByRole('switch', { name: /^Include sandbox data/ });
    expect(toggle).toHaveProperty('checked', false);
    const help = document.getElementById(toggle.getAttribute('aria-describedby')!);
    expect(help?.textContent).toBe(
      'Count the generated test data of sandbox connections in your totals, insights, goals and exports; off, it never mixes with your own.',
    );
  });

  it('saves the choice, then has the metrics, insights and goals read again', async () => {
    const user = userEvent.setup();
    const on = { ...profile, settings: { ...profile.settings } };
    on.settings.preferences = { ...profile.settings.preferences, includeSandboxData: true };
    const writes = onApi('put', '/api/auth/profile', inTurn(on, profile));
    const { invalidated } = renderSection();
    const toggle = screen.getByRole('switch', { name: /^Include sandbox data/ });

    await user.click(toggle);
    await waitFor(() =>
      expect(writes.map(({ body }) => body)).toEqual([
        { settings: { preferences: { includeSandboxData: true } } },
      ]),
    );
    await waitFor(() => expect(toggle).toHaveProperty('checked', true));
    await waitFor(() =>
      expect(invalidated.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
        ['metrics'],
        ['insights'],
        ['goals'],
      ]),
    );

    await user.click(toggle);
    await waitFor(() =>
      expect(writes.at(-1)?.body).toEqual({ settings: { preferences: { includeSandboxData: false } } }),
    );
    await waitFor(() => expect(toggle).toHaveProperty('checked', false));
  });
});
