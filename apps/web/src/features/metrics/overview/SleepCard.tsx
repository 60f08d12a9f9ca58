import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { OverviewCard, SleepNight, UnitSystem } from '@healthfolio/core';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../format';
import { OverviewMetricCard } from './OverviewMetricCard';

const STAGES = ['deep', 'light', 'rem', 'awake'] as const;

/** Last night: time asleep, time in bed, and its stages as one bar when the tracker scored them. */
export function SleepCard({
  night,
  item,
  system,
}: {
  night: SleepNight;
  item: OverviewCard;
  system: UnitSystem;
}) {
  const { t } = useTranslation('sleep');
  const theme = useTheme();
  const colors = {
    deep: theme.palette.primary.dark,
    light: theme.palette.primary.light,
    rem: theme.palette.secondary.main,
    awake: theme.palette.warning.light,
  };
  const stages = night.stages;
  const total = stages ? STAGES.reduce((a, key) => a + (stages[key] ?? 0), 0) : 0;
  return (
    <OverviewMetricCard
      item={{
        ...item,
        stale: night.stale,
        ageDays: night.ageDays,
        latest: { ...item.latest, source: night.source, device: night.device },
      }}
      system={system}
      title={t('card.lastNight')}
      testId="sleep"
      note={
        night.inBedMin !== null
          ? t('card.asleepInBed', { inBed: formatDuration(night.inBedMin) })
          : t('card.asleep')
      }
    >
      {night.stale ? undefined : (
        <>
          <Typography variant="h6" component="p" data-testid="metric-value">
            {formatDuration(night.asleepMin)}
          </Typography>
          {stages && total > 0 && (
            <Box>
              <Stack
                direction="row"
                role="img"
                aria-label={t('card.stages', {
                  stages: STAGES.filter((k) => stages[k] !== null)
                    .map((k) => `${t(`stages.${k}`)} ${formatDuration(stages[k]!)}`)
                    .join(', '),
                })}
                sx={{ height: 8, borderRadius: 1, overflow: 'hidden', my: 0.5 }}
              >
                {STAGES.map((key) =>
                  stages[key] ? (
                    <Box key={key} sx={{ width: `${(100 * stages[key]) / total}%`, bgcolor: colors[key] }} />
                  ) : null,
                )}
              </Stack>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-hidden>
                {STAGES.map((key) =>
                  stages[key] === null ? null : (
                    <Typography key={key} variant="caption" color="text.secondary">
                      <Box
                        component="span"
                        sx={{ display: 'inline-block', width: 8, height: 8, mr: 0.5, bgcolor: colors[key] }}
                      />
                      {`${t(`stages.${key}`)} ${formatDuration(stages[key]!)}`}
                    </Typography>
                  ),
                )}
              </Stack>
            </Box>
          )}
        </>
      )}
    </OverviewMetricCard>
  );
}
