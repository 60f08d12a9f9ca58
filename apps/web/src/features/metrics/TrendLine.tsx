import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import TrendingFlat from '@mui/icons-material/TrendingFlat';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MetricsSummary, UnitSystem } from '@healthfolio/core';
import { useTranslation } from 'react-i18next';
import { formatChange, formatValue } from './format';
import { visuallyHidden } from '../../lib/visually-hidden';

type Trend = NonNullable<MetricsSummary['items'][number]['trend7']>;

interface TrendLineProps {
  kind: string;
  days: 7 | 30;
  trend: Trend | null;
  system: UnitSystem;
}

/** "7 days: 80 kg ↑ +1.2 kg": the window's mean (or daily total) and its change on the window before. */
export function TrendLine({ kind, days, trend, system }: TrendLineProps) {
  const { t } = useTranslation('metrics');
  if (!trend) return null;
  const change =
    trend.previous === null ? undefined : formatChange(kind, trend.previous, trend.current, system);
  const Icon =
    change?.direction === 'up' ? ArrowUpward : change?.direction === 'down' ? ArrowDownward : TrendingFlat;
  const words = t(`trend.${change?.direction ?? 'flat'}`);
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Typography variant="body2" color="text.secondary">
        {t('trend.days', { days, value: formatValue(kind, trend.current, system) })}
      </Typography>
      {change && (
        <>
          <Icon fontSize="inherit" aria-hidden color="action" />
          <Typography variant="body2" color="text.secondary">
            <Box component="span" sx={visuallyHidden}>{`${words} `}</Box>
            {change.text}
          </Typography>
        </>
      )}
    </Stack>
  );
}
