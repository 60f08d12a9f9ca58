import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { getMetric, type MetricDefinition } from '@healthfolio/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { toApiError } from '../../../lib/api';
import { RangePicker } from '../chart/RangePicker';
import { defaultRange, type ChartRange } from '../chart/ranges';
import { latestText } from '../latest-text';
import { ageText, sourceName } from '../overview/overview-text';
import { browserTimeZone, useMetricSeries, useMetricsOverview } from '../queries';
import { useUnitSystem } from '../use-unit-system';
import { WhyDialog } from '../WhyDialog';
import { kindLabel } from '../words';
import { CustomDates } from './CustomDates';
import { ManualEntries } from './ManualEntries';
import { PeriodChart } from './PeriodChart';
import { customDays, periodOf, previousOf, type Period, type PeriodChoice } from './period';
import { useMetricParams } from './use-metric-params';
import { ValuesTable } from './ValuesTable';

const seriesQuery = (type: string, period: Period) => ({
  type,
  bucket: period.bucket,
  from: period.from,
  ...(period.to ? { to: period.to } : {}),
  tz: browserTimeZone(),
  ...(period.bucket === 'raw' ? { limit: 10_000 } : {}),
});

/** `/metrics/:kind`: one metric over a chosen period, with an overlay, a comparison, its values and entries. */
export function MetricView({ metric }: { metric: MetricDefinition }) {
  const { t } = useTranslation('metrics');
  const system = useUnitSystem();
  const label = kindLabel(metric.kind);
  const overview = useMetricsOverview();
  const params = useMetricParams();
  const [now, setNow] = useState(() => Date.now());
  const [whyDay, setWhyDay] = useState<string | null>(null);
  const item = overview.data?.items.find((i) => i.type === metric.kind);
  const choice: PeriodChoice = params.choice ?? { range: defaultRange(metric.category, item?.count ?? 0) };
  const picked: ChartRange | 'custom' = 'range' in choice ? choice.range : 'custom';
  const [customOpen, setCustomOpen] = useState(picked === 'custom');
  const period = periodOf(choice, metric.aggregation, metric.category, now);
  const previous = params.compare ? previousOf(period) : undefined;
  const overlayMetric = params.overlay ? getMetric(params.overlay) : undefined;
  const overlayPeriod = overlayMetric
    ? periodOf(choice, overlayMetric.aggregation, overlayMetric.category, now)
    : undefined;

  const main = useMetricSeries(seriesQuery(metric.kind, period));
  const before = useMetricSeries(seriesQuery(metric.kind, previous ?? period), previous !== undefined);
  const second = useMetricSeries(
    seriesQuery(overlayMetric?.kind ?? metric.kind, overlayPeriod ?? period),
    overlayMetric !== undefined,
  );

  const rangeText =
    'range' in choice
      ? t(`range.${choice.range}`).toLowerCase()
      : t('range.customDays', { n: customDays(choice.from, choice.to) });
  const others = (overview.data?.items ?? []).filter(
    (i) => i.type !== metric.kind && getMetric(i.type)?.unit,
  );

  const pick = (next: ChartRange | 'custom') => {
    if (next === 'custom') return setCustomOpen(true);
    setCustomOpen(false);
    setNow(Date.now());
    params.set({ range: next });
  };

  return (
    <>
      <Button component={RouterLink} to="/dashboard" startIcon={<ArrowBack />} size="small" sx={{ mb: 1 }}>
        {t('dashboard:title')}
      </Button>
      <Typography variant="h4" component="h1">
        {label}
      </Typography>
      {item && (
        <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="metric-latest">
          {item.stale
            ? t('page.lastStale', { value: latestText(item, system), age: ageText(item.ageDays) })
            : `${latestText(item, system)} · ${ageText(item.ageDays)} · ${sourceName(item.latest.source)}`}
        </Typography>
      )}
      <Paper
        component="section"
        variant="outlined"
        aria-label={t('page.overTime', { kind: label })}
        sx={{ p: { xs: 1.5, sm: 2 } }}
      >
        <RangePicker<ChartRange | 'custom'> value={customOpen ? 'custom' : picked} onChange={pick} custom />
        {customOpen && (
          <CustomDates
            from={'from' in choice ? choice.from : ''}
            to={'to' in choice ? choice.to : ''}
            onApply={(from, to) => params.set({ from, to })}
          />
        )}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mb: 2, alignItems: { sm: 'center' } }}
        >
          <TextField
            select
            size="small"
            label={t('page.overlay')}
            value={overlayMetric?.kind ?? ''}
            onChange={(e) => params.set({ overlay: e.target.value || null })}
            sx={{ minWidth: 240 }}
          >
            <MenuItem value="">{t('common:status.none')}</MenuItem>
            {others.map((o) => (
              <MenuItem key={o.type} value={o.type}>
                {kindLabel(o.type)}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Switch
                checked={params.compare && period.spanMs !== null}
                disabled={period.spanMs === null}
                onChange={(e) => params.set({ compare: e.target.checked })}
              />
            }
            label={t('page.compare')}
          />
        </Stack>
        {main.isError && <Alert severity="error">{toApiError(main.error).message}</Alert>}
        {second.isError && <Alert severity="error">{toApiError(second.error).message}</Alert>}
        {main.isPending && <Skeleton variant="rounded" height={300} aria-label={t('page.loadingChart')} />}
        {main.data && (
          <PeriodChart
            label={label}
            rangeText={rangeText}
            series={main.data}
            {...(previous?.spanMs && before.data
              ? { previous: before.data, shiftSeconds: previous.spanMs / 1000 }
              : {})}
            {...(overlayMetric && second.data
              ? { overlay: second.data, overlayLabel: kindLabel(overlayMetric.kind) }
              : {})}
            system={system}
          />
        )}
      </Paper>
      {main.data && (
        <ValuesTable
          series={main.data}
          system={system}
          {...(metric.aggregation === 'sum' ? { onWhy: setWhyDay } : {})}
        />
      )}
      <ManualEntries
        kind={metric.kind}
        from={period.from}
        {...(period.to ? { to: period.to } : {})}
        system={system}
      />
      {whyDay && (
        <WhyDialog
          item={{ type: metric.kind, label }}
          day={whyDay}
          system={system}
          onClose={() => setWhyDay(null)}
        />
      )}
    </>
  );
}
