// @vitest-environment jsdom
import type { OnboardingStatus, UserProfile } from '@healthfolio/core';
import { defaultSettings } from '@healthfolio/core/defaults';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { testQueryClient } from '../../test/app-test-utils';
import { fakeAuth, WithAuth } from '../../test/auth-test-utils';
import { inTurn, networkError, onApi } from '../../test/msw';
import { OnboardingChecklist } from './OnboardingChecklist';

const profile: UserProfile = {
  id: 'u_ada',
  email: 'ada@example.com',
  name: 'Ada',
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  settings: {
    ...defaultSettings(),
    preferences: { ...defaultSettings().preferences, timeZone: 'America/New_York' },
  },
};

function status(
  done: Partial<Record<'source' | 'preferences' | 'goal' | 'mfa', boolean>>,
  dismissed = false,
) {
  const steps = (['source', 'preferences', 'goal', 'mfa'] as const).map((key) => ({
    key,
    done: !!done[key],
  }));
  return { steps, complete: steps.every((s) => s.done), dismissed } satisfies OnboardingStatus;
}

function renderChecklist() {
  const client = testQueryClient();
  const user = { id: profile.id, email: profile.email, name: profile.name, emailVerified: true };
  const router = createMemoryRouter([{ path: '*', element: <OnboardingChecklist /> }]);
  render(
    <WithAuth value={fakeAuth({ isAuthenticated: true, user, profile })}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </WithAuth>,
  );
}

describe('OnboardingChecklist', () => {
  afterEach(() => {
    cleanup();
  });

  it('ticks the steps the server says are done and links the others to where they are done', async () => {
    onApi('get', '/api/onboarding', status({ source: true, goal: true }));
    renderChecklist();
    const list = await screen.findByRole('region', { name: 'Get started' });
    expect(within(list).getByText('2 of 4 done')).toBeTruthy();
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => [li.dataset.step, li.dataset.done])).toEqual([
      ['source', 'true'],
      ['preferences', 'false'],
      ['goal', 'true'],
      ['mfa', 'false'],
    ]);
    expect(within(items[0]!).getByText('Your data has somewhere to come from.')).toBeTruthy();
    expect(within(items[0]!).queryByRole('link')).toBeNull();
    expect(within(items[3]!).getByRole('link', { name: 'Set up in Settings' }).getAttribute('href')).toBe(
      '/settings',
    );
    expect(within(items[1]!).getByText('Now: Metric (kg, cm, km), America/New York.')).toBeTruthy();
  });

  it('keeps the units and zone shown by saving them, then reads the ticks again from the server', async () => {
    onApi('get', '/api/onboarding', inTurn(status({}), status({ preferences: true })));
    const writes = onApi('put', '/api/auth/profile', profile);
    renderChecklist();
    await userEvent.click(await screen.findByRole('button', { name: 'Keep these' }));
    await waitFor(() =>
      expect(writes.map(({ body }) => body)).toEqual([
        { settings: { preferences: { units: 'metric', timeZone: 'America/New_York' } } },
      ]),
    );
    await waitFor(() => expect(screen.getByText('1 of 4 done')).toBeTruthy());
    expect(screen.getByText('Units and time zone chosen.')).toBeTruthy();
  });

  it('is put away for good with its close button (stored in the settings)', async () => {
    onApi('get', '/api/onboarding', inTurn(status({}), status({}, true)));
    const writes = onApi('put', '/api/auth/profile', profile);
    renderChecklist();
    await userEvent.click(await screen.findByRole('button', { name: 'Hide the getting-started list' }));
    await waitFor(() =>
      expect(writes.map(({ body }) => body)).toEqual([
        { settings: { preferences: { onboardingDismissed: true } } },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Get started' })).toBeNull());
  });

  it('shows nothing once every step is done, or once it was put away', async () => {
    const asked = onApi(
      'get',
      '/api/onboarding',
      status({ source: true, preferences: true, goal: true, mfa: true }),
    );
    renderChecklist();
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Get started' })).toBeNull();
  });

  it('says so when putting it away fails, and stays', async () => {
    onApi('get', '/api/onboarding', status({}));
    onApi('put', '/api/auth/profile', networkError());
    renderChecklist();
    await userEvent.click(await screen.findByRole('button', { name: 'Hide the getting-started list' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That could not be saved. Please try again.');
    expect(screen.getByRole('region', { name: 'Get started' })).toBeTruthy();
  });

  it('reads in Spanish', async () => {
    i18next.addResourceBundle(
      'es',
      'onboarding',
      (await import('../../i18n/locales/es/onboarding.json')).default,
    );
    await i18next.changeLanguage('es');
    onApi('get', '/api/onboarding', status({ source: true }));
    renderChecklist();
    const list = await screen.findByRole('region', { name: 'Primeros pasos' });
    expect(within(list).getByText('1 de 4 hechos')).toBeTruthy();
    expect(within(list).getByText('Ahora: Métrico (kg, cm, km), America/New York.')).toBeTruthy();
    expect(within(list).getByRole('link', { name: 'Fijar un objetivo' })).toBeTruthy();
  });
});
