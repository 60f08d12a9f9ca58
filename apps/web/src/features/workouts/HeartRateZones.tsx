import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { HeartRateZones as Zones } from '@healthfolio/core';
import { formatClockDuration } from './format';
import { useTranslation } from 'react-i18next';

const NAMES = ['easy', 'steady', 'moderate', 'hard', 'maximum'] as const;

/** Time in each heart-rate zone, as bars, with where the maximum came from. */
export function HeartRateZones({ zones }: { zones: Zones }) {
  const { t } = useTranslation('workouts');
  const theme = useTheme();
  const colors = [
    theme.palette.info.light,
    theme.palette.success.main,
    theme.palette.warning.light,
    theme.palette.warning.dark,
    theme.palette.error.main,
  ];
  const total = zones.zones.reduce((n, z) => n + z.seconds, 0) + zones.belowSeconds;
  return (
    <Box data-testid="workout-zones">
      <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {zones.zones.map((z, i) => (
          <Box component="li" key={z.zone} data-testid={`zone-${z.zone}`}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 1 }}>
              <Typography variant="body2">
                {t('zones.row', {
                  zone: z.zone,
                  name: t(`zones.names.${NAMES[i] ?? 'maximum'}`),
                  min: z.minBpm,
                  max: z.maxBpm,
                })}
              </Typography>
              <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatClockDuration(z.seconds)}
              </Typography>
            </Stack>
            <Box sx={{ height: 8, bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden' }}>
              <Box
                sx={{
                  height: '100%',
                  width: `${total > 0 ? (z.seconds / total) * 100 : 0}%`,
                  bgcolor: colors[i],
                }}
              />
            </Box>
          </Box>
        ))}
      </Stack>
      {zones.belowSeconds > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('zones.below', { time: formatClockDuration(zones.belowSeconds) })}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="zones-basis">
        {zones.basis === 'age'
          ? t('zones.basisAge', { max: zones.maxHeartRate })
          : t('zones.basisData', { max: zones.maxHeartRate })}
      </Typography>
    </Box>
  );
}
