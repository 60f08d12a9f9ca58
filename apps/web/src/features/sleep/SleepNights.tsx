import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SleepNights as Nights } from '@healthfolio/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../layout/LoadError';
import { formatDuration } from '../metrics/format';
import { sourceName } from '../metrics/overview/overview-text';
import { useSleepNights } from '../workouts/queries';
import { clockOf, longDate } from './hypnogram';
import { DurationBars, Hypnogram, StageTotals } from './SleepNightCharts';

const WEEKS = [2, 4, 8, 12] as const;
const DAY_MS = 86_400_000;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Today's date where the browser is. */
const today = () => {
  const now = new Date();
  return isoDay(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()));
};

/** Sleep night by night, on a sleep metric's page: each night's stages, its length and regularity over weeks. */
export function SleepNights() {
  const { t } = useTranslation('sleep');
  const [weeks, setWeeks] = useState<(typeof WEEKS)[number]>(4);
  const to = today();
  const from = isoDay(Date.parse(`${to}T00:00:00Z`) - (weeks * 7 - 1) * DAY_MS);
  const nights = useSleepNights(from, to);
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label={t('nights.title')}
      sx={{ p: { xs: 1.5, sm: 2 }, mt: 2 }}
    >
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, flexWrap: 'wrap', gap: 1 }}
      >
        <Typography variant="h6" component="h2">
          {t('nights.title')}
        </Typography>
        <TextField
          select
          size="small"
          label={t('common:actions.show')}
          value={weeks}
          onChange={(e) => setWeeks(Number(e.target.value) as (typeof WEEKS)[number])}
          sx={{ minWidth: 140 }}
        >
          {WEEKS.map((w) => (
            <MenuItem key={w} value={w}>
              {t('nights.weeks', { n: w })}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {nights.isPending ? (
        <Skeleton variant="rounded" height={200} />
      ) : nights.isError ? (
        <LoadError title={t('nights.loadError')} error={nights.error} onRetry={() => void nights.refetch()} />
      ) : nights.data.nights.length === 0 ? (
        <Typography color="text.secondary">{t('nights.none')}</Typography>
      ) : (
        <NightsBody key={`${from}/${to}`} data={nights.data} />
      )}
    </Paper>
  );
}

function NightsBody({ data }: { data: Nights }) {
  const { t } = useTranslation('sleep');
  // The latest night first; the arrows step through the others.
  const [index, setIndex] = useState(data.nights.length - 1);
  const night = data.nights[Math.min(index, data.nights.length - 1)]!;
  const c = data.consistency;
  return (
    <Stack spacing={2}>
      <Box>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <IconButton
            aria-label={t('nights.earlier')}
            disabled={index === 0}
            onClick={() => setIndex(index - 1)}
          >
            <ChevronLeft />
          </IconButton>
          <Typography
            component="h3"
            variant="subtitle1"
            sx={{ fontWeight: 600 }}
            data-testid="sleep-night-title"
          >
            {t('nights.nightTo', { day: longDate(night.night) })}
          </Typography>
          <IconButton
            aria-label={t('nights.later')}
            disabled={index >= data.nights.length - 1}
            onClick={() => setIndex(index + 1)}
          >
            <ChevronRight />
          </IconButton>
        </Stack>
        <Typography variant="body2" data-testid="sleep-night-summary">
          {t('nights.summary', {
            asleep: formatDuration(night.asleepMin),
            from: clockOf(night.bedtime),
            to: clockOf(night.wake),
          }) +
            (night.inBedMin !== null
              ? ` · ${t('nights.inBed', { inBed: formatDuration(night.inBedMin) })}`
              : '') +
            ` · ${[sourceName(night.source), night.device].filter(Boolean).join(' · ')}`}
        </Typography>
        <Hypnogram night={night} />
        <StageTotals night={night} />
      </Box>
      <Box>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('nights.regularityTitle')}
        </Typography>
        {c ? (
          <Typography variant="body2" data-testid="sleep-consistency">
            {t('nights.regularity', {
              asleep: formatDuration(c.meanAsleepMin),
              bedtime: c.meanBedtime,
              bedtimeSd: formatDuration(c.bedtimeSdMin),
              wake: c.meanWake,
              wakeSd: formatDuration(c.wakeSdMin),
            })}
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('nights.oneNight')}
          </Typography>
        )}
        <DurationBars nights={data.nights} from={data.from} to={data.to} />
      </Box>
    </Stack>
  );
}
