import type { ImportStatus } from '@healthfolio/core';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { statusLabel } from './import-text';

const colors: Record<ImportStatus, ChipProps['color']> = {
  queued: 'default',
  running: 'info',
  needs_review: 'warning',
  succeeded: 'success',
  failed: 'error',
};

export function ImportStatusChip({ status }: { status: ImportStatus }) {
  useTranslation('imports');
  return <Chip size="small" variant="outlined" color={colors[status]} label={statusLabel(status)} />;
}
