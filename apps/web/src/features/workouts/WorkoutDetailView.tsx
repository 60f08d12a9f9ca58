import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UnitSystem, WorkoutDetail } from '@healthfolio/core';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../layout';
import { LoadError } from '../layout/LoadError';
import { formatDuration, formatNumber } from '../metrics/format';
import { sourceName } from '../metrics/overview/overview-text';
import { useUnitSystem } from '../metrics/use-unit-system';
import {
  activityLabel,
  byPace,
  formatClockDuration,
  formatDistance,
  formatLocalDateTime,
  formatPace,
  formatSpeed,
  speeds,
} from './format';
import { HeartRateZones } from './HeartRateZones';
import { LineChart } from './LineChart';
import { RouteMap } from './RouteMap';
import { useWorkout } from './queries';
import { useTranslation } from 'react-i18next';

/** `/workouts/:id`: one workout's figures, heart-rate zones, pace or speed, elevation and route. */
export function WorkoutDetailView({ id }: { id: number }) {
  const { t } = useTranslation(['workouts', 'metrics']);
  const workout = useWorkout(id);
  const system = useUnitSystem();
  useDocumentTitle(workout.data ? activityLabel(workout.data.activity) : t('types.workout'));
  const back = (
    <Button component={RouterLink} to="/workouts" startIcon={<ArrowBack />} size="small" sx={{ mb: 1 }}>
      {t('title')}
    </Button>
  );
  if (workout.isPending && Number.isInteger(id) && id > 0) {
    return (
      <>
        {back}
        <Skeleton variant="rounded" height={320} />
      </>
    );
  }
  if (workout.isError || !workout.data) {
    return (
      <>
        {back}
        <LoadError
          title={t('detail.loadError')}
          error={workout.error ?? new Error(t('detail.missing'))}
          onRetry={() => void workout.refetch()}
        />
      </>
    );
  }
  const w = workout.data;
  return (
    <>
      {back}
      <Typography variant="h4" component="h1">
        {activityLabel(w.activity)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {`${formatLocalDateTime(w.start)} · ${[sourceName(w.source), w.device].filter(Boolean).join(' · ')}`}
      </Typography>
      <Figures workout={w} system={system} />
      <Stack spacing={2} sx={{ mt: 2 }}>
        <Section title={t('detail.zones')}>
          {w.zones ? (
            <HeartRateZones zones={w.zones} />
          ) : (
            <Typography color="text.secondary">{t('detail.noHeartRate')}</Typography>
          )}
        </Section>
        {w.track ? (
          <TrackSections workout={w} track={w.track} system={system} />
        ) : (
          <Alert severity="info">{t('detail.noTrack')}</Alert>
        )}
      </Stack>
    </>
  );
}

function Figures({ workout: w, system }: { workout: WorkoutDetail; system: UnitSystem }) {
  const { t } = useTranslation('workouts');
  const speed =
    w.track?.avgSpeedMps ??
    (w.distanceM !== null && w.durationMin > 0 ? w.distanceM / (w.durationMin * 60) : null);
  const items: [string, string][] = [
    [t('figures.duration'), formatDuration(w.durationMin)],
    ...(w.distanceM !== null
      ? [[t('figures.distance'), formatDistance(w.distanceM, system)] as [string, string]]
      : []),
    ...(speed !== null && speed > 0
      ? ([
          byPace(w.activity)
            ? [t('figures.pace'), formatPace(speed, system)!]
            : [t('figures.speed'), formatSpeed(speed, system)],
        ] as [string, string][])
      : []),
    ...(w.energyKcal !== null
      ? [[t('figures.energy'), `${Math.round(w.energyKcal)} kcal`] as [string, string]]
      : []),
    ...(w.avgHeartRate !== null
      ? [[t('figures.avgHeartRate'), `${w.avgHeartRate} bpm`] as [string, string]]
      : []),
    ...(w.maxHeartRate !== null
      ? [[t('figures.maxHeartRate'), `${w.maxHeartRate} bpm`] as [string, string]]
      : []),
    ...(w.track?.elevationGainM != null
      ? [
          [
            t('figures.elevationGain'),
            `${formatNumber(system === 'imperial' ? w.track.elevationGainM * 3.28084 : w.track.elevationGainM, 0)} ${system === 'imperial' ? 'ft' : 'm'}`,
          ] as [string, string],
        ]
      : []),
  ];
  return (
    <Box
      component="dl"
      data-testid="workout-figures"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' },
        gap: 2,
        m: 0,
      }}
    >
      {items.map(([label, value]) => (
        <Box key={label}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function TrackSections({
  workout,
  track,
  system,
}: {
  workout: WorkoutDetail;
  track: NonNullable<WorkoutDetail['track']>;
  system: UnitSystem;
}) {
  const { t: translate } = useTranslation('workouts');
  const { t, dist, ele, lat, lon } = track.points;
  const hasDistance = dist.filter((d) => d !== null).length >= 2;
  const x = hasDistance ? dist.map((d, i) => d ?? (i > 0 ? (dist[i - 1] ?? 0) : 0)) : [...t];
  const formatX = hasDistance
    ? (m: number) => formatDistance(m, system)
    : (s: number) => formatClockDuration(s);
  const v = speeds(t, dist);
  const pace = byPace(workout.activity);
  const feet = system === 'imperial';
  return (
    <>
      <Section title={translate('detail.route')}>
        <RouteMap lat={lat} lon={lon} />
      </Section>
      <Section title={pace ? translate('detail.pace') : translate('detail.speed')}>
        <LineChart
          label={pace ? translate('detail.paceOver') : translate('detail.speedOver')}
          x={x}
          y={pace ? v.map((s) => (s !== null && s > 0.3 ? s : null)) : v}
          format={(s) => (pace ? (formatPace(s, system) ?? '') : formatSpeed(s, system))}
          formatX={formatX}
          testId="workout-pace"
        />
      </Section>
      <Section title={translate('detail.elevation')}>
        <LineChart
          label={translate('detail.elevationOver')}
          x={x}
          y={ele.map((e) => (e === null ? null : feet ? e * 3.28084 : e))}
          format={(e) => `${formatNumber(e, 0)} ${feet ? 'ft' : 'm'}`}
          formatX={formatX}
          testId="workout-elevation"
        />
      </Section>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-label={title} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
