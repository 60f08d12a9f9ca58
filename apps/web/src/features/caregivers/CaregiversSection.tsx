import {
  CAREGIVER_PERMISSIONS,
  type CaregiverGiven,
  type CaregiverPermission,
  type CaregiverReceived,
  type CaregiverStatus,
} from '@healthfolio/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';
import { toApiError } from '../../lib/api';
import { SettingsSection } from '../settings/SettingsSection';
import {
  acceptCaregiver,
  caregiversKey,
  inviteCaregiver,
  revokeCaregiver,
  useCaregivers,
} from './caregivers-api';

const formatDate = (iso: string) =>
  new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium' }).format(new Date(iso));
/** A grant's status, keyed by the server's code; the code itself for one this build does not know. */
const statusKey = (status: CaregiverStatus) => `status.${status}` as const;

/**
 * Settings → Caregivers: invite someone by email with chosen permissions and an optional end date; the
 * grants given and received, with accept and revoke. Anchored at #caregivers (the invitation mail's link).
 */
export function CaregiversSection() {
  const { t } = useTranslation('caregivers');
  const caregivers = useCaregivers();
  const given = caregivers.data?.given ?? [];
  const received = caregivers.data?.received ?? [];
  return (
    <Box id="caregivers" sx={{ scrollMarginTop: 80 }}>
      <SettingsSection title={t('section.title')} description={t('section.description')}>
        <InviteForm />
        {caregivers.isPending && <CircularProgress aria-label={t('section.loading')} size={24} />}
        {caregivers.isError && (
          <Alert severity="error">
            {t('section.loadError', { message: toApiError(caregivers.error).message })}
          </Alert>
        )}
        {caregivers.isSuccess && (
          <>
            <Typography variant="subtitle1" component="h3">
              {t('section.given')}
            </Typography>
            {given.length === 0 && <Typography color="text.secondary">{t('section.noneGiven')}</Typography>}
            {given.map((grant) => (
              <GivenItem key={grant.id} grant={grant} />
            ))}
            <Typography variant="subtitle1" component="h3">
              {t('section.received')}
            </Typography>
            {!caregivers.data.emailVerified && <Alert severity="info">{t('section.verifyFirst')}</Alert>}
            {caregivers.data.emailVerified && received.length === 0 && (
              <Typography color="text.secondary">{t('section.noneReceived')}</Typography>
            )}
            {received.map((grant) => (
              <ReceivedItem key={grant.id} grant={grant} />
            ))}
          </>
        )}
      </SettingsSection>
    </Box>
  );
}

function InviteForm() {
  const { t } = useTranslation('caregivers');
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [permissions, setPermissions] = useState<CaregiverPermission[]>(['metrics']);
  const [endsOn, setEndsOn] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const invite = useMutation({
    mutationFn: () =>
      inviteCaregiver({
        email,
        permissions,
        // The end of the chosen day, in the person's own time zone.
        ...(endsOn ? { endsAt: new Date(`${endsOn}T23:59:59`).toISOString() } : {}),
      }),
    onSuccess: (grant) => {
      setSent(grant.email);
      setEmail('');
      setEndsOn('');
      void queryClient.invalidateQueries({ queryKey: caregiversKey });
    },
  });
  const toggle = (permission: CaregiverPermission, on: boolean) =>
    setPermissions((current) => (on ? [...current, permission] : current.filter((p) => p !== permission)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSent(null);
    invite.mutate();
  };
  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t('invite.form')}>
      <Stack spacing={2}>
        <TextField
          label={t('invite.email')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
          autoComplete="off"
        />
        <FormGroup>
          <FormLabel component="legend">{t('invite.mayDo')}</FormLabel>
          {CAREGIVER_PERMISSIONS.map((permission) => (
            <FormControlLabel
              key={permission}
              control={
                <Checkbox
                  checked={permissions.includes(permission)}
                  onChange={(e) => toggle(permission, e.target.checked)}
                />
              }
              label={t(`permission.${permission}`)}
            />
          ))}
        </FormGroup>
        <TextField
          label={t('invite.endsOn')}
          type="date"
          value={endsOn}
          onChange={(e) => setEndsOn(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          helperText={t('invite.endsOnHelp')}
          sx={{ maxWidth: 280 }}
        />
        {invite.isError && <Alert severity="error">{toApiError(invite.error).message}</Alert>}
        {sent && <Alert severity="success">{t('invite.sent', { email: sent })}</Alert>}
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={invite.isPending || email.trim() === '' || permissions.length === 0}
          >
            {t('invite.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function GrantDetails({ grant }: { grant: CaregiverGiven | CaregiverReceived }) {
  const { t, i18n } = useTranslation('caregivers');
  return (
    <>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', mt: 1 }}>
        <Chip
          size="small"
          label={
            i18n.exists(`caregivers:${statusKey(grant.status)}`) ? t(statusKey(grant.status)) : grant.status
          }
          color={grant.status === 'active' ? 'success' : 'default'}
        />
        {grant.permissions.map((p) => (
          <Chip key={p} size="small" variant="outlined" label={t(`permission.${p}`)} />
        ))}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {grant.endsAt ? t('grant.endsOn', { date: formatDate(grant.endsAt) }) : t('grant.noEnd')}
        {grant.revokedAt && ` ${t('grant.revokedOn', { date: formatDate(grant.revokedAt) })}`}
      </Typography>
    </>
  );
}

function useGrantAction(action: (id: string) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: caregiversKey }),
  });
}

function GivenItem({ grant }: { grant: CaregiverGiven }) {
  const { t } = useTranslation('caregivers');
  const headingId = useId();
  const revoke = useGrantAction(revokeCaregiver);
  const open = grant.status === 'pending' || grant.status === 'active';
  const who = grant.caregiverName ? `${grant.caregiverName} (${grant.email})` : grant.email;
  return (
    <Paper component="article" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="subtitle2" component="h4">
        {t('grant.caregiver', { who })}
      </Typography>
      <GrantDetails grant={grant} />
      {revoke.isError && <Alert severity="error">{toApiError(revoke.error).message}</Alert>}
      {open && (
        <Button
          color="error"
          size="small"
          sx={{ mt: 1 }}
          disabled={revoke.isPending}
          onClick={() => revoke.mutate(grant.id)}
        >
          {t('grant.revoke')}
        </Button>
      )}
    </Paper>
  );
}

function ReceivedItem({ grant }: { grant: CaregiverReceived }) {
  const { t } = useTranslation('caregivers');
  const headingId = useId();
  const accept = useGrantAction(acceptCaregiver);
  const revoke = useGrantAction(revokeCaregiver);
  const error = accept.error ?? revoke.error;
  return (
    <Paper component="article" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="subtitle2" component="h4">
        {grant.personName} ({grant.personEmail})
      </Typography>
      <GrantDetails grant={grant} />
      {error && <Alert severity="error">{toApiError(error).message}</Alert>}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        {grant.status === 'pending' && (
          <Button
            variant="contained"
            size="small"
            disabled={accept.isPending}
            onClick={() => accept.mutate(grant.id)}
          >
            {t('grant.accept')}
          </Button>
        )}
        {(grant.status === 'pending' || grant.status === 'active') && (
          <Button
            color="error"
            size="small"
            disabled={revoke.isPending}
            onClick={() => revoke.mutate(grant.id)}
          >
            {grant.status === 'pending' ? t('grant.decline') : t('grant.giveUp')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
