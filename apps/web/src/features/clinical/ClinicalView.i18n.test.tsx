// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { signedIn } from '../../test/app-test-utils';
import { onApi } from '../../test/msw';
import { ClinicalView } from './ClinicalView';
import { clinicalRecord, clinicalSummary } from './test-utils';

afterEach(cleanup);

describe('the clinical view in Spanish', { timeout: 20_000 }, () => {
  it('names its sections, dates and FHIR statuses in Spanish; a condition’s name stays as recorded', async () => {
    i18n.addResourceBundle('es', 'clinical', (await import('../../i18n/locales/es/clinical.json')).default);
    i18n.addResourceBundle('es', 'common', (await import('../../i18n/locales/es/common.json')).default);
    await i18n.changeLanguage('es');
    onApi(
      'get',
      '/api/clinical-records/summary',
      clinicalSummary({
        total: 1,
        categories: { condition: 1, procedure: 0, medication: 0, immunization: 0, allergy: 0, encounter: 0 },
        sources: [{ source: 'epic', name: 'Epic MyChart', count: 1 }],
      }),
    );
    onApi('get', '/api/clinical-records', {
      items: [
        clinicalRecord({
          display: 'Hypertension',
          status: 'resolved',
          recordedAt: '2021-02-11T12:00:00.000Z',
          endedAt: null,
        }),
      ],
      nextCursor: null,
    });
    render(signedIn(<ClinicalView />).ui);
    const conditions = await screen.findByRole('region', { name: 'Afecciones' }, { timeout: 5000 });
    expect(screen.getByText('1 registro de Epic MyChart')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Procedimientos' })).getByText(/No hay procedimientos/),
    ).toBeTruthy();
    const row = await within(conditions).findByText('Hypertension');
    const item = row.closest('li')!;
    expect(item.textContent).toContain('Inicio 11 feb 2021');
    expect(within(item).getByText('Resuelto')).toBeTruthy();
  });
});
