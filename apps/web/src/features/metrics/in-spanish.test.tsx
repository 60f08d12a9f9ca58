// @vitest-environment jsdom
import type { OverviewCard } from '@healthfolio/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GoalsEmpty } from '../goals/GoalsEmpty';
import { goalSentence } from '../goals/goal-text';
import { goal } from '../goals/test-utils';
import { hypnogram } from '../sleep/hypnogram';
import { HeartRateZones } from '../workouts/HeartRateZones';
import { activityLabel } from '../workouts/format';
import { RangePicker } from './chart/RangePicker';
import { formatValue } from './format';
import { OverviewMetricCard } from './overview/OverviewMetricCard';
import { adaOverview } from './overview/test-fixtures';
import { TodayCard } from './overview/TodayCards';
import { ageText, categoryLabel, kindLabel } from './words';

/** The Dashboard's, metric pages', sleep's, workouts' and goals' words in Spanish and German (issue 22). */
describe('metrics, sleep, workouts and goals in Spanish', () => {
  beforeAll(async () => {
    for (const language of ['es', 'de'] as const) {
      for (const ns of ['common', 'dashboard', 'metrics', 'sleep', 'workouts', 'goals'] as const) {
        const words = (await import(`../../i18n/locales/${language}/${ns}.json`)) as {
          default: Record<string, unknown>;
        };
        i18next.addResourceBundle(language, ns, words.default);
      }
    }
  });
  afterEach(cleanup);

  it('names kinds, categories, ages and numbers in the current language', async () => {
    expect(kindLabel('resting_heart_rate')).toBe('Resting heart rate');
    await i18next.changeLanguage('es');
    expect(kindLabel('resting_heart_rate')).toBe('Frecuencia cardiaca en reposo');
    expect(categoryLabel('vitals')).toBe('Constantes vitales');
    expect(ageText(40)).toBe('hace 5 semanas');
    expect(ageText(1)).toBe('ayer');
    expect(formatValue('steps', 8000, 'metric')).toBe('8000 pasos');
    await i18next.changeLanguage('de');
    expect(kindLabel('steps')).toBe('Schritte');
    expect(ageText(40)).toBe('vor 5 Wochen');
    expect(formatValue('weight', 80.5, 'metric')).toBe('80,5 kg');
    // A kind core adds later, before it is translated, reads as core's English.
    expect(kindLabel('not_a_kind')).toBe('Not a kind');
  });

  it('shows the Dashboard’s today card and a stale value in Spanish', async () => {
    await i18next.changeLanguage('es');
    const overview = adaOverview();
    const steps = overview.items.find((i) => i.type === 'steps')!;
    const stale: OverviewCard = { ...steps, type: 'weight', aggregation: 'last', stale: true, ageDays: 36 };
    render(
      <MemoryRouter>
        <TodayCard rows={[{ today: overview.todaySoFar[0]!, item: steps }]} system="metric" />
        <OverviewMetricCard item={stale} system="metric" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Pasos hoy' })).toBeTruthy();
    expect(screen.getByTestId('today-note').textContent).toBe(
      '100 pasos por debajo de lo habitual a esta hora (lo habitual: 400 pasos)',
    );
    const card = screen.getByTestId('overview-weight');
    expect(within(card).getByRole('link', { name: 'Peso' })).toBeTruthy();
    expect(within(card).getByTestId('metric-age').textContent).toBe('hace 5 semanas');
    expect(card.textContent).toContain('Nada reciente.');
  });

  it('offers the metric page’s ranges in Spanish', async () => {
    await i18next.changeLanguage('es');
    render(<RangePicker value="week" onChange={() => {}} custom />);
    const group = screen.getByRole('group', { name: 'Periodo del gráfico' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Día', 'Semana', 'Mes', 'Año', 'Todo', 'Personalizado']);
  });

  it('names sleep stages, workout types and heart-rate zones in Spanish', async () => {
    await i18next.changeLanguage('es');
    const night = {
      segments: [
        { start: '2026-11-19T22:00:00.000Z', end: '2026-11-20T06:00:00.000Z', stage: 'deep' as const },
      ],
      bedtime: '2026-11-19T22:00:00.000Z',
      wake: '2026-11-20T06:00:00.000Z',
    } as Parameters<typeof hypnogram>[0];
    expect(hypnogram(night).rows.map((r) => r.label)).toEqual([
      'Despierto',
      'REM',
      'Básico (ligero)',
      'Profundo',
    ]);
    expect(activityLabel('running')).toBe('Carrera');
    expect(activityLabel('underwater_hockey')).toBe('Underwater hockey');
    render(
      <HeartRateZones
        zones={{
          maxHeartRate: 190,
          basis: 'age',
          zones: [{ zone: 1, minBpm: 95, maxBpm: 114, seconds: 180 }],
          belowSeconds: 0,
        }}
      />,
    );
    expect(screen.getByRole('listitem').textContent).toBe('Zona 1 · Suave · 95–114 bpm3:00');
    expect(screen.getByTestId('zones-basis').textContent).toContain('220 − tu edad');
  });

  it('shows the goals’ empty state and a goal in Spanish', async () => {
    await i18next.changeLanguage('es');
    render(<GoalsEmpty onCreate={() => {}} />);
    expect(screen.getByRole('button', { name: 'Crea tu primer objetivo' })).toBeTruthy();
    expect(screen.getByText('10.000 pasos al día')).toBeTruthy();
    expect(goalSentence(goal(), 'metric')).toBe('10.000 pasos al día');
  });
});
