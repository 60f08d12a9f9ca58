import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { MetricsWhy, UnitSystem } from '@healthfolio/core';
import { useTranslation } from 'react-i18next';
import { formatDuration, formatNumber, formatValue } from './format';
import { sourceName } from './overview/overview-text';
import { stackedTable } from './stacked-table';

/**
 * One row per source stream, best first: what it added, its share, and the time it was counted for; a
 * device whose readings came by several paths (export.zip and Health Auto Export) names each with its part;
 * a sandbox stream says so, and whether it was left out. On a phone (below 600 px) each stream is a stacked
 * row — its name, then its four figures labelled — instead of five columns clipped at the screen's edge.
 */
export function WhyTable({ why, system }: { why: MetricsWhy; system: UnitSystem }) {
  const { t } = useTranslation('tables');
  // useTheme answers MUI's default theme where none is provided (a component rendered on its own).
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const total = why.value ?? 0;
  return (
    <Box sx={{ overflowX: phone ? 'visible' : 'auto' }}>
      <Table size="small" aria-label={t('why.label')} sx={phone ? stackedTable : undefined}>
        <TableHead>
          <TableRow>
            <TableCell>{t('why.source')}</TableCell>
            <TableCell align="right">{t('why.counted')}</TableCell>
            <TableCell align="right">{t('why.share')}</TableCell>
            <TableCell align="right">{t('why.time')}</TableCell>
            <TableCell align="right">{t('why.own')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {why.streams.map((s) => (
            <TableRow key={`${s.source}:${s.device ?? ''}`}>
              <TableCell component="th" scope="row">
                {s.device ? `${sourceName(s.source)} (${s.device})` : sourceName(s.source)}
                {s.paths.some((p) => p.path === 'sandbox') && (
                  <Chip
                    size="small"
                    variant="outlined"
                    color="warning"
                    label={t('why.sandbox')}
                    sx={{ ml: 1 }}
                  />
                )}
                {(s.paths.length > 1 || s.paths.some((p) => p.path === 'sandbox')) && (
                  <Box
                    component="span"
                    sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8em', fontWeight: 400 }}
                  >
                    {t('why.byPaths', {
                      paths: s.paths
                        .map((p) => `${p.label} (${formatValue(why.type, p.contributed, system)})`)
                        .join(', '),
                    })}
                  </Box>
                )}
              </TableCell>
              <TableCell align="right" data-label={t('why.counted')}>
                {formatValue(why.type, s.contributed, system)}
              </TableCell>
              <TableCell align="right" data-label={t('why.share')}>
                {total > 0 ? `${formatNumber((100 * s.contributed) / total, 0)} %` : '—'}
              </TableCell>
              <TableCell align="right" data-label={t('why.time')}>
                {formatDuration(s.msWon / 60_000)}
              </TableCell>
              <TableCell align="right" data-label={t('why.own')}>
                {s.ownValue === null ? '—' : formatValue(why.type, s.ownValue, system)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
