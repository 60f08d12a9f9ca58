import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { MetricsSeries, UnitSystem } from '@healthfolio/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toChartData } from '../chart/chart-data';
import { pointDate } from '../chart/point-format';
import { sourceName } from '../overview/overview-text';
import { stackedTable } from '../stacked-table';

const FIRST_ROWS = 30;

interface ValuesTableProps {
  series: MetricsSeries;
  system: UnitSystem;
  /** Sum kinds by day: each day's "Why this number?". */
  onWhy?: (date: string) => void;
}

/**
 * The values of the chart, latest first, with where each came from: a reading's source by name, or a
 * merged day's "all your sources" with why it is that number. On a phone (below 600 px) each value is a
 * stacked row — when, then its figures and source — rather than columns clipped at the screen's edge
 * (stacked-table.ts: still a table to assistive technology).
 */
export function ValuesTable({ series, system, onWhy }: ValuesTableProps) {
  const { t } = useTranslation('tables');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [all, setAll] = useState(false);
  const data = useMemo(() => toChartData(series, system), [series, system]);
  if (data.x.length === 0) return null;
  const raw = series.bucket === 'raw';
  const starts = raw ? [] : series.items.filter((i) => i.count > 0).map((i) => i.start.slice(0, 10));
  const order = data.x.map((_, i) => i).reverse();
  const shown = all ? order : order.slice(0, FIRST_ROWS);
  const why = onWhy && series.bucket === 'day';
  const value = (v: number | null | undefined) => (v === null || v === undefined ? '—' : data.format(v));
  const source = (i: number) =>
    raw ? (data.sources?.[i] ?? '') : t('values.merged', { all: sourceName('*') });
  const whyButton = (i: number) =>
    why && (
      <Button size="small" onClick={() => onWhy(starts[i]!)}>
        {t('values.why')}
      </Button>
    );

  return (
    <Box component="section" aria-labelledby="values-title" sx={{ mt: 3 }}>
      <Typography id="values-title" variant="h6" component="h2" gutterBottom>
        {t('values.title')}
      </Typography>
      <Box sx={{ overflowX: phone ? 'visible' : 'auto' }}>
        <Table size="small" aria-labelledby="values-title" sx={phone ? stackedTable : undefined}>
          <TableHead>
            <TableRow>
              <TableCell>{t('values.when')}</TableCell>
              {data.series.map((s) => (
                <TableCell key={s.name} align="right">
                  {s.name}
                </TableCell>
              ))}
              <TableCell>{t('values.source')}</TableCell>
              {why && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((i) => (
              <TableRow key={i}>
                <TableCell component="th" scope="row">
                  {pointDate(data.x[i]!, series.bucket)}
                </TableCell>
                {data.series.map((s) => (
                  <TableCell key={s.name} align="right" data-label={s.name}>
                    {value(s.values[i])}
                  </TableCell>
                ))}
                <TableCell data-label={t('values.source')}>{source(i)}</TableCell>
                {why && <TableCell>{whyButton(i)}</TableCell>}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {!all && order.length > FIRST_ROWS && (
        <Button onClick={() => setAll(true)} sx={{ mt: 1 }}>
          {t('values.showAll', { count: order.length })}
        </Button>
      )}
    </Box>
  );
}
