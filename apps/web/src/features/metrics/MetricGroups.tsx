import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { MetricsSummary } from '@healthfolio/core';
import { useState } from 'react';
import { groupByCategory } from './categories';
import { defaultRange } from './chart/ranges';
import { MetricChartPanel } from './chart/MetricChartPanel';
import { MetricCard } from './MetricCard';
import { useChartSelection } from './use-chart-selection';
import { useUnitSystem } from './use-unit-system';
import { WhyDialog } from './WhyDialog';

type Item = MetricsSummary['items'][number];

const chartId = (kind: string) => `chart-${kind}`;

/** The cards by category; a card's chart opens full width below its category's cards. */
export function MetricGroups({ items }: { items: readonly Item[] }) {
  const system = useUnitSystem();
  const selection = useChartSelection();
  const [why, setWhy] = useState<Item | null>(null);

  return (
    <>
      {groupByCategory(items).map((group) => (
        <Box
          component="section"
          key={group.category}
          aria-labelledby={`group-${group.category}`}
          sx={{ mb: 4 }}
        >
          <Typography id={`group-${group.category}`} variant="h6" component="h2" gutterBottom>
            {group.label}
          </Typography>
          <Grid container spacing={2}>
            {group.items.map((item) => (
              <Grid key={item.type} size={{ xs: 12, sm: 6, md: 4, xl: 3 }}>
                <MetricCard
                  item={item}
                  system={system}
                  chartOpen={selection.metric === item.type}
                  chartId={chartId(item.type)}
                  onToggleChart={() => selection.toggle(item.type)}
                  onWhy={() => setWhy(item)}
                />
              </Grid>
            ))}
            {group.items
              .filter((item) => item.type === selection.metric)
              .map((item) => (
                <Grid key={`${item.type}-chart`} size={12}>
                  <MetricChartPanel
                    id={chartId(item.type)}
                    item={item}
                    range={selection.range ?? defaultRange(item.category, item.count)}
                    since={selection.since}
                    onRangeChange={selection.setRange}
                    onClose={selection.close}
                  />
                </Grid>
              ))}
          </Grid>
        </Box>
      ))}
      {why && <WhyDialog item={why} system={system} onClose={() => setWhy(null)} />}
    </>
  );
}
