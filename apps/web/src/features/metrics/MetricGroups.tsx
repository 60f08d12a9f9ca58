import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { OverviewCard } from '@healthfolio/core';
import { useState } from 'react';
import { groupByCategory } from './categories';
import { isoDateOf } from './latest-text';
import { MetricCard } from './MetricCard';
import { useUnitSystem } from './use-unit-system';
import { WhyDialog } from './WhyDialog';
import { kindLabel } from './words';

/** Every metric the person has, by category; each card leads to its metric page. */
export function MetricGroups({ items }: { items: readonly OverviewCard[] }) {
  const system = useUnitSystem();
  const [why, setWhy] = useState<OverviewCard | null>(null);

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
                <MetricCard item={item} system={system} onWhy={() => setWhy(item)} />
              </Grid>
            ))}
          </Grid>
        </Box>
      ))}
      {why && (
        <WhyDialog
          item={{ ...why, label: kindLabel(why.type) }}
          day={isoDateOf(why.latest.start)}
          system={system}
          onClose={() => setWhy(null)}
        />
      )}
    </>
  );
}
