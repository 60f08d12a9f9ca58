import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface Feature {
  icon: ReactNode;
  title: string;
  text: string;
}

/** A responsive grid of short feature cards, used by the landing and about pages. */
export function FeatureList({ features }: { features: readonly Feature[] }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' },
      }}
    >
      {features.map((feature) => (
        <Paper key={feature.title} variant="outlined" sx={{ p: 3 }}>
          <Box sx={{ color: 'brand.main', mb: 1 }}>{feature.icon}</Box>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }} gutterBottom>
            {feature.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {feature.text}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
