import Box from '@mui/material/Box';
import { visuallyHidden } from '../../../lib/visually-hidden';
import type { MetricBucket } from '@healthfolio/core';
import { useTranslation } from 'react-i18next';
import type { ChartData } from './chart-data';
import { chartRows } from './chart-summary';

const MAX_ROWS = 100;

/** The chart's points as a table for screen readers (the latest hundred; the canvas holds them all). */
export function ChartTable({
  data,
  bucket,
  caption,
}: {
  data: ChartData;
  bucket: MetricBucket;
  caption: string;
}) {
  const { t } = useTranslation('metrics');
  const rows = chartRows(data, bucket, MAX_ROWS);
  const more =
    data.x.length > rows.length ? ` ${t('table.latestOf', { n: rows.length, total: data.x.length })}` : '';
  return (
    <Box component="table" sx={visuallyHidden}>
      <caption>{`${caption}${more}`}</caption>
      <thead>
        <tr>
          <th scope="col">{t('table.date')}</th>
          {data.series.map((s) => (
            <th scope="col" key={s.name}>
              {s.name}
            </th>
          ))}
          {data.sources && <th scope="col">{t('table.source')}</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            <th scope="row">{row.date}</th>
            {row.values.map((v, j) => (
              <td key={j}>{v}</td>
            ))}
            {data.sources && <td>{row.source}</td>}
          </tr>
        ))}
      </tbody>
    </Box>
  );
}
