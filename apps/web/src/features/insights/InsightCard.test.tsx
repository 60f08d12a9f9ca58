// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../test/app-test-utils';
import { InsightCard } from './InsightCard';
import { insight } from './test-utils';

function renderCard(props: Partial<Parameters<typeof InsightCard>[0]> = {}) {
  const onDismiss = vi.fn();
  const { ui } = signedIn(
    <InsightCard insight={insight()} system="metric" onDismiss={onDismiss} {...props} />,
  );
  render(ui);
  return { onDismiss, card: screen.getByRole('article', { name: props.insight?.title ?? insight().title }) };
}

describe('InsightCard', () => {
  afterEach(cleanup);

  it('shows the finding, its severity and type, its window and what to do', () => {
    const { card } = renderCard();
    expect(
      within(card).getByRole('heading', { name: 'Resting heart rate up 6 bpm in 30 days' }),
    ).toBeTruthy();
    expect(within(card).getByText('Warning')).toBeTruthy();
    expect(within(card).getByText('Trend')).toBeTruthy();
    expect(within(card).getByText('1 Oct – 30 Oct 2026')).toBeTruthy();
    expect(within(card).getByText(/rose from about 52 to 58 bpm/)).toBeTruthy();
    const advice = within(card)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(advice).toEqual([
      'Keep an eye on sleep and recovery this week.',
      'Talk to your doctor if it keeps rising.',
    ]);
  });

  it('keeps the statistics folded under "How we know", out of the plain description', async () => {
    const { card } = renderCard();
    const disclosure = within(card).getByText('How we know').closest('details')!;
    expect(disclosure.open).toBe(false);
    expect(within(card).getByText(/rose from about 52 to 58 bpm/).textContent).not.toMatch(/Mann|p </);
    disclosure.querySelector('summary')!.click();
    expect(disclosure.open).toBe(true);
    expect(within(disclosure).getByText(/Mann–Kendall p < 0\.001, over 30 days with data\./)).toBeTruthy();
  });

  it('has no "How we know" when there are no statistics to tell', () => {
    const { card } = renderCard({ insight: insight({ evidence: '' }) });
    expect(within(card).queryByText('How we know')).toBeNull();
  });

  it('colours the severity chip by severity', () => {
    const { card } = renderCard({ insight: insight({ severity: 'critical' }) });
    expect(within(card).getByText('Critical').closest('.MuiChip-root')?.className).toContain('colorError');
  });

  it('summarises its chart for screen readers', () => {
    const { card } = renderCard();
    const chart = within(card).getByRole('img');
    expect(chart.getAttribute('aria-label')).toBe(
      'Resting heart rate, 3 days, 1 Oct – 30 Oct 2026: from 52 bpm to 58 bpm, lowest 52 bpm, highest 58 bpm. ' +
        'Shaded: Your usual range, 48–55 bpm. 1 highlighted day.',
    );
  });

  it('draws the series in the user’s units', () => {
    const weight = insight({
      title: 'Weight down 2 kg',
      relatedMetrics: ['weight'],
      series: [
        {
          metric: 'weight',
          unit: 'kg',
          points: [
            { day: '2026-10-01', value: 82 },
            { day: '2026-10-30', value: 80 },
          ],
        },
      ],
    });
    const { card } = renderCard({ insight: weight, system: 'imperial' });
    expect(within(card).getByRole('img').getAttribute('aria-label')).toContain('from 180.8 lb to 176.4 lb');
  });

  it('links to the metric’s own page, where its chart is', () => {
    const { card } = renderCard();
    const link = within(card).getByRole('link', { name: 'View metric: Resting heart rate' });
    expect(link.getAttribute('href')).toBe('/metrics/resting_heart_rate');
  });

  it('names each metric of a correlation', () => {
    const { card } = renderCard({
      insight: insight({ type: 'correlation', relatedMetrics: ['exercise_minutes', 'sleep_duration'] }),
    });
    expect(within(card).getByRole('link', { name: 'View metric: Exercise' }).getAttribute('href')).toBe(
      '/metrics/exercise_minutes',
    );
    expect(within(card).getByRole('link', { name: 'View metric: Sleep' })).toBeTruthy();
  });

  it('dismisses through its button', () => {
    const { card, onDismiss } = renderCard();
    within(card)
      .getByRole('button', { name: /^Dismiss/ })
      .click();
    expect(onDismiss).toHaveBeenCalledWith(expect.objectContaining({ id: 'ins_1' }));
  });
});
