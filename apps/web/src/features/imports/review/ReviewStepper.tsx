import type { ReportResult } from '@healthfolio/core';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FlagChip } from '../../metrics/FlagChip';
import { editOf, rowErrors, type Edits, type RowEdit } from './review-edits';
import { formatDay, kindCaption, rangeText } from './review-text';

export interface ReviewStepperProps {
  results: readonly ReportResult[];
  edits: Edits;
  onEdit: (id: string, edit: RowEdit) => void;
  /** The result shown, 0-based. */
  index: number;
  onIndex: (index: number) => void;
  showDates: boolean;
  /** The PDF page with the shown result's region boxed, drawn above the result. */
  pdf: ReactNode;
}

/**
 * Review on a phone: one result at a time — the region of the page it was read from above it, then what
 * was read, editable, and "Leave out" — with Previous and Next. Every choice of the desktop's table is here;
 * Save, Discard and Review later stay in the dialog's actions.
 */
export function ReviewStepper({
  results,
  edits,
  onEdit,
  index,
  onIndex,
  showDates,
  pdf,
}: ReviewStepperProps) {
  // 'metrics' too: FlagChip says its flag in those words.
  const { t } = useTranslation(['review', 'metrics']);
  const result = results[index];
  if (!result) return null;
  const edit = editOf(result, edits);
  const errors = rowErrors(result, edit);
  const change = (changes: Partial<RowEdit>) => onEdit(result.id, { ...edit, ...changes });
  const last = results.length - 1;
  const range = rangeText(result.referenceRange);

  return (
    <Box data-testid="review-stepper">
      <Typography
        variant="subtitle2"
        component="p"
        aria-live="polite"
        data-testid="review-step"
        sx={{ mb: 1 }}
      >
        {t('stepper.position', { index: index + 1, count: results.length })}
      </Typography>
      <Box component="section" aria-label={t('pdf.label')} sx={{ mb: 2 }}>
        {pdf}
      </Box>
      <Paper
        component="section"
        variant="outlined"
        aria-label={result.name}
        data-testid="review-result"
        sx={{ p: 2, opacity: edit.skip ? 0.7 : 1 }}
      >
        <Typography
          variant="subtitle1"
          component="h3"
          sx={{ fontWeight: 600, textDecoration: edit.skip ? 'line-through' : 'none' }}
        >
          {result.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          {kindCaption(result.kind)}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={t('table.value')}
            value={edit.value}
            disabled={edit.skip}
            error={errors.value !== undefined}
            helperText={errors.value}
            onChange={(e) => change({ value: e.target.value })}
            slotProps={{
              htmlInput: { 'aria-label': t('table.valueOf', { name: result.name }), inputMode: 'decimal' },
            }}
            sx={{ flex: 3 }}
          />
          <TextField
            size="small"
            label={t('table.unit')}
            value={edit.unit}
            disabled={edit.skip}
            error={errors.unit !== undefined}
            helperText={errors.unit}
            onChange={(e) => change({ unit: e.target.value })}
            slotProps={{ htmlInput: { 'aria-label': t('table.unitOf', { name: result.name }) } }}
            sx={{ flex: 2 }}
          />
        </Stack>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            columnGap: 2,
            rowGap: 0.5,
            alignItems: 'center',
            my: 1.5,
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0 },
          }}
        >
          <dt>{t('table.range')}</dt>
          <dd>{range || '—'}</dd>
          <dt>{t('table.flag')}</dt>
          <dd>{result.flag ? <FlagChip flag={result.flag} /> : '—'}</dd>
          {showDates && (
            <>
              <dt>{t('table.date')}</dt>
              <dd>{formatDay(result.date)}</dd>
            </>
          )}
        </Box>
        <FormControlLabel
          control={
            <Checkbox
              checked={edit.skip}
              onChange={(e) => change({ skip: e.target.checked })}
              slotProps={{ input: { 'aria-label': t('table.leaveOutOf', { name: result.name }) } }}
            />
          }
          label={t('table.leaveOut')}
        />
      </Paper>
      <Stack direction="row" sx={{ mt: 2, justifyContent: 'space-between' }}>
        <Button disabled={index === 0} onClick={() => onIndex(index - 1)}>
          {t('stepper.previous')}
        </Button>
        <Button variant="outlined" disabled={index >= last} onClick={() => onIndex(index + 1)}>
          {t('stepper.next')}
        </Button>
      </Stack>
    </Box>
  );
}
