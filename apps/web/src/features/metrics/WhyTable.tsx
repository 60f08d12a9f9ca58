import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { MetricsWhy, UnitSystem } from '@healthfolio/core';
import { formatDuration, formatNumber, formatValue } from './format';
import { sourceName } from './overview/overview-text';

/**
 * One row per source stream, best first: what it added, its share, and the time it was counted for; a
 * device whose readings came by several paths (export.zip and Health Auto Export) names each with its part;
 * a sandbox stream says so, and whether it was left out.
 */
export function WhyTable({ why, system }: { why: MetricsWhy; system: UnitSystem }) {
  const total = why.value ?? 0;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Contributions by source">
        <TableHead>
          <TableRow>
            <TableCell>Source</TableCell>
            <TableCell align="right">Counted</TableCell>
            <TableCell align="right">Share</TableCell>
            <TableCell align="right">Time counted</TableCell>
            <TableCell align="right">On its own</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {why.streams.map((s) => (
            <TableRow key={`${s.source}:${s.device ?? ''}`}>
              <TableCell component="th" scope="row">
                {s.device ? `${sourceName(s.source)} (${s.device})` : sourceName(s.source)}
                {s.paths.some((p) => p.path === 'sandbox') && (
                  <Chip size="small" variant="outlined" color="warning" label="Sandbox" sx={{ ml: 1 }} />
                )}
                {(s.paths.length > 1 || s.paths.some((p) => p.path === 'sandbox')) && (
                  <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8em' }}>
                    {`by ${s.paths.map((p) => `${p.label} (${formatValue(why.type, p.contributed, system)})`).join(', ')}`}
                  </Box>
                )}
              </TableCell>
              <TableCell align="right">{formatValue(why.type, s.contributed, system)}</TableCell>
              <TableCell align="right">
                {total > 0 ? `${formatNumber((100 * s.contributed) / total, 0)} %` : '—'}
              </TableCell>
              <TableCell align="right">{formatDuration(s.msWon / 60_000)}</TableCell>
              <TableCell align="right">
                {s.ownValue === null ? '—' : formatValue(why.type, s.ownValue, system)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
