import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { MetricBucket } from '@healthfolio/core';
import type { ChartData } from './chart-data';
import { pointDate } from './point-format';

interface ChartTooltipProps {
  data: ChartData;
  bucket: MetricBucket;
  index: number;
  left: number;
  top: number;
  /** The chart's width, to keep the tooltip inside it. */
  width: number;
}

/** The hovered point: its date, its values in the user's units and, for single readings, the source. */
export function ChartTooltip({ data, bucket, index, left, top, width }: ChartTooltipProps) {
  const x = data.x[index];
  if (x === undefined) return null;
  const flipped = left > width - 200;
  return (
    <Paper
      elevation={4}
      sx={{
        position: 'absolute',
        top: Math.max(0, top - 16),
        left: flipped ? undefined : left + 16,
        right: flipped ? width - left + 16 : undefined,
        px: 1.5,
        py: 1,
        pointerEvents: 'none',
        zIndex: 1,
        minWidth: 140,
      }}
    >
      <Typography variant="caption" color="text.secondary" component="div">
        {pointDate(x, bucket)}
      </Typography>
      {data.series.map((s) => {
        const value = s.values[index];
        return (
          <Typography key={s.name} variant="body2" component="div">
            {data.series.length > 1 ? `${s.name}: ` : ''}
            <strong>{value === null || value === undefined ? '—' : data.format(value)}</strong>
            {data.dailyMean ? ' a day' : ''}
          </Typography>
        );
      })}
      {data.sources?.[index] && (
        <Typography variant="caption" color="text.secondary" component="div">
          Source: {data.sources[index]}
        </Typography>
      )}
    </Paper>
  );
}
