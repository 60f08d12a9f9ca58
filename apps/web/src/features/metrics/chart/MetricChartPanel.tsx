import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MetricsSummary } from '@healthfolio/core';
import { useId, useMemo } from 'react';
import { toApiError } from '../../../lib/api';
import { browserTimeZone, useMetricSeries } from '../queries';
import { useUnitSystem } from '../use-unit-system';
import { toChartData } from './chart-data';
import { chartSummary } from './chart-summary';
import { ChartTable } from './ChartTable';
import { MetricChart } from './MetricChart';
import { RangePicker } from './RangePicker';
import { bucketFor, rangeLabels, rangeStart, type ChartRange } from './ranges';
import { referenceBand } from './reference-band';

type Item = MetricsSummary['items'][number];

interface MetricChartPanelProps {
  id: string;
  item: Item;
  range: ChartRange;
  /** When the range was chosen; the range ends then. */
  since: number;
  onRangeChange: (range: ChartRange) => void;
  onClose: () => void;
}

/** A metric over time: range buttons, the chart, and the same data as text. */
export function MetricChartPanel({ id, item, range, since, onRangeChange, onClose }: MetricChartPanelProps) {
  const system = useUnitSystem();
  const summaryId = useId();
  const bucket = bucketFor(range, item.aggregation, item.category);
  const from = useMemo(() => rangeStart(range, since), [range, since]);
  const query = useMetricSeries({
    type: item.type,
    bucket,
    from,
    tz: browserTimeZone(),
    ...(bucket === 'raw' ? { limit: 10_000 } : {}),
  });
  const data = useMemo(
    () => (query.data ? toChartData(query.data, system) : undefined),
    [query.data, system],
  );
  const band = useMemo(
    () => (query.data ? referenceBand(query.data, system) : undefined),
    [query.data, system],
  );
  const title = `${item.label} chart, ${rangeLabels[range].toLowerCase()} range`;

  return (
    <Paper
      id={id}
      component="section"
      variant="outlined"
      aria-label={`${item.label} over time`}
      sx={{ p: { xs: 1.5, sm: 2 } }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}
      >
        <Typography variant="h6" component="h3">
          {item.label} over time
        </Typography>
        <IconButton aria-label={`Close the ${item.label} chart`} onClick={onClose}>
          <Close />
        </IconButton>
      </Stack>
      <RangePicker value={range} onChange={onRangeChange} />
      {query.isError && <Alert severity="error">{toApiError(query.error).message}</Alert>}
      {query.isPending && <Skeleton variant="rounded" height={300} aria-label="Loading chart" />}
      {data && query.data && (
        <>
          {data.x.length > 0 && (
            <MetricChart
              data={data}
              bucket={query.data.bucket}
              band={band}
              title={title}
              describedBy={summaryId}
            />
          )}
          <Typography
            id={summaryId}
            variant="body2"
            color="text.secondary"
            sx={{ mt: 1 }}
            data-testid="chart-summary"
          >
            {chartSummary(data, query.data.bucket)}
          </Typography>
          <ChartTable data={data} bucket={query.data.bucket} caption={`${item.label} values`} />
        </>
      )}
    </Paper>
  );
}
