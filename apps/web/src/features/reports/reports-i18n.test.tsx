// @vitest-environment jsdom
import type { ReportJob } from '@healthfolio/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../test/app-test-utils';
import { onApi } from '../../test/msw';
import { ReportsView } from './ReportsView';

const ready: ReportJob = {
  id: 'r1',
  status: 'succeeded',
  progress: 100,
  from: '2026-08-01',
  to: '2026-11-21',
  sections: ['summary', 'labs'],
  createdAt: '2026-11-22T12:00:00.000Z',
  finishedAt: '2026-11-22T12:00:05.000Z',
  pages: 3,
  bytes: 12_000,
  failure: null,
};

beforeAll(async () => {
  for (const language of ['es', 'de'] as const) {
    for (const ns of ['reports', 'common'] as const) {
      const file = (await import(`../../i18n/locales/${language}/${ns}.json`)) as {
        default: Record<string, unknown>;
      };
      i18n.addResourceBundle(language, ns, file.default);
    }
  }
});

describe('Reports in other languages', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
  });

  it('says the form, the sections and a report in Spanish', async () => {
    onApi('get', '/api/reports', { items: [ready] });
    await i18n.changeLanguage('es');
    render(signedIn(<ReportsView />, { url: '/reports' }).ui);
    expect(screen.getByRole('heading', { name: 'Informes', level: 1 })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Composición corporal' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generar informe' })).toBeTruthy();
    const row = await screen.findByTestId('report-row');
    expect(within(row).getByText('Listo')).toBeTruthy();
    expect(within(row).getByText('Resumen, Análisis')).toBeTruthy();
    expect(within(row).getByText(/· 3 páginas/)).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Descargar PDF' })).toBeTruthy();
  });

  it('says what is missing in German', async () => {
    onApi('get', '/api/reports', { items: [] });
    await i18n.changeLanguage('de');
    render(signedIn(<ReportsView />, { url: '/reports' }).ui);
    expect(await screen.findByText('Noch keine Berichte')).toBeTruthy();
    for (const checkbox of screen.getAllByRole('checkbox')) checkbox.click();
    expect(await screen.findByText('Wähle mindestens einen Abschnitt.')).toBeTruthy();
  });
});
