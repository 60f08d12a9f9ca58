import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

const W = 600;
const H = 160;
const PAD = { left: 72, right: 8, top: 8, bottom: 24 };

/**
 * A small line chart of one series against another (pace or elevation against distance or time), as
 * SVG: points with a null value break the line. `format` labels the y axis' ends and `formatX` the x axis'.
 */
export function LineChart({
  label,
  x,
  y,
  format,
  formatX,
  invert = false,
  testId,
}: {
  label: string;
  x: readonly number[];
  y: readonly (number | null)[];
  format: (v: number) => string;
  formatX: (v: number) => string;
  /** Lower is better and drawn higher (pace). */
  invert?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('workouts');
  const theme = useTheme();
  const values = y.filter((v): v is number => v !== null);
  if (values.length < 2 || x.length < 2) return null;
  const [minY, maxY] = [Math.min(...values), Math.max(...values)];
  const spanY = maxY - minY;
  const [minX, maxX] = [x[0]!, x.at(-1)!];
  const spanX = maxX - minX || 1;
  const px = (v: number) => PAD.left + ((v - minX) / spanX) * (W - PAD.left - PAD.right);
  const py = (v: number) => {
    // A series that never changes runs through the middle.
    const f = spanY > 0 ? (v - minY) / spanY : 0.5;
    return PAD.top + (invert ? f : 1 - f) * (H - PAD.top - PAD.bottom);
  };
  let d = '';
  let pen = false;
  y.forEach((v, i) => {
    if (v === null) {
      pen = false;
      return;
    }
    d += `${pen ? 'L' : 'M'}${px(x[i]!).toFixed(1)} ${py(v).toFixed(1)} `;
    pen = true;
  });
  const [top, bottom] = invert ? [minY, maxY] : [maxY, minY];
  return (
    <Box component="figure" sx={{ m: 0 }} data-testid={testId}>
      <Typography component="figcaption" variant="subtitle2">
        {label}
      </Typography>
      <Box
        component="svg"
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={t('chart.range', { label, from: format(bottom), to: format(top) })}
        sx={{ width: '100%', height: 'auto', display: 'block' }}
      >
        <line
          x1={PAD.left}
          x2={W - PAD.right}
          y1={H - PAD.bottom}
          y2={H - PAD.bottom}
          stroke={theme.palette.divider}
        />
        <text
          x={PAD.left - 4}
          y={PAD.top + 10}
          textAnchor="end"
          fontSize={11}
          fill={theme.palette.text.secondary}
        >
          {format(top)}
        </text>
        <text
          x={PAD.left - 4}
          y={H - PAD.bottom}
          display={format(top) === format(bottom) ? 'none' : undefined}
          textAnchor="end"
          fontSize={11}
          fill={theme.palette.text.secondary}
        >
          {format(bottom)}
        </text>
        <text x={PAD.left} y={H - 6} fontSize={11} fill={theme.palette.text.secondary}>
          {formatX(minX)}
        </text>
        <text x={W - PAD.right} y={H - 6} textAnchor="end" fontSize={11} fill={theme.palette.text.secondary}>
          {formatX(maxX)}
        </text>
        <path d={d.trim()} fill="none" stroke={theme.palette.primary.main} strokeWidth={2} />
      </Box>
    </Box>
  );
}
