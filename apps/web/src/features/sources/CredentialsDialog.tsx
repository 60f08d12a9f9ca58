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
import { Trans, useTranslation } from 'react-i18next';
import { toApiError } from '../../lib/api';
import { TextInput } from '../forms/TextInput';
import { sourceName } from './source-text';
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
  freestyle_libre: { name: 'LibreLinkUp', hint: 'credentials.librelinkup' },
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
  const { t } = useTranslation('sources');
  const name = sourceName(source);
  const titleId = useId();
  // Without a client set up here, the server connects the sandbox whatever is asked.
  const sandboxOnly = !source.configured && source.sandboxAvailable;
  const [sandbox, setSandbox] = useState(sandboxOnly || initialSandbox);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const account = ACCOUNTS[source.kind];
  const accountName = account?.name ?? name;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError(t('credentials.enter', { account: accountName }));
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
        <DialogTitle id={titleId}>{t('credentials.title', { name })}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>{t('credentials.body', { name, account: accountName })}</DialogContentText>
            {account && <DialogContentText>{t(account.hint)}</DialogContentText>}
            {error && <Alert severity="error">{error}</Alert>}
            {source.sandboxAvailable && !sandboxOnly && (
              <FormControlLabel
                control={<Checkbox checked={sandbox} onChange={(e) => setSandbox(e.target.checked)} />}
                label={t('credentials.sandboxInstead')}
              />
            )}
            {sandbox && (
              <Alert severity="info" role="note">
                {sandboxOnly ? `${t('credentials.sandboxOnly', { name })} ` : ''}
                <Trans t={t} i18nKey="credentials.sandboxPassword" components={{ strong: <strong /> }} />
              </Alert>
            )}
            <TextInput
              label={
                account
                  ? t('credentials.accountEmail', { account: account.name })
                  : t('credentials.emailOrUsername')
              }
              autoComplete="username"
              autoFocus
              required
              value={username}
              onChange={setUsername}
            />
            <TextInput
              label={t('credentials.password')}
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={setPassword}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? t('card.connecting') : t('card.connect')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
