import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { MetricsOverview, OverviewCard } from '@healthfolio/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnitSystem } from '../use-unit-system';
import { GlucoseCard } from './GlucoseCard';
import { NextGoalCard } from './NextGoalCard';
import { OverviewMetricCard } from './OverviewMetricCard';
import { SleepCard } from './SleepCard';
import { TodayCard } from './TodayCards';

/** Body composition shown beside the weight, at most three of them. */
const BODY_KINDS = ['weight', 'body_fat', 'muscle_mass', 'lean_mass', 'bmi'] as const;
const HEART_KINDS = ['resting_heart_rate', 'heart_rate_variability'] as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ mb: 2 }}>
      <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      <Grid container spacing={1.5}>
        {children}
      </Grid>
    </Box>
  );
}

const cell = (key: string, node: ReactNode) => (
  <Grid key={key} size={{ xs: 6, sm: 4, md: 3 }}>
    {node}
  </Grid>
);

/**
 * Today at a glance: today so far against the usual, last night and the heart against baseline, the
 * latest body measurements, CGM time in range, and the next goal. `after` (insights, the health score)
 * follows the first section.
 */
export function TodayOverview({ overview, after }: { overview: MetricsOverview; after?: ReactNode }) {
  const { t } = useTranslation('dashboard');
  const system = useUnitSystem();
  const byKind = new Map<string, OverviewCard>(overview.items.map((i) => [i.type, i]));
  const today = overview.todaySoFar.flatMap((t) => {
    const item = byKind.get(t.type);
    return item ? [{ today: t, item }] : [];
  });
  const sleepItem = byKind.get('sleep_duration');
  const heart: ReactNode[] = [
    ...(overview.sleep && sleepItem
      ? [cell('sleep', <SleepCard night={overview.sleep} item={sleepItem} system={system} />)]
      : []),
  ];
  const hearts = HEART_KINDS.flatMap((k) => {
    const item = byKind.get(k);
    return item ? [item] : [];
  });
  // Resting heart rate and HRV share a card: both against their usual, one screen for the whole overview.
  if (hearts.length > 0)
    heart.push(
      cell(
        'heart',
        <Card variant="outlined" sx={{ height: '100%' }}>
          {hearts.map((item, i) => (
            <Box key={item.type}>
              {i > 0 && <Divider />}
              <OverviewMetricCard item={item} system={system} bare />
            </Box>
          ))}
        </Card>,
      ),
    );
  const body = BODY_KINDS.flatMap((k) => {
    const item = byKind.get(k);
    return item ? [item] : [];
  })
    .slice(0, 3)
    .map((item) => cell(item.type, <OverviewMetricCard item={item} system={system} />));
  const more = [
    ...body,
    ...(overview.glucose ? [cell('glucose', <GlucoseCard glucose={overview.glucose} />)] : []),
    cell('goal', <NextGoalCard system={system} />),
  ];
  return (
    <>
      {today.length > 0 && (
        <Section id="overview-today" title={t('overview.today')}>
          <Grid size={12}>
            <TodayCard rows={today} system={system} />
          </Grid>
        </Section>
      )}
      {after}
      {heart.length > 0 && (
        <Section id="overview-night" title={t('overview.night')}>
          {heart}
        </Section>
      )}
      <Section id="overview-body" title={t('overview.body')}>
        {more}
      </Section>
    </>
  );
}
