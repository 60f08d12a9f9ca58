// @vitest-environment jsdom
import type { PublicShare } from '@healthfolio/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, inTurn, onApi, type ApiRequest, type Reply } from '../test/msw';
import { SharePage } from './SharePage';

const refused = apiError;

/** `GET /api/public/shares/:token` answers these, in turn. */
const serveShare = (...replies: Reply[]) => onApi('get', '/api/public/shares/:token', inTurn(...replies));
/** Which share each read asked for, and the code it sent. */
const reads = (requests: ApiRequest[]) =>
  requests.map(({ path, headers }) => [path, headers.get('x-share-code')]);

const share: PublicShare = {
  recipient: 'Dr. Rivera',
  from: '2026-11-12',
  to: '2026-11-18',
  expiresAt: '2026-11-29T12:00:00.000Z',
  sections: ['activity'],
  person: null,
  anonymized: true,
  generatedAt: '2026-11-22T12:00:00.000Z',
  hasReport: false,
  series: {
    activity: [
      {
        kind: 'steps',
        label: 'Steps',
        unit: '{count}',
        days: [
          { day: '2026-11-12', value: 12000 },
          { day: '2026-11-13', value: 13000 },
        ],
      },
    ],
  },
};

function renderAt(token: string) {
  const router = createMemoryRouter([{ path: '/s/:token', element: <SharePage /> }], {
    initialEntries: [`/s/${token}`],
  });
  render(<RouterProvider router={router} />);
}

describe('the recipient page /s/<token>', () => {
  afterEach(() => {
    cleanup();
  });

  // A loaded machine needs more than the default 5 s for the lazy MUI tree.
  it('says in words that a revoked share is no longer available', async () => {
    const opened = serveShare(
      refused(
        410,
        'share/gone',
        'This share was revoked by the person who made it. Ask them for a new link if you need it.',
      ),
    );
    renderAt('tok123');
    expect(
      await screen.findByRole('heading', { name: 'This share is no longer available' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByText(/This share was revoked by the person who made it/)).toBeTruthy();
    expect(reads(opened)).toContainEqual(['/api/public/shares/tok123', null]);
  }, 20_000);

  it('asks for the code, sends it, and shows the anonymised summary', async () => {
    const opened = serveShare(
      refused(403, 'share/code-required', 'Enter the 6-digit code you were sent separately.'),
      share,
    );
    renderAt('tok456');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('6-digit code', {}, { timeout: 5000 }), '042917');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(
      await screen.findByRole('heading', { name: 'Health summary (anonymised)' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(reads(opened).at(-1)).toEqual(['/api/public/shares/tok456', '042917']);
    const activity = screen.getByRole('region', { name: 'Activity' });
    expect(activity.textContent).toContain('Steps');
    expect(activity.textContent).toContain('12,500');
  }, 20_000);

  it('reads in Spanish for a Spanish-speaking recipient', async () => {
    const words = await import('../i18n/locales/es/shares.json');
    i18next.addResourceBundle('es', 'shares', words.default);
    i18next.addResourceBundle('es', 'common', (await import('../i18n/locales/es/common.json')).default);
    await i18next.changeLanguage('es');
    serveShare(share);
    renderAt('tok');
    expect(
      await screen.findByRole('heading', { name: 'Resumen de salud (anonimizado)' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Actividad' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Media' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeTruthy();
  }, 20_000);
});
