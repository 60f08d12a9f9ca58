// @vitest-environment jsdom
import type { ApiToken, SessionInfo, WebhookDelivery } from '@healthfolio/core';
import { defaultSettings } from '@healthfolio/core/defaults';
import { cleanup, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../test/app-test-utils';
import { onApi } from '../../test/msw';
import { describeToken } from './api-tokens-api';
import { PasswordSection } from './PasswordSection';
import { PrivacySection } from './PrivacySection';
import { SessionsSection } from './SessionsSection';
import { describeDelivery } from './webhooks-api';

const session: SessionInfo = {
  id: 's1',
  device: 'Firefox on Linux',
  place: '198.51.100.x',
  browser: 'Firefox',
  system: 'Linux',
  network: 'public',
  networkPrefix: '198.51.100.x',
  createdAt: '2026-11-20T08:00:00.000Z',
  lastSeenAt: '2026-11-26T09:30:00.000Z',
  current: false,
};

beforeAll(async () => {
  for (const language of ['es', 'de'] as const) {
    const file = (await import(`../../i18n/locales/${language}/settings.json`)) as {
      default: Record<string, unknown>;
    };
    const common = (await import(`../../i18n/locales/${language}/common.json`)) as {
      default: Record<string, unknown>;
    };
    i18n.addResourceBundle(language, 'settings', file.default);
    i18n.addResourceBundle(language, 'common', common.default);
  }
});

describe('Settings in other languages', () => {
  afterEach(cleanup);

  it('says the password section in Spanish', async () => {
    await i18n.changeLanguage('es');
    render(signedIn(<PasswordSection email="ada@example.com" />).ui);
    expect(await screen.findByRole('region', { name: 'Contraseña' })).toBeTruthy();
    expect(screen.getByLabelText(/Contraseña actual/)).toBeTruthy();
    expect(screen.getByText('Al menos 6 caracteres')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cambiar contraseña' })).toBeTruthy();
  });

  it('names the inactivity choices in German, a value set through the API among them', async () => {
    await i18n.changeLanguage('de');
    const privacy = { ...defaultSettings().privacy, autoSignOutMinutes: 45 };
    // The analytics consent sits in this section; with analytics off it is not shown.
    onApi('get', '/api/analytics', { enabled: false });
    render(signedIn(<PrivacySection values={privacy} save={vi.fn()} />).ui);
    expect(await screen.findByRole('region', { name: 'Datenschutz' })).toBeTruthy();
    const select = screen.getByLabelText('Abmelden nach Inaktivität');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Aus',
      '15 Minuten',
      '30 Minuten',
      '1 Stunde',
      '45 Minuten',
    ]);
    expect(screen.getByRole('switch', { name: /^Meine Daten anonymisieren/ })).toBeTruthy();
  });

  it('keeps the session times as <time> elements inside the translated sentence', async () => {
    onApi('get', '/api/identity/sessions', [session]);
    await i18n.changeLanguage('de');
    render(signedIn(<SessionsSection />).ui);
    const item = await screen.findByRole('listitem', { name: 'Firefox unter Linux, 198.51.100.x' });
    expect(item.textContent).toMatch(/198\.51\.100\.x · angemeldet .+ · zuletzt aktiv .+/);
    const times = item.querySelectorAll('time');
    expect([...times].map((t) => t.getAttribute('dateTime'))).toEqual([
      session.createdAt,
      session.lastSeenAt,
    ]);
    // Dates in German: "20.11.2026", not "Nov 20, 2026".
    expect(times[0]!.textContent).toMatch(/20\.11\.2026/);
    expect(
      screen.getByRole('button', { name: 'Sitzung beenden: Firefox unter Linux, 198.51.100.x' }),
    ).toBeTruthy();
  });

  // The English words sent beside the parts are deliberately wrong here: only the parts may be worded.
  const unworded = { ...session, device: 'ignored', place: 'ignored', networkPrefix: null };
  const parts: SessionInfo[] = [
    { ...unworded, id: 's2', browser: 'Chrome', system: 'Android', network: 'this-computer' },
    { ...unworded, id: 's3', browser: null, system: 'iOS', network: 'local' },
    { ...unworded, id: 's4', browser: null, system: null, network: 'unknown' },
    { ...unworded, id: 's5', browser: 'curl', system: null, network: 'carrier' },
  ];

  it.each([
    [
      'en',
      [
        'Chrome on Android, This computer',
        'Browser on iOS, Local network',
        'Unknown device, Unknown network',
        'curl, Carrier network',
      ],
    ],
    [
      'es',
      [
        'Chrome en Android, Este ordenador',
        'Navegador en iOS, Red local',
        'Dispositivo desconocido, Red desconocida',
        'curl, Red del operador móvil',
      ],
    ],
    [
      'de',
      [
        'Chrome unter Android, Dieser Computer',
        'Browser unter iOS, Lokales Netzwerk',
        'Unbekanntes Gerät, Unbekanntes Netzwerk',
        'curl, Mobilfunknetz',
      ],
    ],
  ])(
    'words the device and network parts in %s, the browser and system by their names',
    async (language, names) => {
      onApi('get', '/api/identity/sessions', parts);
      await i18n.changeLanguage(language);
      render(signedIn(<SessionsSection />).ui);
      await screen.findByRole('listitem', { name: names[0] });
      expect(screen.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(names);
    },
  );

  it('describes tokens and deliveries in the language asked for', async () => {
    await i18n.changeLanguage('es');
    const t = i18n.getFixedT('es', 'settings');
    const token = { createdAt: '2026-11-03T10:00:00.000Z', expiresAt: null, lastUsedAt: null } as ApiToken;
    expect(describeToken(token, t)).toMatch(/^Creado el .+ · no caduca · nunca usado$/);
    const failed = { status: 'failed', attempts: 3, error: 'timeout', statusCode: null } as WebhookDelivery;
    expect(describeDelivery(failed, t)).toBe('Falló tras 3 intentos: timeout');
    const english = i18n.getFixedT('en', 'settings');
    expect(describeDelivery({ ...failed, attempts: 1 }, english)).toBe('Failed after 1 attempt: timeout');
  });
});
