import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { MetricsSeries, UnitSystem } from '@healthfolio/core';
import { useMemo, useState } from 'react';
import { toChartData } from '../chart/chart-data';
import { pointDate } from '../chart/point-format';
import { sourceName } from '../overview/overview-text';

const FIRST_ROWS = 30;

interface ValuesTableProps {
  series: MetricsSeries;
  system: UnitSystem;
  /** Sum kinds by day: each day's "Why this number?". */
  onWhy?: (date: string) => void;
}

/**
 * The values of the chart, latest first, with where each came from: a reading's source by name, or a
 * merged day's "all your sources" with why it is that number.
 */
export function ValuesTable({ series, system, onWhy }: ValuesTableProps) {
  const [all, setAll] = useState(false);
  const data = useMemo(() => toChartData(series, system), [series, system]);
  if (data.x.length === 0) return null;
  const raw = series.bucket === 'raw';
  const starts = raw ? [] : series.items.filter((i) => i.count > 0).map((i) => i.start.slice(0, 10));
  const order = data.x.map((_, i) => i).reverse();
  const shown = all ? order : order.slice(0, FIRST_ROWS);
  const why = onWhy && series.bucket === 'day';
  return (
    <Box component="section" aria-labelledby="values-title" sx={{ mt: 3 }}>
      <Typography id="values-title" variant="h6" component="h2" gutterBottom>
        Values
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby="values-title">
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              {data.series.map((s) => (
                <TableCell key={s.name} align="right">
                  {s.name}
                </TableCell>
              ))}
              <TableCell>Source</TableCell>
              {why && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((i) => (
              <TableRow key={i}>
                <TableCell component="th" scope="row">
                  {pointDate(data.x[i]!, series.bucket)}
                </TableCell>
                {data.series.map((s) => {
                  const v = s.values[i];
                  return (
                    <TableCell key={s.name} align="right">
                      {v === null || v === undefined ? '—' : data.format(v)}
                    </TableCell>
                  );
                })}
                <TableCell>{raw ? (data.sources?.[i] ?? '') : `${sourceName('*')}, merged`}</TableCell>
                {why && (
                  <TableCell>
                    <Button size="small" onClick={() => onWhy(starts[i]!)}>
                      Why this number?
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {!all && order.length > FIRST_ROWS && (
        <Button onClick={() => setAll(true)} sx={{ mt: 1 }}>
          Show all {order.length} values
        </Button>
      )}
    </Box>
  );
}
