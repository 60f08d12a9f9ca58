import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Goal } from '@healthfolio/core';
import { useId, useState } from 'react';
import { toApiError } from '../../lib/api';
import { useDeleteGoal } from './queries';
import { useTranslation } from 'react-i18next';

interface DeleteGoalDialogProps {
  goal: Goal;
  /** What the card calls it. */
  name: string;
  onClose: () => void;
  onDeleted: () => void;
}

/** Asks before a goal and its history go; the data it followed stays. */
export function DeleteGoalDialog({ goal, name, onClose, onDeleted }: DeleteGoalDialogProps) {
  const { t } = useTranslation('goals');
  const titleId = useId();
  const deleter = useDeleteGoal();
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    setError(null);
    deleter.remove(goal.id).then(onDeleted, (e: unknown) => setError(toApiError(e).message));
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('delete.title')}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <DialogContentText>{t('delete.body', { name })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={deleter.isPending}>
          {deleter.isPending ? t('delete.deleting') : t('common:actions.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
