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

/** `/workouts`: every workout by date, newest first, each a link to its page. */
export function WorkoutsView() {
  const workouts = useWorkouts();
  const system = useUnitSystem();
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Workouts
      </Typography>
      {workouts.isPending ? (
        <Skeleton variant="rounded" height={240} />
      ) : workouts.isError ? (
        <LoadError
          title="Workouts did not load"
          error={workouts.error}
          onRetry={() => void workouts.refetch()}
        />
      ) : workouts.data.items.length === 0 ? (
        <EmptyState
          icon={<DirectionsRunOutlined />}
          title="No workouts yet"
          action={
            <Button component={RouterLink} to="/data-sources" variant="contained">
              Add a source or import a file
            </Button>
          }
        >
          Connect a watch or an app, or import a GPX, TCX or FIT file of a workout: it shows here with its
          route and heart-rate zones.
        </EmptyState>
      ) : (
        <Paper variant="outlined">
          <List disablePadding aria-label="Workouts, newest first">
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
  const figures = [
    formatDuration(w.durationMin),
    w.distanceM !== null ? formatDistance(w.distanceM, system) : null,
    w.energyKcal !== null ? `${Math.round(w.energyKcal)} kcal` : null,
    w.avgHeartRate !== null ? `avg ${w.avgHeartRate} bpm` : null,
    w.maxHeartRate !== null ? `max ${w.maxHeartRate} bpm` : null,
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
