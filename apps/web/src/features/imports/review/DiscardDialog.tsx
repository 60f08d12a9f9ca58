import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

interface DiscardDialogProps {
  fileName: string;
  busy: boolean;
  onCancel: () => void;
  onDiscard: () => void;
}

/** "Discard this report?": asked before anything read from it, and the uploaded file, is dropped. */
export function DiscardDialog({ fileName, busy, onCancel, onDiscard }: DiscardDialogProps) {
  const titleId = useId();
  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId} maxWidth="xs">
      <DialogTitle id={titleId}>Discard this report?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Nothing read from {fileName} will be saved, and the uploaded file is deleted.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Keep reviewing</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={onDiscard}>
          {busy ? 'Discarding…' : 'Discard'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
