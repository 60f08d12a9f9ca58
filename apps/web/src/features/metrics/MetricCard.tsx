import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OverviewCard, UnitSystem } from '@healthfolio/core';
import { useTranslation } from 'react-i18next';
import { FlagChip } from './FlagChip';
import { latestText, latestWhen, referenceText } from './latest-text';
import { CardLink, metricPath } from './overview/CardLink';
import { ageText } from './overview/overview-text';
import { Sparkline } from './overview/Sparkline';
import { sparkSummary } from './overview/spark-summary';
import { TrendLine } from './TrendLine';
import { kindLabel } from './words';
import { visuallyHidden } from '../../lib/visually-hidden';

interface MetricCardProps {
  item: OverviewCard;
  system: UnitSystem;
  onWhy: () => void;
}

/**
 * One metric: latest value with time and source (a value older than its kind's cadence labelled with
 * its age, not as current), 7/30-day trends, its last 30 days, lab range and flag; "Sandbox" when
 * sandbox data (included in Settings) is in the value. The card leads to the metric's page.
 */
export function MetricCard({ item, system, onWhy }: MetricCardProps) {
  const { t } = useTranslation(['metrics', 'dashboard']);
  const reference = referenceText(item.type, system);
  const label = kindLabel(item.type);
  return (
    <Card
      component="article"
      aria-label={label}
      variant="outlined"
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        position: 'relative',
        '&:hover': { borderColor: 'primary.main' },
      }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="subtitle1" component="h3" color="text.secondary">
          <CardLink to={metricPath(item.type)}>{label}</CardLink>
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {item.stale ? (
            <Typography variant="body1" color="text.secondary" component="p" data-testid="metric-last">
              {t('dashboard:card.last', { value: latestText(item, system) })}
            </Typography>
          ) : (
            <Typography variant="h5" component="p" data-testid="metric-value">
              {latestText(item, system)}
            </Typography>
          )}
          {item.stale && (
            <Chip
              size="small"
              variant="outlined"
              color="warning"
              label={ageText(item.ageDays)}
              data-testid="metric-age"
            />
          )}
          <FlagChip flag={item.latest.flag} />
          {item.latest.sandbox && (
            <Chip
              size="small"
              variant="outlined"
              color="warning"
              label={t('sandbox.chip')}
              title={t('sandbox.title')}
            />
          )}
        </Stack>
        <Typography variant="caption" color="text.secondary" component="p" gutterBottom>
          {latestWhen(item)}
        </Typography>
        {reference && (
          <Typography variant="body2" color="text.secondary">
            {reference}
          </Typography>
        )}
        {!item.stale && (
          <>
            <TrendLine kind={item.type} days={7} trend={item.trend7} system={system} />
            <TrendLine kind={item.type} days={30} trend={item.trend30} system={system} />
          </>
        )}
        <Sparkline values={item.spark} bars={item.aggregation === 'sum'} label={sparkSummary(item, system)} />
      </CardContent>
      {item.aggregation === 'sum' && (
        // Above the card's stretched link, so the button is its own target.
        <CardActions sx={{ position: 'relative', zIndex: 1 }}>
          <Button size="small" onClick={onWhy}>
            {t('why.button')}
            <Box component="span" sx={visuallyHidden}>{` (${label})`}</Box>
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
