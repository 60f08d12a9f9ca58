import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import type { SkippedType } from '@healthfolio/core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useId, useState } from 'react';
import { formatCount } from './import-text';

/** What an import read and deliberately did not keep, type by type, with why; folded away until asked for. */
export function SkippedList({ skipped, total }: { skipped: SkippedType[]; total: number }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (skipped.length === 0) return null;
  const sorted = [...skipped].sort((a, b) => b.count - a.count);
  return (
    <Box>
      <Button
        size="small"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={listId}
        endIcon={open ? <ExpandLess /> : <ExpandMore />}
      >
        {open ? 'Hide' : 'Show'} what was skipped and why ({formatCount(total)} records of{' '}
        {formatCount(skipped.length)} {skipped.length === 1 ? 'type' : 'types'})
      </Button>
      <Collapse in={open} unmountOnExit>
        <Box id={listId} sx={{ overflowX: 'auto', mt: 1 }}>
          <Table size="small" aria-label="Skipped records">
            <TableHead>
              <TableRow>
                <TableCell>Type</TableCell>
                <TableCell align="right">Records</TableCell>
                <TableCell>Why</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {sorted.map((s) => (
                <TableRow key={s.type}>
                  <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                    {s.type}
                  </TableCell>
                  <TableCell align="right">{formatCount(s.count)}</TableCell>
                  <TableCell>{s.reason}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Collapse>
    </Box>
  );
}
