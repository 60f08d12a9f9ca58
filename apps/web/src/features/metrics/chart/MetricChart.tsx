import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { alpha, useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { MetricBucket } from '@healthfolio/core';
import { useMemo, useRef, useState } from 'react';
import type uPlot from 'uplot';
import type { ChartData } from './chart-data';
import { chartOptions, type ChartColors } from './chart-options';
import { ChartLegend } from './ChartLegend';
import { ChartTooltip } from './ChartTooltip';
import type { Band } from './reference-band';
import { UPlotChart } from './UPlotChart';

export interface MetricChartProps {
  data: ChartData;
  bucket: MetricBucket;
  band: Band | undefined;
  /** The chart's accessible name. */
  title: string;
  /** Id of the text that summarizes the chart for screen readers. */
  describedBy: string;
}

interface Hover {
  index: number;
  left: number;
  top: number;
}

/** A zoomable uPlot line chart: drag across to zoom in, double-click or "Reset zoom" to zoom out. */
export function MetricChart({ data, bucket, band, title, describedBy }: MetricChartProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [hover, setHover] = useState<Hover | null>(null);
  const [zoomed, setZoomed] = useState(false);
  const [width, setWidth] = useState(0);
  const plot = useRef<uPlot | null>(null);

  const colors = useMemo<ChartColors>(
    () => ({
      series: [theme.palette.primary.main, theme.palette.service.prescription],
      text: theme.palette.text.secondary,
      grid: theme.palette.divider,
      band: alpha(theme.palette.health.good, 0.16),
      flagged: theme.palette.error.main,
    }),
    [theme],
  );
  const options = useMemo(
    () =>
      chartOptions(data, band, colors, {
        onCursor: (index, left, top) => setHover(index === null ? null : { index, left, top }),
        onZoom: setZoomed,
      }),
    [data, band, colors],
  );
  const aligned = useMemo(() => [data.x, ...data.series.map((s) => s.values)] as uPlot.AlignedData, [data]);

  return (
    <Box>
      <ChartLegend data={data} band={band} colors={colors} />
      <Box
        role="img"
        aria-label={title}
        aria-describedby={describedBy}
        sx={{ position: 'relative' }}
        onMouseLeave={() => setHover(null)}
      >
        <UPlotChart
          options={options}
          data={aligned}
          height={phone ? 220 : 300}
          onPlot={(p) => {
            plot.current = p;
            setWidth(p?.width ?? 0);
          }}
        />
        {hover && <ChartTooltip data={data} bucket={bucket} width={width} {...hover} />}
      </Box>
      {zoomed && (
        <Button size="small" onClick={() => plot.current?.setData(aligned)}>
          Reset zoom
        </Button>
      )}
    </Box>
  );
}
