// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { onApi } from '../../test/msw';
import { useSources } from './queries';
import { SourceCard } from './SourceCard';
import { connectedOura, dataSource, testQueryClient, WithQueries } from './test-utils';

const now = Date.now();

function Card({ kind }: { kind: string }) {
  const source = useSources().data?.find((s) => s.kind === kind);
  return source ? <SourceCard source={source} now={now} onImportInstead={() => {}} /> : null;
}

afterEach(cleanup);

describe('a source card in Spanish', () => {
  it('says its state, its last sync and what it brings in Spanish; brand names stay', async () => {
    i18n.addResourceBundle('es', 'sources', (await import('../../i18n/locales/es/sources.json')).default);
    i18n.addResourceBundle('es', 'common', (await import('../../i18n/locales/es/common.json')).default);
    await i18n.changeLanguage('es');
    onApi('get', '/api/data-sources', {
      items: [connectedOura(now, { sandbox: false, configured: true }), dataSource('pdf_upload')],
    });
    render(
      <WithQueries client={testQueryClient()}>
        <Card kind="oura" />
        <Card kind="pdf_upload" />
      </WithQueries>,
    );
    const oura = await screen.findByRole('article', { name: 'Oura' });
    expect(within(oura).getByTestId('source-status').textContent).toBe('Conectado');
    expect(within(oura).getByTestId('last-sync').textContent).toBe('Sincronizado hace 5 minutos');
    expect(within(oura).getByText(/Sueño, preparación, actividad/)).toBeTruthy();
    expect(within(oura).getByRole('button', { name: 'Desconectar' })).toBeTruthy();
    // A generic kind's name is a word, not a brand: it is translated.
    expect(await screen.findByRole('article', { name: 'Subida de PDF' })).toBeTruthy();
  });
});
