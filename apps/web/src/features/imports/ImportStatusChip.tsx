import type { ImportStatus } from '@healthfolio/core';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { statusLabels } from './import-text';

const colors: Record<ImportStatus, ChipProps['color']> = {
  queued: 'default',
  running: 'info',
  needs_review: 'warning',
  succeeded: 'success',
  failed: 'error',
};

export function ImportStatusChip({ status }: { status: ImportStatus }) {
  return <Chip size="small" variant="outlined" color={colors[status]} label={statusLabels[status]} />;
}
