import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

interface UPlotChartProps {
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  height: number;
  /** Receives the plot once drawn (and null when it goes), e.g. to reset its zoom. */
  onPlot?: (plot: uPlot | null) => void;
}

/** A uPlot canvas that fills its container's width and follows its resizes. */
export function UPlotChart({ options, data, height, onPlot }: UPlotChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const onPlotRef = useRef(onPlot);
  useEffect(() => {
    onPlotRef.current = onPlot;
  });

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const plot = new uPlot({ ...options, width: element.clientWidth, height }, data, element);
    onPlotRef.current?.(plot);
    const observer = new ResizeObserver(() => {
      if (element.clientWidth > 0 && element.clientWidth !== plot.width) {
        plot.setSize({ width: element.clientWidth, height });
      }
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      onPlotRef.current?.(null);
      plot.destroy();
    };
  }, [options, data, height]);

  return (
    <Box
      ref={container}
      sx={{ width: '100%', minHeight: height, '& .u-select': { bgcolor: 'action.selected' } }}
    />
  );
}
