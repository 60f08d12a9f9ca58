import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';

/** The shape of the cards while the summary loads. */
export function DashboardSkeleton() {
  const { t } = useTranslation('metrics');
  return (
    <Grid container spacing={2} aria-busy="true" aria-label={t('loading')}>
      {Array.from({ length: 6 }, (_, i) => (
        <Grid key={i} size={{ xs: 12, sm: 6, md: 4, xl: 3 }}>
          <Skeleton variant="rounded" height={180} />
        </Grid>
      ))}
    </Grid>
  );
}
