import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { clearSession } from '../auth/session-store';
import { TextInput } from '../forms/TextInput';
import { deleteAccount } from './settings-api';

/** Asks for the email before deleting the account, naming everything that goes with it. */
export function DeleteAccountDialog({
  email,
  open,
  onClose,
}: {
  email: string;
  open: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmed = typed.trim().toLowerCase() === email.toLowerCase();

  const close = () => {
    if (deleting) return;
    setTyped('');
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) return;
    setDeleting(true);
    setError(null);
    try {
      await deleteAccount();
    } catch {
      setError('Could not delete your account. Please try again.');
      setDeleting(false);
      return;
    }
    // Every session died with the account; end this one here without asking the server.
    clearSession();
    queryClient.clear();
    navigate('/login', { replace: true });
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={titleId}>Delete your account?</DialogTitle>
        <DialogContent>
          <DialogContentText component="div">
            This permanently deletes:
            <ul>
              <li>your profile and settings,</li>
              <li>all your health data and connected sources,</li>
              <li>the files you uploaded.</li>
            </ul>
            <strong>This cannot be undone.</strong> Consider exporting your data first.
          </DialogContentText>
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
          <div style={{ marginTop: 16 }}>
            <TextInput
              label="Type your email to confirm"
              type="email"
              autoComplete="off"
              value={typed}
              onChange={setTyped}
              helperText={email}
            />
          </div>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={deleting}>
            Cancel
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={!confirmed || deleting}>
            Delete my account
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
