import type { Passkey } from '@healthfolio/core';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n';
import { toApiError } from '../../../lib/api';
import {
  addPasskey,
  disableTotp,
  fetchMfaStatus,
  listPasskeys,
  newRecoveryCodes,
  passkeyErrorMessage,
  removePasskey,
  renamePasskey,
} from '../../auth/mfa-api';
import { RecoveryCodesPanel, TotpSetup } from '../../auth/TotpSetup';
import { TextInput } from '../../forms/TextInput';
import { SettingsSection } from '../SettingsSection';
import { StepUpDialog } from './StepUpDialog';

const statusKey = ['mfa-status'] as const;
const passkeysKey = ['passkeys'] as const;

/** Settings → Security: the authenticator app, recovery codes and passkeys; and the "Confirm it's you" dialog. */
export function SecuritySection() {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: statusKey, queryFn: fetchMfaStatus });
  const passkeys = useQuery({ queryKey: passkeysKey, queryFn: listPasskeys });
  const [settingUp, setSettingUp] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: statusKey });
    await queryClient.invalidateQueries({ queryKey: passkeysKey });
  };

  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    setBusy(true);
    try {
      await action();
      await refresh();
    } catch (caught) {
      setError(passkeyErrorMessage(caught) ?? toApiError(caught).message);
    } finally {
      setBusy(false);
    }
  };

  const totpOn = status.data?.totp ?? false;
  return (
    <SettingsSection title={t('security.title')} description={t('security.description')}>
      <StepUpDialog />
      {error && <Alert severity="error">{error}</Alert>}
      {status.data?.required && !totpOn && (status.data.passkeys ?? 0) === 0 && (
        <Alert severity="info">{t('security.required')}</Alert>
      )}

      <Typography variant="subtitle1" component="h3">
        {t('security.totp')}
      </Typography>
      {codes ? (
        <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />
      ) : settingUp ? (
        <TotpSetup
          onCancel={() => setSettingUp(false)}
          onDone={() => {
            setSettingUp(false);
            void refresh();
          }}
        />
      ) : (
        <Stack spacing={1}>
          <Typography variant="body2" data-testid="totp-status">
            {status.isPending
              ? t('status.loading')
              : totpOn
                ? t('security.totpOn', { count: status.data?.recoveryCodesLeft ?? 0 })
                : t('security.totpOff')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            {totpOn ? (
              <>
                <Button
                  variant="outlined"
                  disabled={busy}
                  onClick={() => void run(async () => setCodes((await newRecoveryCodes()).recoveryCodes))}
                >
                  {t('security.newCodes')}
                </Button>
                <Button color="error" disabled={busy} onClick={() => void run(disableTotp)}>
                  {t('security.turnOff')}
                </Button>
              </>
            ) : (
              <Button
                variant="contained"
                disabled={busy || status.isPending}
                onClick={() => setSettingUp(true)}
              >
                {t('security.setUp')}
              </Button>
            )}
          </Stack>
        </Stack>
      )}

      <Divider />
      <Typography variant="subtitle1" component="h3">
        {t('security.passkeys')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('security.passkeysHelp')}
      </Typography>
      <PasskeyList passkeys={passkeys.data ?? []} busy={busy} run={run} />
      <AddPasskey busy={busy} run={run} />
    </SettingsSection>
  );
}

function PasskeyList({
  passkeys,
  busy,
  run,
}: {
  passkeys: Passkey[];
  busy: boolean;
  run: (action: () => Promise<unknown>) => Promise<void>;
}) {
  const { t } = useTranslation('settings');
  const [editing, setEditing] = useState<string | null>(null);
  const [name, setName] = useState('');
  const day = (iso: string) => new Date(iso).toLocaleDateString(currentLocale());
  if (passkeys.length === 0) return <Typography variant="body2">{t('security.noPasskeys')}</Typography>;
  return (
    <Stack
      component="ul"
      spacing={1}
      aria-label={t('security.yourPasskeys')}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {passkeys.map((passkey) => (
        <Stack
          component="li"
          key={passkey.id}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'center' } }}
        >
          {editing === passkey.id ? (
            <Stack
              component="form"
              direction="row"
              spacing={1}
              sx={{ flex: 1 }}
              onSubmit={(event: FormEvent) => {
                event.preventDefault();
                void run(async () => {
                  await renamePasskey(passkey.id, name.trim());
                  setEditing(null);
                });
              }}
            >
              <TextInput
                label={t('security.passkeyName')}
                value={name}
                onChange={setName}
                autoFocus
                required
              />
              <Button type="submit" disabled={busy || name.trim().length === 0}>
                {t('actions.save')}
              </Button>
            </Stack>
          ) : (
            <Stack sx={{ flex: 1 }}>
              <Typography variant="body1">{passkey.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('security.passkeyAdded', { date: day(passkey.createdAt) })}
                {passkey.lastUsedAt
                  ? ` · ${t('security.passkeyLastUsed', { date: day(passkey.lastUsedAt) })}`
                  : ''}
              </Typography>
            </Stack>
          )}
          <Stack direction="row" spacing={1}>
            {editing !== passkey.id && (
              <Button
                size="small"
                disabled={busy}
                onClick={() => {
                  setEditing(passkey.id);
                  setName(passkey.name);
                }}
              >
                {t('security.rename')}
              </Button>
            )}
            <Button
              size="small"
              color="error"
              disabled={busy}
              aria-label={t('security.removeLabel', { name: passkey.name })}
              onClick={() => void run(() => removePasskey(passkey.id))}
            >
              {t('actions.remove')}
            </Button>
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}

function AddPasskey({
  busy,
  run,
}: {
  busy: boolean;
  run: (action: () => Promise<unknown>) => Promise<void>;
}) {
  const { t } = useTranslation('settings');
  const [name, setName] = useState('');
  return (
    <Stack
      component="form"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void run(async () => {
          await addPasskey(name);
          setName('');
        });
      }}
    >
      <TextInput label={t('security.newPasskeyName')} value={name} onChange={setName} />
      <Button type="submit" variant="outlined" disabled={busy} sx={{ flexShrink: 0 }}>
        {t('security.addPasskey')}
      </Button>
    </Stack>
  );
}
