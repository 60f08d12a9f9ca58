// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../test/app-test-utils';
import { InsightCard } from './InsightCard';
import { coverageText, NoMatchingInsights } from './InsightsEmpty';
import { insight } from './test-utils';

beforeAll(async () => {
  for (const language of ['es', 'de'] as const) {
    for (const ns of ['insights', 'common'] as const) {
      const file = (await import(`../../i18n/locales/${language}/${ns}.json`)) as {
        default: Record<string, unknown>;
      };
      i18n.addResourceBundle(language, ns, file.default);
    }
  }
});

describe('Insights in other languages', () => {
  afterEach(cleanup);

  it('says everything around the server’s words in Spanish, and leaves those as they come', async () => {
    await i18n.changeLanguage('es');
    render(signedIn(<InsightCard insight={insight()} system="metric" onDismiss={vi.fn()} />).ui);
    const card = screen.getByRole('article', { name: 'Resting heart rate up 6 bpm in 30 days' });
    expect(within(card).getByText('Advertencia')).toBeTruthy();
    expect(within(card).getByText('Tendencia')).toBeTruthy();
    expect(within(card).getByText('Cómo lo sabemos')).toBeTruthy();
    expect(within(card).getByText('Qué puedes hacer')).toBeTruthy();
    expect(
      within(card).getByRole('link', { name: 'Ver métrica: Frecuencia cardiaca en reposo' }),
    ).toBeTruthy();
    expect(
      within(card).getByRole('button', { name: 'Descartar: Resting heart rate up 6 bpm in 30 days' }),
    ).toBeTruthy();
    // The chart's sentence for screen readers is Spanish too.
    expect(within(card).getByRole('img').getAttribute('aria-label')).toMatch(
      /, 3 días, .+: de .+ a .+, mínimo/,
    );
  });

  it('counts the days still needed in German', async () => {
    await i18n.changeLanguage('de');
    const t = i18n.getFixedT('de', 'insights');
    expect(coverageText({ dataDays: 1, daysNeeded: 14 }, t)).toBe(
      'Erkenntnisse brauchen etwa 14 Tage an Daten; du hast 1 Tag, es fehlen noch etwa 13 Tage.',
    );
    render(signedIn(<NoMatchingInsights onClear={vi.fn()} />).ui);
    expect(screen.getByRole('button', { name: 'Alle Erkenntnisse anzeigen' })).toBeTruthy();
  });
});
