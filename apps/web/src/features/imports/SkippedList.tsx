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
import { useTranslation } from 'react-i18next';
import { formatCount, skipReason } from './import-text';

/** What an import read and deliberately did not keep, type by type, with why; folded away until asked for. */
export function SkippedList({ skipped, total }: { skipped: SkippedType[]; total: number }) {
  const { t } = useTranslation('imports');
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
        {t(open ? 'skipped.hide' : 'skipped.show', {
          count: total,
          n: formatCount(total),
          types: t('skipped.types', { count: skipped.length, n: formatCount(skipped.length) }),
        })}
      </Button>
      <Collapse in={open} unmountOnExit>
        <Box id={listId} sx={{ overflowX: 'auto', mt: 1 }}>
          <Table size="small" aria-label={t('skipped.table')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('skipped.type')}</TableCell>
                <TableCell align="right">{t('skipped.records')}</TableCell>
                <TableCell>{t('skipped.why')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {sorted.map((s) => (
                <TableRow key={s.type}>
                  <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                    {s.type}
                  </TableCell>
                  <TableCell align="right">{formatCount(s.count)}</TableCell>
                  <TableCell>{skipReason(s.reason)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Collapse>
    </Box>
  );
}
