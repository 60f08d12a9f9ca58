import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { OverviewCard, TodaySoFar, UnitSystem } from '@healthfolio/core';
import { formatValue } from '../format';
import { againstUsual } from './overview-text';
import { OverviewMetricCard } from './OverviewMetricCard';

/** Today so far (steps, active energy, exercise) against the person's usual by this time of day. */
export function TodayCard({
  today,
  item,
  system,
}: {
  today: TodaySoFar;
  item: OverviewCard;
  system: UnitSystem;
}) {
  const show = (v: number) => formatValue(today.type, v, system);
  const usual = today.usual;
  return (
    <OverviewMetricCard
      item={{ ...item, stale: false }}
      system={system}
      title={`${today.label} today`}
      testId={`today-${today.type}`}
      note={
        usual === null
          ? `Not enough days yet for your usual (${today.usualDays} of 7)`
          : `${againstUsual(today.value, usual, show)} (usual ${show(usual)})`
      }
    >
      <Typography variant="h6" component="p" data-testid="metric-value">
        {show(today.value)}
      </Typography>
      {usual !== null && usual > 0 && (
        <LinearProgress
          variant="determinate"
          value={Math.min(100, (100 * today.value) / usual)}
          aria-label={`${today.label}: ${show(today.value)} of your usual ${show(usual)} by now`}
          sx={{ my: 0.5, height: 6, borderRadius: 3 }}
        />
      )}
    </OverviewMetricCard>
  );
}
