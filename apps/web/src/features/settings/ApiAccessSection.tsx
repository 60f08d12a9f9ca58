import { API_TOKEN_SCOPES, type ApiToken, type ApiTokenCreated, type ApiTokenScope } from '@healthfolio/core';
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
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('settings');
  const tokens = useApiTokens();
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);

  return (
    <SettingsSection title={t('tokens.title')} description={t('tokens.description')}>
      <Alert severity="info" component="div">
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('tokens.aiTitle')}
        </Typography>
        <Typography variant="body2">{t('tokens.aiText')}</Typography>
      </Alert>
      <CreateTokenForm onCreated={setCreated} />
      {created && <NewToken created={created} onClose={() => setCreated(null)} />}
      {tokens.isPending && <CircularProgress aria-label={t('tokens.loading')} size={24} />}
      {tokens.isError && <Alert severity="error">{t('tokens.loadFailed')}</Alert>}
      {tokens.isSuccess && tokens.data.length === 0 && (
        <Typography color="text.secondary">{t('tokens.empty')}</Typography>
      )}
      {tokens.data?.map((token) => (
        <TokenItem key={token.id} token={token} />
      ))}
    </SettingsSection>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (created: ApiTokenCreated) => void }) {
  const { t } = useTranslation('settings');
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
    <Box component="form" onSubmit={submit} noValidate aria-label={t('tokens.createLabel')}>
      <Stack spacing={2}>
        <TextField
          label={t('tokens.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder={t('tokens.namePlaceholder')}
          helperText={t('tokens.nameHelp')}
          required
          fullWidth
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <FormGroup>
          <FormLabel component="legend">{t('tokens.scopesLabel')}</FormLabel>
          {API_TOKEN_SCOPES.map((scope) => (
            <FormControlLabel
              key={scope}
              control={
                <Checkbox
                  checked={scopes.includes(scope)}
                  onChange={(e) => toggle(scope, e.target.checked)}
                />
              }
              label={t(`tokens.scopes.${scope.replace(':', '_')}`)}
            />
          ))}
        </FormGroup>
        <TextField
          select
          label={t('tokens.expiresAfter')}
          value={expiryDays}
          onChange={(e) => setExpiryDays(Number(e.target.value))}
          sx={{ maxWidth: 240 }}
        >
          {EXPIRY_CHOICES.map((days) => (
            <MenuItem key={days} value={days}>
              {t(`tokens.expiry.d${days}`)}
            </MenuItem>
          ))}
        </TextField>
        {error && (
          <Alert severity="error">
            {error.code === 'auth/step-up-required' ? t('tokens.stepUpRequired') : error.message}
          </Alert>
        )}
        <div>
          <Button
            type="submit"
            variant="contained"
            disabled={create.isPending || name.trim() === '' || scopes.length === 0}
          >
            {t('tokens.create')}
          </Button>
        </div>
      </Stack>
    </Box>
  );
}

function NewToken({ created, onClose }: { created: ApiTokenCreated; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = () => {
    navigator.clipboard.writeText(created.token).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <Alert severity="success" onClose={onClose}>
      {t('tokens.createdOnce')}
      <Box
        component="code"
        sx={{ display: 'block', my: 1, wordBreak: 'break-all' }}
        aria-label={t('tokens.newToken')}
      >
        {created.token}
      </Box>
      <Button size="small" variant="outlined" onClick={copy}>
        {t('tokens.copy')}
      </Button>
      {copied === true && (
        <Typography variant="body2" role="status" component="span" sx={{ ml: 1 }}>
          {t('tokens.copied')}
        </Typography>
      )}
      {copied === false && (
        <Typography variant="body2" role="status" component="span" sx={{ ml: 1 }}>
          {t('tokens.copyFailed')}
        </Typography>
      )}
    </Alert>
  );
}

function TokenItem({ token }: { token: ApiToken }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => revokeApiToken(token.id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiTokensKey }),
  });
  return (
    <Box
      component="article"
      aria-label={t('tokens.itemLabel', { name: token.name })}
      sx={{ borderTop: 1, borderColor: 'divider', pt: 2 }}
    >
      <Typography sx={{ fontWeight: 500, wordBreak: 'break-word' }}>
        {token.name}{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          ({token.hint}…)
        </Typography>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {token.scopes.map((s) => t(`tokens.scopes.${s.replace(':', '_')}`)).join(' · ')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {describeToken(token, t)}
      </Typography>
      <Button
        size="small"
        color="error"
        sx={{ mt: 1 }}
        disabled={revoke.isPending}
        onClick={() => revoke.mutate()}
      >
        {t('tokens.revoke')}
      </Button>
      {revoke.isError && <Alert severity="error">{toApiError(revoke.error).message}</Alert>}
    </Box>
  );
}
