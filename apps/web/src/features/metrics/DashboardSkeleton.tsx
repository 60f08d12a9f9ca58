import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';

/** The shape of the cards while the summary loads. */
export function DashboardSkeleton() {
  return (
    <Grid container spacing={2} aria-busy="true" aria-label="Loading your metrics">
      {Array.from({ length: 6 }, (_, i) => (
        <Grid key={i} size={{ xs: 12, sm: 6, md: 4, xl: 3 }}>
          <Skeleton variant="rounded" height={180} />
        </Grid>
      ))}
    </Grid>
  );
}
