import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { Insight, UnitSystem } from '@healthfolio/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDayRange } from '../../lib/day-format';
import { useMetricWords } from '../metrics/words';
import { InsightSparkline } from './InsightSparkline';
import { toDisplaySeries } from './series-display';
import { SeverityChip, severityColors } from './SeverityChip';

interface InsightCardProps {
  insight: Insight;
  system: UnitSystem;
  onDismiss: (insight: Insight) => void;
}

/** A metric's own page: its chart, values and entries (pages/MetricPage.tsx). */
export const metricLink = (kind: string) => `/metrics/${encodeURIComponent(kind)}`;

/** The statistics behind a finding, folded away under "How we know" (a native disclosure: keyboard and screen readers know it). */
function HowWeKnow({ text }: { text: string }) {
  const { t } = useTranslation('insights');
  return (
    <Box
      component="details"
      sx={{
        mb: 2,
        '& > summary': {
          cursor: 'pointer',
          typography: 'subtitle2',
          color: 'primary.main',
          width: 'fit-content',
        },
      }}
    >
      <summary>{t('card.howWeKnow')}</summary>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {text}
      </Typography>
    </Box>
  );
}

/** One finding: what it is, the days and data behind it, what to do, and where to look closer. */
export function InsightCard({ insight, system, onDismiss }: InsightCardProps) {
  const { t } = useTranslation('insights');
  const { kindLabel } = useMetricWords();
  const titleId = useId();
  const theme = useTheme();
  // Made on each render (a few points): the series' names follow the current language.
  const series = insight.series.map((s) => toDisplaySeries(s, system));
  const metrics = insight.relatedMetrics.slice(0, 2);
  return (
    <Card component="article" variant="outlined" aria-labelledby={titleId} data-testid="insight-card">
      <CardContent>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
          <SeverityChip severity={insight.severity} />
          <Chip size="small" variant="outlined" label={t(`types.${insight.type}`)} />
        </Stack>
        <Typography id={titleId} variant="h6" component="h2">
          {insight.title}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" gutterBottom>
          {formatDayRange(insight.window.from, insight.window.to)}
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {insight.description}
        </Typography>
        {insight.evidence && <HowWeKnow text={insight.evidence} />}
        {series.length > 0 && (
          <Stack spacing={1.5} sx={{ mb: 2 }}>
            {series.map((s, i) => (
              <InsightSparkline
                key={i}
                series={s}
                accent={theme.palette[severityColors[insight.severity]].main}
              />
            ))}
          </Stack>
        )}
        {insight.recommendations.length > 0 && (
          <>
            <Typography variant="subtitle2" component="h3">
              {t('card.whatYouCanDo')}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {insight.recommendations.map((text, i) => (
                <Typography component="li" variant="body2" key={i}>
                  {text}
                </Typography>
              ))}
            </Box>
          </>
        )}
      </CardContent>
      <CardActions>
        {metrics.map((kind) => {
          const label = kindLabel(kind);
          return (
            <Button
              key={kind}
              size="small"
              component={RouterLink}
              to={metricLink(kind)}
              aria-label={t('card.viewMetricLabel', { label })}
            >
              {metrics.length === 1 ? t('card.viewMetric') : t('card.viewNamed', { label })}
            </Button>
          );
        })}
        <Button
          size="small"
          color="inherit"
          onClick={() => onDismiss(insight)}
          aria-label={t('card.dismissLabel', { title: insight.title })}
          sx={{ ml: 'auto' }}
        >
          {t('actions.dismiss')}
        </Button>
      </CardActions>
    </Card>
  );
}
