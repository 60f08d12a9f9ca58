import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { routePath } from './route-path';
import { useTranslation } from 'react-i18next';

const W = 400;
const H = 300;

/** The route drawn from its points (no map tiles: a self-hosted server may not reach a tile server). */
export function RouteMap({ lat, lon }: { lat: readonly (number | null)[]; lon: readonly (number | null)[] }) {
  const { t } = useTranslation('workouts');
  const theme = useTheme();
  const path = routePath(lat, lon, W, H);
  if (!path) return null;
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={t('route.label')}
      data-testid="workout-route"
      sx={{
        width: '100%',
        maxWidth: 560,
        height: 'auto',
        display: 'block',
        bgcolor: 'action.hover',
        borderRadius: 1,
      }}
    >
      <path
        d={path.d}
        fill="none"
        stroke={theme.palette.primary.main}
        strokeWidth={3}
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      <circle cx={path.start[0]} cy={path.start[1]} r={6} fill={theme.palette.success.main}>
        <title>{t('route.start')}</title>
      </circle>
      <circle cx={path.end[0]} cy={path.end[1]} r={6} fill={theme.palette.error.main}>
        <title>{t('route.finish')}</title>
      </circle>
    </Box>
  );
}
