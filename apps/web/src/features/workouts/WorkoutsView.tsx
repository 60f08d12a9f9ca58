import DirectionsRunOutlined from '@mui/icons-material/DirectionsRunOutlined';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WorkoutSummary } from '@healthfolio/core';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../layout/EmptyState';
import { LoadError } from '../layout/LoadError';
import { formatDuration } from '../metrics/format';
import { useUnitSystem } from '../metrics/use-unit-system';
import { sourceName } from '../metrics/overview/overview-text';
import { activityLabel, formatDistance, formatLocalDateTime } from './format';
import { useWorkouts } from './queries';
import { useTranslation } from 'react-i18next';

/** `/workouts`: every workout by date, newest first, each a link to its page. */
export function WorkoutsView() {
  const { t } = useTranslation(['workouts', 'metrics']);
  const workouts = useWorkouts();
  const system = useUnitSystem();
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      {workouts.isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : workouts.isError ? (
        <LoadError title={t('loadError')} error={workouts.error} onRetry={() => void workouts.refetch()} />
      ) : workouts.data.items.length === 0 ? (
        <EmptyState
          icon={<DirectionsRunOutlined />}
          title={t('empty.title')}
          action={
            <Button component={RouterLink} to="/data-sources" variant="contained">
              {t('empty.action')}
            </Button>
          }
        >
          {t('empty.body')}
        </EmptyState>
      ) : (
        <Paper variant="outlined">
          <List disablePadding aria-label={t('list')}>
            {workouts.data.items.map((w) => (
              <WorkoutRow key={w.id} workout={w} system={system} />
            ))}
          </List>
        </Paper>
      )}
    </>
  );
}

function WorkoutRow({
  workout: w,
  system,
}: {
  workout: WorkoutSummary;
  system: ReturnType<typeof useUnitSystem>;
}) {
  const { t } = useTranslation('workouts');
  const figures = [
    formatDuration(w.durationMin),
    w.distanceM !== null ? formatDistance(w.distanceM, system) : null,
    w.energyKcal !== null ? `${Math.round(w.energyKcal)} kcal` : null,
    w.avgHeartRate !== null ? t('row.avg', { bpm: w.avgHeartRate }) : null,
    w.maxHeartRate !== null ? t('row.max', { bpm: w.maxHeartRate }) : null,
  ].filter((f): f is string => f !== null);
  return (
    <ListItemButton component={RouterLink} to={`/workouts/${w.id}`} divider data-testid="workout-row">
      <Stack sx={{ width: '100%' }} spacing={0.25}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>{activityLabel(w.activity)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {formatLocalDateTime(w.start)}
          </Typography>
        </Stack>
        <Typography variant="body2">{figures.join(' · ')}</Typography>
        <Typography variant="caption" color="text.secondary">
          {[sourceName(w.source), w.device].filter(Boolean).join(' · ')}
        </Typography>
      </Stack>
    </ListItemButton>
  );
}
