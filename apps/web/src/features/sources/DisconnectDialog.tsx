import type { DataSource } from '@healthfolio/core';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, useState } from 'react';
import { toApiError } from '../../lib/api';
import type { DisconnectResult } from './sources-api';

interface DisconnectDialogProps {
  source: DataSource;
  pending: boolean;
  onDisconnect: (deleteData: boolean) => Promise<DisconnectResult>;
  onClose: () => void;
  onDisconnected: (result: DisconnectResult) => void;
}

/**
 * Asks before disconnecting whether to keep what the source brought or delete it. A sandbox connection's
 * data is generated, so deleting it is the default there (the server does the same when not asked).
 */
export function DisconnectDialog({
  source,
  pending,
  onDisconnect,
  onClose,
  onDisconnected,
}: DisconnectDialogProps) {
  const titleId = useId();
  const choiceId = useId();
  const [choice, setChoice] = useState<'keep' | 'delete'>(source.sandbox ? 'delete' : 'keep');
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    setError(null);
    onDisconnect(choice === 'delete').then(onDisconnected, (e: unknown) => setError(toApiError(e).message));
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Disconnect {source.name}?</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <DialogContentText sx={{ mb: 2 }}>
          Healthfolio stops syncing and gives up its access to {source.name}
          {source.sandbox ? ' (sandbox)' : ''}. You can connect again at any time.
        </DialogContentText>
        {source.sandbox && (
          <DialogContentText sx={{ mb: 2 }}>
            Its data is generated test data, so it is deleted unless you keep it. Your own {source.name} files
            stay either way.
          </DialogContentText>
        )}
        <FormControl>
          <FormLabel id={choiceId}>What {source.name} already brought</FormLabel>
          <RadioGroup
            aria-labelledby={choiceId}
            value={choice}
            onChange={(e) => setChoice(e.target.value === 'delete' ? 'delete' : 'keep')}
          >
            <FormControlLabel value="keep" control={<Radio />} label="Keep its data" />
            <FormControlLabel
              value="delete"
              control={<Radio />}
              label={`Delete everything ${source.name} brought`}
            />
          </RadioGroup>
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          color={choice === 'delete' ? 'error' : 'primary'}
          onClick={confirm}
          disabled={pending}
        >
          {pending ? 'Disconnecting…' : 'Disconnect'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
