import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GlucoseOverview } from '@healthfolio/core';
import { useTranslation } from 'react-i18next';
import { formatDayRange } from '../../../lib/day-format';
import { CardLink, metricPath } from './CardLink';
import { percentText, sourceName } from './overview-text';

const SEGMENTS = [
  ['veryHigh', '#e67e22'],
  ['high', '#f4d03f'],
  ['inRange', '#27ae60'],
  ['low', '#e74c3c'],
  ['veryLow', '#922b21'],
] as const;

/** CGM time in range of the last 14 days, in the consensus ranges and colours of the clinician report. */
export function GlucoseCard({ glucose }: { glucose: GlucoseOverview }) {
  const { t } = useTranslation('dashboard');
  const r = glucose.ranges;
  return (
    <Card variant="outlined" data-testid="overview-glucose" sx={{ height: '100%', position: 'relative' }}>
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="subtitle2" component="h3" color="text.secondary" noWrap>
          <CardLink to={metricPath('blood_glucose')}>{t('glucose.title')}</CardLink>
        </Typography>
        <Typography variant="h6" component="p" data-testid="metric-value">
          {t('glucose.inRange', { percent: percentText(r.inRange) })}
        </Typography>
        <Stack
          direction="row"
          role="img"
          aria-label={SEGMENTS.map(([key]) => `${t(`glucose.ranges.${key}`)} ${percentText(r[key])}`).join(
            ', ',
          )}
          sx={{ height: 8, borderRadius: 1, overflow: 'hidden', my: 0.5 }}
        >
          {SEGMENTS.map(([key, color]) =>
            r[key] > 0 ? <Box key={key} sx={{ width: `${100 * r[key]}%`, bgcolor: color }} /> : null,
          )}
        </Stack>
        <Typography variant="caption" color="text.secondary" component="p">
          {t('glucose.note', {
            days: formatDayRange(glucose.from, glucose.to),
            sources: glucose.sources.map(sourceName).join(', '),
          })}
        </Typography>
      </CardContent>
    </Card>
  );
}
