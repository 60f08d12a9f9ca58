import {
  CAREGIVER_PERMISSION_LABELS,
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
import { toApiError } from '../../lib/api';
import { SettingsSection } from '../settings/SettingsSection';
import {
  acceptCaregiver,
  caregiversKey,
  inviteCaregiver,
  revokeCaregiver,
  useCaregivers,
} from './caregivers-api';

const STATUS_LABELS: Record<CaregiverStatus, string> = {
  pending: 'Invitation sent',
  active: 'Active',
  ended: 'Ended',
  revoked: 'Revoked',
};
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const formatDate = (iso: string) => dateOnly.format(new Date(iso));

/**
 * Settings → Caregivers: invite someone by email with chosen permissions and an optional end date; the
 * grants given and received, with accept and revoke. Anchored at #caregivers (the invitation mail's link).
 */
export function CaregiversSection() {
  const caregivers = useCaregivers();
  const given = caregivers.data?.given ?? [];
  const received = caregivers.data?.received ?? [];
  return (
    <Box id="caregivers" sx={{ scrollMarginTop: 80 }}>
      <SettingsSection
        title="Caregivers"
        description="Let someone you trust — a partner, a parent, a child — see or help with your data from their own account. You choose what they may do; you can revoke it at any time, and every access is in your security activity."
      >
        <InviteForm />
        {caregivers.isPending && <CircularProgress aria-label="Loading caregivers" size={24} />}
        {caregivers.isError && (
          <Alert severity="error">
            Could not load your caregivers: {toApiError(caregivers.error).message}
          </Alert>
        )}
        {caregivers.isSuccess && (
          <>
            <Typography variant="subtitle1" component="h3">
              People who care for you
            </Typography>
            {given.length === 0 && (
              <Typography color="text.secondary">You have not invited anyone.</Typography>
            )}
            {given.map((grant) => (
              <GivenItem key={grant.id} grant={grant} />
            ))}
            <Typography variant="subtitle1" component="h3">
              People you care for
            </Typography>
            {!caregivers.data.emailVerified && (
              <Alert severity="info">
                Invitations to you appear here once your email address is verified.
              </Alert>
            )}
            {caregivers.data.emailVerified && received.length === 0 && (
              <Typography color="text.secondary">No one has invited you as their caregiver.</Typography>
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
    <Box component="form" onSubmit={submit} noValidate aria-label="Invite a caregiver">
      <Stack spacing={2}>
        <TextField
          label="Caregiver’s email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
          autoComplete="off"
        />
        <FormGroup>
          <FormLabel component="legend">They may</FormLabel>
          {CAREGIVER_PERMISSIONS.map((permission) => (
            <FormControlLabel
              key={permission}
              control={
                <Checkbox
                  checked={permissions.includes(permission)}
                  onChange={(e) => toggle(permission, e.target.checked)}
                />
              }
              label={CAREGIVER_PERMISSION_LABELS[permission]}
            />
          ))}
        </FormGroup>
        <TextField
          label="Access ends on (optional)"
          type="date"
          value={endsOn}
          onChange={(e) => setEndsOn(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          helperText="Leave empty for access until you revoke it."
          sx={{ maxWidth: 280 }}
        />
        {invite.isError && <Alert severity="error">{toApiError(invite.error).message}</Alert>}
        {sent && (
          <Alert severity="success">
            Invitation sent to {sent}. They accept it under Settings → Caregivers, once signed in with that
            address.
          </Alert>
        )}
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={invite.isPending || email.trim() === '' || permissions.length === 0}
          >
            Invite caregiver
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function GrantDetails({ grant }: { grant: CaregiverGiven | CaregiverReceived }) {
  return (
    <>
      <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap', mt: 1 }}>
        <Chip
          size="small"
          label={STATUS_LABELS[grant.status]}
          color={grant.status === 'active' ? 'success' : 'default'}
        />
        {grant.permissions.map((p) => (
          <Chip key={p} size="small" variant="outlined" label={CAREGIVER_PERMISSION_LABELS[p]} />
        ))}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {grant.endsAt ? `Access ends on ${formatDate(grant.endsAt)}.` : 'No end date.'}
        {grant.revokedAt && ` Revoked on ${formatDate(grant.revokedAt)}.`}
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
  const headingId = useId();
  const revoke = useGrantAction(revokeCaregiver);
  const open = grant.status === 'pending' || grant.status === 'active';
  const who = grant.caregiverName ? `${grant.caregiverName} (${grant.email})` : grant.email;
  return (
    <Paper component="article" variant="outlined" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} variant="subtitle2" component="h4">
        Caregiver {who}
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
          Revoke
        </Button>
      )}
    </Paper>
  );
}

function ReceivedItem({ grant }: { grant: CaregiverReceived }) {
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
            Accept
          </Button>
        )}
        {(grant.status === 'pending' || grant.status === 'active') && (
          <Button
            color="error"
            size="small"
            disabled={revoke.isPending}
            onClick={() => revoke.mutate(grant.id)}
          >
            {grant.status === 'pending' ? 'Decline' : 'Give up access'}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
