import type { ConnectionStatus } from '@healthfolio/core';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { statusLabels } from './source-text';

const colors: Record<ConnectionStatus, ChipProps['color']> = {
  disconnected: 'default',
  connected: 'success',
  syncing: 'info',
  error: 'error',
};

/** The connection's state: Not connected, Connected, Syncing or Needs attention. */
export function SourceStatusChip({ status }: { status: ConnectionStatus }) {
  return (
    <Chip
      size="small"
      variant={status === 'disconnected' ? 'outlined' : 'filled'}
      color={colors[status]}
      label={statusLabels[status]}
      data-testid="source-status"
    />
  );
}

/** Sandbox connections say so: their data is generated, not the person's. */
export function SandboxChip() {
  return (
    <Chip
      size="small"
      variant="outlined"
      color="warning"
      label="Sandbox"
      title="Connected to a sandbox provider: the data is generated test data, not yours"
    />
  );
}
