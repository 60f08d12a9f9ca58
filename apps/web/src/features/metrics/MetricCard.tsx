import ShowChart from '@mui/icons-material/ShowChart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MetricsSummary, UnitSystem } from '@healthfolio/core';
import type { MouseEvent } from 'react';
import { FlagChip } from './FlagChip';
import { latestText, latestWhen, referenceText } from './latest-text';
import { TrendLine } from './TrendLine';
import { visuallyHidden } from '../../lib/visually-hidden';

type Item = MetricsSummary['items'][number];

interface MetricCardProps {
  item: Item;
  system: UnitSystem;
  chartOpen: boolean;
  chartId: string;
  onToggleChart: () => void;
  onWhy: () => void;
}

/**
 * One metric: latest value with time and source, 7/30-day trends, lab range and flag; "Sandbox" when
 * sandbox data (included in Settings) is in the value.
 */
export function MetricCard({ item, system, chartOpen, chartId, onToggleChart, onWhy }: MetricCardProps) {
  const reference = referenceText(item.type, system);
  const stop = (action: () => void) => (event: MouseEvent) => {
    event.stopPropagation();
    action();
  };
  return (
    <Card
      component="article"
      aria-label={item.label}
      variant="outlined"
      onClick={onToggleChart}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        cursor: 'pointer',
        borderColor: chartOpen ? 'primary.main' : undefined,
      }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="subtitle1" component="h3" color="text.secondary">
          {item.label}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h5" component="p" data-testid="metric-value">
            {latestText(item, system)}
          </Typography>
          <FlagChip flag={item.latest.flag} />
          {item.latest.sandbox && (
            <Chip
              size="small"
              variant="outlined"
              color="warning"
              label="Sandbox"
              title="Sandbox data is in this value: generated test data, not yours"
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
        <TrendLine kind={item.type} days={7} trend={item.trend7} system={system} />
        <TrendLine kind={item.type} days={30} trend={item.trend30} system={system} />
      </CardContent>
      <CardActions>
        <Button
          size="small"
          startIcon={<ShowChart />}
          aria-expanded={chartOpen}
          aria-controls={chartOpen ? chartId : undefined}
          onClick={stop(onToggleChart)}
        >
          Chart
          <Box component="span" sx={visuallyHidden}>{`: ${item.label}`}</Box>
        </Button>
        {item.aggregation === 'sum' && (
          <Button size="small" onClick={stop(onWhy)}>
            Why this number?
            <Box component="span" sx={visuallyHidden}>{` (${item.label})`}</Box>
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
