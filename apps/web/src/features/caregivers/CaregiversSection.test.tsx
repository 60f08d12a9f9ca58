// @vitest-environment jsdom
import type { CaregiverList } from '@healthfolio/core';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { testQueryClient } from '../../test/app-test-utils';
import { apiData, onApi } from '../../test/msw';
import { CaregiversSection } from './CaregiversSection';

const pendingFromAda: CaregiverList['received'][number] = {
  id: 'g2',
  personId: 'ada-id',
  personName: 'Ada Lovelace',
  personEmail: 'ada@example.com',
  permissions: ['metrics', 'insights'],
  status: 'pending',
  endsAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  acceptedAt: null,
  revokedAt: null,
};
const list = (over: Partial<CaregiverList> = {}): CaregiverList => ({
  given: [],
  received: [],
  emailVerified: true,
  ...over,
});

function renderSection() {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <CaregiversSection />
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'Caregivers' });
}

// MUI forms take a few seconds on a loaded 2-core machine; the limit catches a hang.
const SLOW = { timeout: 20_000 };

describe('CaregiversSection', () => {
  afterEach(() => {
    cleanup();
  });

  it('invites by email with the ticked permissions and the chosen end day', SLOW, async () => {
    const user = userEvent.setup();
    onApi('get', '/api/caregivers', list());
    const invited = onApi('post', '/api/caregivers', apiData({ email: 'ben@example.com' }, 201));
    const section = renderSection();
    expect(await within(section).findByText('You have not invited anyone.', undefined, SLOW)).toBeTruthy();

    fireEvent.change(within(section).getByLabelText(/Caregiver’s email/), {
      target: { value: 'ben@example.com' },
    });
    await user.click(within(section).getByLabelText('View lab results'));
    await user.click(within(section).getByLabelText('View metrics (dashboard, charts, health score)'));
    fireEvent.change(within(section).getByLabelText(/Access ends on/), { target: { value: '2026-12-31' } });
    await user.click(within(section).getByRole('button', { name: 'Invite caregiver' }));

    await waitFor(() =>
      expect(invited.map(({ body }) => body)).toEqual([
        {
          email: 'ben@example.com',
          permissions: ['labs'],
          endsAt: new Date('2026-12-31T23:59:59').toISOString(),
        },
      ]),
    );
    expect(await within(section).findByText(/Invitation sent to ben@example.com/)).toBeTruthy();
  });

  it('accepts an invitation received, and says when the address is not verified yet', SLOW, async () => {
    const user = userEvent.setup();
    onApi('get', '/api/caregivers', list({ received: [pendingFromAda] }));
    const accepted = onApi('post', '/api/caregivers/:id/accept', { ...pendingFromAda, status: 'active' });
    const section = renderSection();
    const item = await within(section).findByRole('article', { name: 'Ada Lovelace (ada@example.com)' });
    expect(within(item).getByText('Invitation sent')).toBeTruthy();
    expect(within(item).getByText('View insights and goals')).toBeTruthy();
    await user.click(within(item).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(accepted.map(({ path, body }) => [path, body])).toEqual([
        ['/api/caregivers/g2/accept', undefined],
      ]),
    );

    cleanup();
    onApi('get', '/api/caregivers', list({ emailVerified: false }));
    const unverified = renderSection();
    expect(
      await within(unverified).findByText(
        'Invitations to you appear here once your email address is verified.',
      ),
    ).toBeTruthy();
  });

  it(
    'speaks Spanish: the invitation form, a grant’s status and permissions by their codes',
    SLOW,
    async () => {
      i18n.addResourceBundle(
        'es',
        'caregivers',
        (await import('../../i18n/locales/es/caregivers.json')).default,
      );
      await i18n.changeLanguage('es');
      onApi('get', '/api/caregivers', list({ received: [pendingFromAda] }));
      render(
        <QueryClientProvider client={testQueryClient()}>
          <CaregiversSection />
        </QueryClientProvider>,
      );
      const section = screen.getByRole('region', { name: 'Cuidadores' });
      const item = await within(section).findByRole(
        'article',
        { name: 'Ada Lovelace (ada@example.com)' },
        SLOW,
      );
      expect(within(item).getByText('Invitación enviada')).toBeTruthy();
      expect(within(item).getByText('Ver análisis y objetivos')).toBeTruthy();
      expect(within(item).getByRole('button', { name: 'Aceptar' })).toBeTruthy();
      expect(within(section).getByRole('button', { name: 'Invitar cuidador' })).toBeTruthy();
    },
  );
});
