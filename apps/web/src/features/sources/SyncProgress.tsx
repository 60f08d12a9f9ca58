import type { SyncStatus } from '@healthfolio/core';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { progressText } from './source-text';

/** The live bar of a sync under way: pages and samples so far (the window's share when it is known). */
export function SyncProgress({ name, status }: { name: string; status: SyncStatus | undefined }) {
  const { t } = useTranslation('sources');
  const textId = useId();
  const fraction = status?.fraction ?? null;
  return (
    <Box>
      <LinearProgress
        aria-label={t('sync.progressLabel', { name })}
        aria-describedby={textId}
        variant={fraction === null ? 'indeterminate' : 'determinate'}
        value={fraction === null ? undefined : Math.round(fraction * 100)}
      />
      <Typography
        id={textId}
        variant="caption"
        color="text.secondary"
        role="status"
        data-testid="sync-progress"
      >
        {progressText(status)}
      </Typography>
    </Box>
  );
}
