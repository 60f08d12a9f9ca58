import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { MetricsWhy, UnitSystem } from '@healthfolio/core';
import { useTranslation } from 'react-i18next';
import { formatDuration, formatNumber, formatValue } from './format';
import { sourceName } from './overview/overview-text';

type Stream = MetricsWhy['streams'][number];

/**
 * One row per source stream, best first: what it added, its share, and the time it was counted for; a
 * device whose readings came by several paths (export.zip and Health Auto Export) names each with its part;
 * a sandbox stream says so, and whether it was left out. On a phone (below 600 px) each stream is a stacked
 * row — its name, then its four figures labelled — instead of five columns clipped at the screen's edge.
 */
export function WhyTable({ why, system }: { why: MetricsWhy; system: UnitSystem }) {
  const { t } = useTranslation('tables');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const total = why.value ?? 0;
  const figures = (s: Stream) => ({
    counted: formatValue(why.type, s.contributed, system),
    share: total > 0 ? `${formatNumber((100 * s.contributed) / total, 0)} %` : '—',
    time: formatDuration(s.msWon / 60_000),
    own: s.ownValue === null ? '—' : formatValue(why.type, s.ownValue, system),
  });
  const name = (s: Stream) => (
    <>
      {s.device ? `${sourceName(s.source)} (${s.device})` : sourceName(s.source)}
      {s.paths.some((p) => p.path === 'sandbox') && (
        <Chip size="small" variant="outlined" color="warning" label={t('why.sandbox')} sx={{ ml: 1 }} />
      )}
      {(s.paths.length > 1 || s.paths.some((p) => p.path === 'sandbox')) && (
        <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8em' }}>
          {t('why.byPaths', {
            paths: s.paths
              .map((p) => `${p.label} (${formatValue(why.type, p.contributed, system)})`)
              .join(', '),
          })}
        </Box>
      )}
    </>
  );

  if (phone) {
    return (
      <Box component="ul" aria-label={t('why.label')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {why.streams.map((s) => {
          const f = figures(s);
          return (
            <Box
              component="li"
              key={`${s.source}:${s.device ?? ''}`}
              sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}
            >
              <Typography variant="subtitle2" component="p">
                {name(s)}
              </Typography>
              <Box
                component="dl"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'auto 1fr',
                  columnGap: 2,
                  rowGap: 0.25,
                  m: 0,
                  mt: 0.5,
                  '& dt': { color: 'text.secondary' },
                  '& dd': { m: 0, textAlign: 'right' },
                }}
              >
                <dt>{t('why.counted')}</dt>
                <dd>{f.counted}</dd>
                <dt>{t('why.share')}</dt>
                <dd>{f.share}</dd>
                <dt>{t('why.time')}</dt>
                <dd>{f.time}</dd>
                <dt>{t('why.own')}</dt>
                <dd>{f.own}</dd>
              </Box>
            </Box>
          );
        })}
      </Box>
    );
  }

  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('why.label')}>
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
          {why.streams.map((s) => {
            const f = figures(s);
            return (
              <TableRow key={`${s.source}:${s.device ?? ''}`}>
                <TableCell component="th" scope="row">
                  {name(s)}
                </TableCell>
                <TableCell align="right">{f.counted}</TableCell>
                <TableCell align="right">{f.share}</TableCell>
                <TableCell align="right">{f.time}</TableCell>
                <TableCell align="right">{f.own}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
