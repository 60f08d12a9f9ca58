import Typography from '@mui/material/Typography';
import { getMetric, type MetricsSeries, type UnitSystem } from '@healthfolio/core';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toChartData, type ChartData } from '../chart/chart-data';
import { chartSummary } from '../chart/chart-summary';
import { ChartTable } from '../chart/ChartTable';
import { referenceBand } from '../chart/reference-band';
import { MetricPageChart } from './MetricPageChart';
import { minMaxOf } from './page-chart';

interface PeriodChartProps {
  label: string;
  rangeText: string;
  series: MetricsSeries;
  /** The previous period, and the seconds that move it onto this one. */
  previous?: MetricsSeries;
  shiftSeconds?: number;
  overlay?: MetricsSeries;
  overlayLabel?: string;
  system: UnitSystem;
}

const isSum = (kind: string) => getMetric(kind)?.aggregation === 'sum';

const shifted = (data: ChartData, seconds: number): ChartData => ({
  ...data,
  x: data.x.map((x) => x + seconds),
});

/** The chart of the period in the person's units, with what it shows as sentences and a table for screen readers. */
export function PeriodChart(props: PeriodChartProps) {
  const { label, rangeText, series, previous, shiftSeconds = 0, overlay, overlayLabel, system } = props;
  const { t } = useTranslation('metrics');
  const summaryId = useId();
  const data = useMemo(() => toChartData(series, system), [series, system]);
  const band = useMemo(() => referenceBand(series, system), [series, system]);
  const minMax = useMemo(() => minMaxOf(series, system), [series, system]);
  const before = useMemo(() => (previous ? toChartData(previous, system) : undefined), [previous, system]);
  const compare = useMemo(() => (before ? shifted(before, shiftSeconds) : undefined), [before, shiftSeconds]);
  const second = useMemo(() => (overlay ? toChartData(overlay, system) : undefined), [overlay, system]);
  const bars = series.bucket !== 'raw' && data.series.length === 1 && isSum(series.type);
  return (
    <>
      {data.x.length > 0 && (
        <MetricPageChart
          main={data}
          bars={bars}
          withAverage={bars && series.bucket === 'day'}
          {...(minMax ? { minMax } : {})}
          {...(compare ? { compare } : {})}
          {...(second ? { overlay: second } : {})}
          {...(band ? { band } : {})}
          title={t('page.chartTitle', { kind: label, range: rangeText })}
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
        {chartSummary(data, series.bucket)}
      </Typography>
      {compare && (
        <Typography variant="body2" color="text.secondary" data-testid="compare-summary">
          {`${t('chart.previous')}: ${chartSummary(before ?? compare, series.bucket)}`}
        </Typography>
      )}
      {second && overlay && (
        <Typography variant="body2" color="text.secondary" data-testid="overlay-summary">
          {`${overlayLabel ?? ''}: ${chartSummary(second, overlay.bucket)}`}
        </Typography>
      )}
      <ChartTable data={data} bucket={series.bucket} caption={t('page.tableCaption', { kind: label })} />
    </>
  );
}
