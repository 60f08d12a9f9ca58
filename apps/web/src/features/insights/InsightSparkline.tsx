import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { DisplaySeries } from './series-display';
import { sparklineGeometry, sparklineSummary } from './sparkline-geometry';

const WIDTH = 300;
const HEIGHT = 64;

/**
 * A small line of the days an insight rests on: its band shaded, its highlighted days marked in the
 * `accent` colour (the insight's severity). The
 * box stretches to the card's width; strokes and dots keep their size (non-scaling strokes, and dots
 * drawn as round caps of zero-length lines, which stay round when the box stretches).
 */
export function InsightSparkline({ series, accent }: { series: DisplaySeries; accent: string }) {
  const theme = useTheme();
  const { t } = useTranslation('insights');
  if (series.points.length === 0) return null;
  const geometry = sparklineGeometry(series, WIDTH, HEIGHT);
  const line = theme.palette.primary.main;
  const marked = accent;
  return (
    <Box>
      <Box
        component="svg"
        role="img"
        aria-label={sparklineSummary(series, t)}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        sx={{ display: 'block', width: '100%', height: HEIGHT }}
      >
        {geometry.band && (
          <rect
            x={0}
            y={geometry.band.y}
            width={WIDTH}
            height={geometry.band.height}
            fill={alpha(theme.palette.health.good, 0.16)}
          />
        )}
        {geometry.columns.map((c, i) => (
          <rect key={i} x={c.x} y={0} width={c.width} height={HEIGHT} fill={alpha(marked, 0.12)} />
        ))}
        <path
          d={geometry.line}
          fill="none"
          stroke={line}
          strokeWidth={2}
          strokeLinejoin="round"
          vectorEffect="non-scaling-stroke"
        />
        {geometry.dots.map((d, i) => (
          <path
            key={i}
            d={`M${d.x.toFixed(1)},${d.y.toFixed(1)} l0,0`}
            stroke={d.highlighted ? marked : line}
            strokeWidth={d.highlighted ? 7 : 5}
            strokeLinecap="round"
            vectorEffect="non-scaling-stroke"
          />
        ))}
      </Box>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }} aria-hidden>
        <Typography variant="caption" color="text.secondary">
          {series.label}
        </Typography>
        {series.band && (
          <Typography variant="caption" color="text.secondary">
            <Box
              component="span"
              sx={{
                display: 'inline-block',
                width: 10,
                height: 10,
                mr: 0.5,
                bgcolor: alpha(theme.palette.health.good, 0.3),
              }}
            />
            {series.band.label}
          </Typography>
        )}
      </Stack>
    </Box>
  );
}
