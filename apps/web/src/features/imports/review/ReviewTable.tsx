import type { ReportResult } from '@healthfolio/core';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FlagChip } from '../../metrics/FlagChip';
import { editOf, rowErrors, type Edits, type RowEdit } from './review-edits';
import { formatDay, kindCaption, rangeText } from './review-text';

export interface ReviewTableProps {
  results: readonly ReportResult[];
  edits: Edits;
  onEdit: (id: string, edit: RowEdit) => void;
  /** The row whose region the page shows. */
  activeId: string | null;
  onSelect: (id: string) => void;
  onHover: (id: string | null) => void;
  /** A date column when the results were taken on different days (a DEXA report's earlier scans). */
  showDates: boolean;
}

/** What was read, one editable row per result; focusing or hovering a row shows where it was read. */
export function ReviewTable({
  results,
  edits,
  onEdit,
  activeId,
  onSelect,
  onHover,
  showDates,
}: ReviewTableProps) {
  // 'metrics' too: FlagChip says its flag in those words.
  const { t } = useTranslation(['review', 'metrics']);
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('table.label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('table.test')}</TableCell>
            <TableCell>{t('table.value')}</TableCell>
            <TableCell>{t('table.unit')}</TableCell>
            <TableCell>{t('table.range')}</TableCell>
            <TableCell>{t('table.flag')}</TableCell>
            {showDates && <TableCell>{t('table.date')}</TableCell>}
            <TableCell padding="checkbox">{t('table.leaveOut')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody onMouseLeave={() => onHover(null)}>
          {results.map((result) => {
            const edit = editOf(result, edits);
            const errors = rowErrors(result, edit);
            const change = (changes: Partial<RowEdit>) => onEdit(result.id, { ...edit, ...changes });
            return (
              <TableRow
                key={result.id}
                hover
                selected={result.id === activeId}
                data-testid="review-row"
                onClick={() => onSelect(result.id)}
                onFocus={() => onSelect(result.id)}
                onMouseEnter={() => onHover(result.id)}
                sx={{ cursor: 'pointer', verticalAlign: 'top', opacity: edit.skip ? 0.6 : 1 }}
              >
                <TableCell component="th" scope="row" sx={{ minWidth: 140 }}>
                  <Typography
                    variant="body2"
                    sx={{ fontWeight: 500, textDecoration: edit.skip ? 'line-through' : 'none' }}
                  >
                    {result.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary" component="p">
                    {kindCaption(result.kind)}
                  </Typography>
                </TableCell>
                <TableCell>
                  <TextField
                    size="small"
                    value={edit.value}
                    disabled={edit.skip}
                    error={errors.value !== undefined}
                    helperText={errors.value}
                    onChange={(e) => change({ value: e.target.value })}
                    slotProps={{
                      htmlInput: {
                        'aria-label': t('table.valueOf', { name: result.name }),
                        inputMode: 'decimal',
                      },
                    }}
                    sx={{ width: 120 }}
                  />
                </TableCell>
                <TableCell>
                  <TextField
                    size="small"
                    value={edit.unit}
                    disabled={edit.skip}
                    error={errors.unit !== undefined}
                    helperText={errors.unit}
                    onChange={(e) => change({ unit: e.target.value })}
                    slotProps={{ htmlInput: { 'aria-label': t('table.unitOf', { name: result.name }) } }}
                    sx={{ width: 100 }}
                  />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{rangeText(result.referenceRange)}</TableCell>
                <TableCell>
                  <FlagChip flag={result.flag} />
                </TableCell>
                {showDates && <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(result.date)}</TableCell>}
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={edit.skip}
                    onChange={(e) => change({ skip: e.target.checked })}
                    slotProps={{ input: { 'aria-label': t('table.leaveOutOf', { name: result.name }) } }}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
