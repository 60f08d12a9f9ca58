import type { ConnectResult } from '@healthfolio/core';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../lib/api';
import type { ConnectDialogProps } from './connect-dialogs';
import { useSourceActions } from './queries';
import { sourceName } from './source-text';

type Instructions = NonNullable<ConnectResult['instructions']>;

/**
 * Sources that only offer an export (MyFitnessPal, Quest, Labcorp): connecting marks the source in use and
 * answers where its export is; the dialog shows the steps, opens the provider's page in a new tab and
 * leads to "Import a file".
 */
export function InstructionsDialog({ source, onClose, onImportInstead }: ConnectDialogProps) {
  const { t } = useTranslation('sources');
  const name = sourceName(source);
  const titleId = useId();
  const { connect } = useSourceActions(source.kind);
  const [instructions, setInstructions] = useState<Instructions | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    connect().then(
      (result) => live && setInstructions(result.instructions ?? null),
      (e: unknown) => live && setError(toApiError(e).message),
    );
    return () => {
      live = false;
    };
  }, [connect]);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{instructions?.title ?? t('instructions.title', { name })}</DialogTitle>
      <DialogContent>
        {error && <Alert severity="error">{error}</Alert>}
        {!instructions && !error && (
          <Stack sx={{ alignItems: 'center', py: 3 }}>
            <CircularProgress aria-label={t('instructions.loading', { name })} />
          </Stack>
        )}
        {instructions && (
          <Stack spacing={2}>
            <Stack component="ol" spacing={1} sx={{ pl: 3, my: 0 }}>
              {instructions.steps.map((step) => (
                <Typography component="li" variant="body2" key={step}>
                  {step}
                </Typography>
              ))}
            </Stack>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {instructions.links.map((link) => (
                <Button
                  key={link.href}
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="outlined"
                  size="small"
                  endIcon={<OpenInNewOutlined />}
                >
                  {link.label}
                </Button>
              ))}
            </Stack>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.close')}</Button>
        {onImportInstead && (
          <Button
            variant="contained"
            onClick={() => {
              onClose();
              onImportInstead();
            }}
          >
            {t('instructions.haveFile')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
