import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n';
import type { ChartData } from '../chart/chart-data';
import type { Band } from '../chart/reference-band';
import { UPlotChart } from '../chart/UPlotChart';
import { aligned, pageChartOptions, pageSeries, type PageChartColors } from './page-chart';

interface MetricPageChartProps {
  main: ChartData;
  bars: boolean;
  withAverage: boolean;
  minMax?: { min: (number | null)[]; max: (number | null)[] };
  compare?: ChartData;
  overlay?: ChartData;
  band?: Band;
  title: string;
  describedBy: string;
}

function bandText(data: ChartData, band: Band): string {
  if (band.low !== undefined && band.high !== undefined)
    return i18n.t('metrics:band.between', { low: data.format(band.low), high: data.format(band.high) });
  if (band.high !== undefined) return i18n.t('metrics:band.below', { high: data.format(band.high) });
  return i18n.t('metrics:band.above', { low: data.format(band.low ?? 0) });
}

/**
 * A metric over its period, drawn as its kind reads best: daily totals as bars with a 7-day average,
 * a mean with its day's lowest–highest band, single readings as points (labs against their reference
 * range); optionally the previous period (dashed) and a second metric on its own axis.
 */
export function MetricPageChart(props: MetricPageChartProps) {
  const { main, band, title, describedBy } = props;
  const { t } = useTranslation('metrics');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const colors = useMemo<PageChartColors>(
    () => ({
      main: theme.palette.primary.main,
      average: theme.palette.text.primary,
      band: alpha(theme.palette.primary.main, 0.18),
      compare: theme.palette.text.secondary,
      overlay: theme.palette.service.prescription,
      text: theme.palette.text.secondary,
      grid: theme.palette.divider,
      reference: alpha(theme.palette.health.good, 0.16),
      flagged: theme.palette.error.main,
    }),
    [theme],
  );
  const series = useMemo(
    () =>
      pageSeries(
        {
          main,
          bars: props.bars,
          withAverage: props.withAverage,
          ...(props.minMax ? { minMax: props.minMax } : {}),
          ...(props.compare ? { compare: props.compare } : {}),
          ...(props.overlay ? { overlay: props.overlay } : {}),
        },
        colors,
      ),
    [main, props.bars, props.withAverage, props.minMax, props.compare, props.overlay, colors],
  );
  const data = useMemo(() => aligned(series), [series]);
  const options = useMemo(
    () =>
      pageChartOptions(
        series,
        { y: main.unit, ...(props.overlay ? { y2: props.overlay.unit } : {}) },
        colors,
        band,
      ),
    [series, main.unit, props.overlay, colors, band],
  );
  const legend = [
    ...series
      .filter((s) => s.kind !== 'band-low')
      .map((s) => ({
        key: s.name,
        color: s.kind === 'band-high' ? colors.band : s.color,
        text:
          s.kind === 'band-high'
            ? t('legend.lowToHigh')
            : s.kind === 'bars' && main.dailyMean
              ? t('legend.dailyAverage', { name: s.name })
              : s.kind === 'bars'
                ? t('legend.dailyTotal', { name: s.name })
                : s.name,
        dashed: s.kind === 'dashed',
      })),
    ...(band
      ? [
          { key: 'band', color: colors.reference, text: bandText(main, band), dashed: false },
          { key: 'out', color: colors.flagged, text: t('legend.outOfRange'), dashed: false },
        ]
      : []),
  ];
  return (
    <Box>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap', mb: 1 }}
        data-testid="chart-legend"
      >
        {legend.map((l) => (
          <Stack key={l.key} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box
              component="span"
              aria-hidden
              sx={{
                width: 16,
                height: l.dashed ? 0 : 8,
                borderTop: l.dashed ? `2px dashed ${l.color}` : undefined,
                bgcolor: l.dashed ? undefined : l.color,
                borderRadius: 0.5,
                display: 'inline-block',
              }}
            />
            <Typography variant="caption">{l.text}</Typography>
          </Stack>
        ))}
      </Stack>
      <Box role="img" aria-label={title} aria-describedby={describedBy}>
        <UPlotChart options={options} data={data} height={phone ? 240 : 320} />
      </Box>
    </Box>
  );
}
