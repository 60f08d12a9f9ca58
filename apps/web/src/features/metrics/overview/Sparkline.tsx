import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';

const WIDTH = 120;
const HEIGHT = 32;
const PAD = 3;

interface SparklineProps {
  /** Daily values, oldest first; null where the day has none. */
  values: readonly (number | null)[];
  /** Sum kinds (steps) as bars, others as a line. */
  bars: boolean;
  /** What the line shows, for screen readers. */
  label: string;
}

/** A card's last 30 days, drawn small; days without data leave a gap. */
export function Sparkline({ values, bars, label }: SparklineProps) {
  const theme = useTheme();
  const present = values.filter((v): v is number => v !== null);
  if (present.length === 0) return null;
  const lo = bars ? 0 : Math.min(...present);
  const hi = Math.max(...present);
  const span = hi - lo || Math.abs(hi) || 1;
  const step = (WIDTH - 2 * PAD) / values.length;
  const x = (i: number) => PAD + (i + 0.5) * step;
  const y = (v: number) => PAD + (1 - (v - lo) / span) * (HEIGHT - 2 * PAD);
  const color = theme.palette.primary.main;
  let path = '';
  let open = false;
  values.forEach((v, i) => {
    if (v === null) {
      open = false;
      return;
    }
    path += `${open ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)} `;
    open = true;
  });
  return (
    <Box
      component="svg"
      role="img"
      aria-label={label}
      data-testid="sparkline"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      sx={{ display: 'block', width: '100%', height: HEIGHT }}
    >
      {bars
        ? values.map((v, i) =>
            v === null ? null : (
              <rect
                key={i}
                x={x(i) - step * 0.35}
                y={y(v)}
                width={step * 0.7}
                height={Math.max(1, HEIGHT - PAD - y(v))}
                fill={color}
                opacity={i === values.length - 1 ? 1 : 0.55}
              />
            ),
          )
        : [
            <path
              key="line"
              d={path}
              fill="none"
              stroke={color}
              strokeWidth={2}
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />,
            // Lone days between gaps are dots, so a weekly weigh-in still shows.
            ...values.map((v, i) =>
              v === null || (values[i - 1] ?? null) !== null || (values[i + 1] ?? null) !== null ? null : (
                <path
                  key={i}
                  d={`M${x(i).toFixed(1)},${y(v).toFixed(1)} l0,0`}
                  stroke={color}
                  strokeWidth={5}
                  strokeLinecap="round"
                  vectorEffect="non-scaling-stroke"
                />
              ),
            ),
          ]}
    </Box>
  );
}
