import {
  API_TOKEN_SCOPE_LABELS,
  API_TOKEN_SCOPES,
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenScope,
} from '@healthfolio/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toApiError } from '../../lib/api';
import {
  apiTokensKey,
  createApiToken,
  describeToken,
  EXPIRY_CHOICES,
  expiresAtFor,
  revokeApiToken,
  useApiTokens,
} from './api-tokens-api';
import { SettingsSection } from './SettingsSection';

/** Settings → API access: personal access tokens for scripts and AI assistants (issue 27). */
export function ApiAccessSection() {
  const tokens = useApiTokens();
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);

  return (
    <SettingsSection
      title="API access"
      description="Personal access tokens let your own scripts, spreadsheets and AI assistant read your data through the API, limited to the scopes you tick. Anyone holding a token can use it: revoke it when you no longer need it."
    >
      <Alert severity="info" component="div">
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          What an AI assistant can see
        </Typography>
        <Typography variant="body2">
          A token with the “AI assistant (MCP)” scope lets an assistant read your metrics, lab results with
          their ranges, clinical records (conditions, medications, allergies), insights and goals — and add
          measurements only if the token can also add them. It never sees your name, email or password, and
          what it reads may be sent to the assistant’s provider. Every call is listed under Security activity.
        </Typography>
      </Alert>
      <CreateTokenForm onCreated={setCreated} />
      {created && <NewToken created={created} onClose={() => setCreated(null)} />}
      {tokens.isPending && <CircularProgress aria-label="Loading API tokens" size={24} />}
      {tokens.isError && <Alert severity="error">Could not load your API tokens.</Alert>}
      {tokens.isSuccess && tokens.data.length === 0 && (
        <Typography color="text.secondary">No API tokens yet.</Typography>
      )}
      {tokens.data?.map((token) => (
        <TokenItem key={token.id} token={token} />
      ))}
    </SettingsSection>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (created: ApiTokenCreated) => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>(['metrics:read']);
  const [expiryDays, setExpiryDays] = useState<number>(90);
  const create = useMutation({
    mutationFn: () => {
      const expiresAt = expiresAtFor(expiryDays);
      return createApiToken({ name: name.trim(), scopes, ...(expiresAt ? { expiresAt } : {}) });
    },
    onSuccess: (created) => {
      setName('');
      onCreated(created);
      void queryClient.invalidateQueries({ queryKey: apiTokensKey });
    },
  });
  const toggle = (scope: ApiTokenScope, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate();
  };
  const error = create.isError ? toApiError(create.error) : null;

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Create an API token">
      <Stack spacing={2}>
        <TextField
          label="Token name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="Home dashboard"
          helperText="So you can tell your tokens apart"
          required
          fullWidth
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <FormGroup>
          <FormLabel component="legend">What it may do</FormLabel>
          {API_TOKEN_SCOPES.map((scope) => (
            <FormControlLabel
              key={scope}
              control={
                <Checkbox
                  checked={scopes.includes(scope)}
                  onChange={(e) => toggle(scope, e.target.checked)}
                />
              }
              label={API_TOKEN_SCOPE_LABELS[scope]}
            />
          ))}
        </FormGroup>
        <TextField
          select
          label="Expires after"
          value={expiryDays}
          onChange={(e) => setExpiryDays(Number(e.target.value))}
          sx={{ maxWidth: 240 }}
        >
          {EXPIRY_CHOICES.map((choice) => (
            <MenuItem key={choice.days} value={choice.days}>
              {choice.label}
            </MenuItem>
          ))}
        </TextField>
        {error && (
          <Alert severity="error">
            {error.code === 'auth/step-up-required'
              ? 'Creating a token needs you to confirm it’s you. Try again and confirm with your code or password.'
              : error.message}
          </Alert>
        )}
        <div>
          <Button
            type="submit"
            variant="contained"
            disabled={create.isPending || name.trim() === '' || scopes.length === 0}
          >
            Create token
          </Button>
        </div>
      </Stack>
    </Box>
  );
}

function NewToken({ created, onClose }: { created: ApiTokenCreated; onClose: () => void }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = () => {
    navigator.clipboard.writeText(created.token).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <Alert severity="success" onClose={onClose}>
      Token created. Copy it now: it is shown only once and cannot be seen again.
      <Box
        component="code"
        sx={{ display: 'block', my: 1, wordBreak: 'break-all' }}
        aria-label="New API token"
      >
        {created.token}
      </Box>
      <Button size="small" variant="outlined" onClick={copy}>
        Copy token
      </Button>
      {copied === true && (
        <Typography variant="body2" role="status" component="span" sx={{ ml: 1 }}>
          Copied to the clipboard.
        </Typography>
      )}
      {copied === false && (
        <Typography variant="body2" role="status" component="span" sx={{ ml: 1 }}>
          Could not copy: select the token and copy it by hand.
        </Typography>
      )}
    </Alert>
  );
}

function TokenItem({ token }: { token: ApiToken }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => revokeApiToken(token.id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiTokensKey }),
  });
  return (
    <Box
      component="article"
      aria-label={`API token ${token.name}`}
      sx={{ borderTop: 1, borderColor: 'divider', pt: 2 }}
    >
      <Typography sx={{ fontWeight: 500, wordBreak: 'break-word' }}>
        {token.name}{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          ({token.hint}…)
        </Typography>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {token.scopes.map((s) => API_TOKEN_SCOPE_LABELS[s]).join(' · ')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {describeToken(token)}
      </Typography>
      <Button
        size="small"
        color="error"
        sx={{ mt: 1 }}
        disabled={revoke.isPending}
        onClick={() => revoke.mutate()}
      >
        Revoke
      </Button>
      {revoke.isError && <Alert severity="error">{toApiError(revoke.error).message}</Alert>}
    </Box>
  );
}
