import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { getMetric, type Insight, type UnitSystem } from '@healthfolio/core';
import { useId, useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatDayRange } from '../../lib/day-format';
import { typeLabels } from './insight-text';
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
      <summary>How we know</summary>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {text}
      </Typography>
    </Box>
  );
}

/** One finding: what it is, the days and data behind it, what to do, and where to look closer. */
export function InsightCard({ insight, system, onDismiss }: InsightCardProps) {
  const titleId = useId();
  const theme = useTheme();
  const series = useMemo(
    () => insight.series.map((s) => toDisplaySeries(s, system)),
    [insight.series, system],
  );
  const metrics = insight.relatedMetrics.slice(0, 2);
  return (
    <Card component="article" variant="outlined" aria-labelledby={titleId} data-testid="insight-card">
      <CardContent>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
          <SeverityChip severity={insight.severity} />
          <Chip size="small" variant="outlined" label={typeLabels[insight.type]} />
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
              What you can do
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
          const label = getMetric(kind)?.label ?? kind;
          return (
            <Button
              key={kind}
              size="small"
              component={RouterLink}
              to={metricLink(kind)}
              aria-label={`View metric: ${label}`}
            >
              {metrics.length === 1 ? 'View metric' : `View ${label}`}
            </Button>
          );
        })}
        <Button
          size="small"
          color="inherit"
          onClick={() => onDismiss(insight)}
          aria-label={`Dismiss: ${insight.title}`}
          sx={{ ml: 'auto' }}
        >
          Dismiss
        </Button>
      </CardActions>
    </Card>
  );
}
