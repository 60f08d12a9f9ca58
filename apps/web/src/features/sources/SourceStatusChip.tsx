import type { ConnectionStatus } from '@healthfolio/core';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { statusLabel } from './source-text';

const colors: Record<ConnectionStatus, ChipProps['color']> = {
  disconnected: 'default',
  connected: 'success',
  syncing: 'info',
  error: 'error',
};

/** The connection's state: Not connected, Connected, Syncing or Needs attention. */
export function SourceStatusChip({ status }: { status: ConnectionStatus }) {
  useTranslation('sources');
  return (
    <Chip
      size="small"
      variant={status === 'disconnected' ? 'outlined' : 'filled'}
      color={colors[status]}
      label={statusLabel(status)}
      data-testid="source-status"
    />
  );
}

/** Sandbox connections say so: their data is generated, not the person's. */
export function SandboxChip() {
  const { t } = useTranslation('sources');
  return (
    <Chip
      size="small"
      variant="outlined"
      color="warning"
      label={t('sandbox.chip')}
      title={t('sandbox.title')}
    />
  );
}
