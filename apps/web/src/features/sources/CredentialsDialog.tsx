import type { DataSource } from '@healthfolio/core';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { useId, useState, type FormEvent } from 'react';
import { toApiError } from '../../lib/api';
import { TextInput } from '../forms/TextInput';
import type { ConnectInput } from './sources-api';

interface CredentialsDialogProps {
  source: DataSource;
  /** Whether "Connect the sandbox instead" starts ticked. */
  sandbox?: boolean;
  pending: boolean;
  onConnect: (input: ConnectInput) => Promise<unknown>;
  onClose: () => void;
  onConnected: () => void;
}

/**
 * Sources whose sign-in is another app's account: FreeStyle Libre is read through LibreLinkUp, the app a
 * Libre wearer invites followers to.
 */
const ACCOUNTS: Partial<Record<string, { name: string; hint: string }>> = {
  freestyle_libre: {
    name: 'LibreLinkUp',
    hint: 'Use a LibreLinkUp account that the person wearing the sensor has invited to follow them (FreeStyle Libre app → Connected apps → LibreLinkUp), and accept the invitation in the LibreLinkUp app first.',
  },
};

/**
 * Signs in at a provider without third-party OAuth (Peloton, Eight Sleep): the server uses the password
 * once and keeps only the session it gets back.
 */
export function CredentialsDialog({
  source,
  sandbox: initialSandbox = false,
  pending,
  onConnect,
  onClose,
  onConnected,
}: CredentialsDialogProps) {
  const titleId = useId();
  // Without a client set up here, the server connects the sandbox whatever is asked.
  const sandboxOnly = !source.configured && source.sandboxAvailable;
  const [sandbox, setSandbox] = useState(sandboxOnly || initialSandbox);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const account = ACCOUNTS[source.kind];
  const accountName = account?.name ?? source.name;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError(`Enter your ${accountName} email and password.`);
      return;
    }
    setError(null);
    const input: ConnectInput = { username: username.trim(), password };
    if (sandbox) input.sandbox = true;
    onConnect(input).then(onConnected, (e: unknown) => setError(toApiError(e).message));
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>Connect {source.name}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              {source.name} has no sign-in for other apps: Healthfolio signs in with your {accountName}{' '}
              account once and keeps only the session it gets back, never your password.
            </DialogContentText>
            {account && <DialogContentText>{account.hint}</DialogContentText>}
            {error && <Alert severity="error">{error}</Alert>}
            {source.sandboxAvailable && !sandboxOnly && (
              <FormControlLabel
                control={<Checkbox checked={sandbox} onChange={(e) => setSandbox(e.target.checked)} />}
                label="Connect the sandbox instead (generated test data)"
              />
            )}
            {sandbox && (
              <Alert severity="info" role="note">
                {sandboxOnly
                  ? `${source.name} is not set up on this server, so this connects its sandbox. `
                  : ''}
                Sandbox: any email works; the password is <strong>sandbox</strong>.
              </Alert>
            )}
            <TextInput
              label={account ? `${account.name} email` : 'Email or username'}
              autoComplete="username"
              autoFocus
              required
              value={username}
              onChange={setUsername}
            />
            <TextInput
              label="Password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={setPassword}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? 'Connecting…' : 'Connect'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
