import type { Share, ShareCreated, ShlCreated, UserSettings } from '@healthfolio/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../lib/api';
import { SettingsSection } from '../settings/SettingsSection';
import { NewShareForm } from './NewShareForm';
import { createShl, formatDateTime, formatDay, revokeShare, sharesKey, useShares } from './shares-api';

/**
 * Settings → Sharing: a read-only link for a named clinician — chosen sections, a period, an expiry —
 * with its optional code, its SMART Health Link, every time it was opened, and revocation.
 */
export function SharingSection({ settings }: { settings: UserSettings }) {
  const { t } = useTranslation('shares');
  const shares = useShares();
  const [created, setCreated] = useState<ShareCreated | null>(null);
  const enabled = settings.privacy.shareWithProviders;

  return (
    <SettingsSection title={t('settings.title')} description={t('settings.description')}>
      {enabled ? (
        <NewShareForm settings={settings} onCreated={setCreated} />
      ) : (
        <Alert severity="info">{t('settings.off')}</Alert>
      )}
      {created && <CreatedShare share={created} onClose={() => setCreated(null)} />}
      {shares.isPending && <CircularProgress aria-label={t('settings.loading')} size={24} />}
      {shares.isError && <Alert severity="error">{t('settings.loadFailed')}</Alert>}
      {shares.isSuccess && shares.data.length === 0 && (
        <Typography color="text.secondary">{t('settings.none')}</Typography>
      )}
      {shares.data?.map((share) => (
        <ShareItem key={share.id} share={share} />
      ))}
    </SettingsSection>
  );
}

function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('shares');
  const [copied, setCopied] = useState(false);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField label={label} value={value} fullWidth slotProps={{ htmlInput: { readOnly: true } }} />
      <Button
        onClick={() =>
          void navigator.clipboard?.writeText(value).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? t('common:actions.copied') : t('common:actions.copy')}
      </Button>
    </Stack>
  );
}

function CreatedShare({ share, onClose }: { share: ShareCreated; onClose: () => void }) {
  const { t } = useTranslation('shares');
  return (
    <Alert severity="success" onClose={onClose}>
      <Stack spacing={1}>
        <span>{t('created.text', { until: formatDateTime(share.expiresAt) })}</span>
        <CopyField label={t('created.link')} value={share.url} />
        {share.code && (
          <span>
            {t('created.code')} <strong aria-label={t('created.codeLabel')}>{share.code}</strong>
          </span>
        )}
      </Stack>
    </Alert>
  );
}

function ShareItem({ share }: { share: Share }) {
  const { t } = useTranslation('shares');
  const queryClient = useQueryClient();
  const [link, setLink] = useState<ShlCreated | null>(null);
  const revoke = useMutation({
    mutationFn: () => revokeShare(share.id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sharesKey }),
  });
  const shl = useMutation({ mutationFn: () => createShl(share.id), onSuccess: setLink });
  const active = share.status === 'active';

  return (
    <Box
      component="article"
      aria-label={t('item.label', { recipient: share.recipient })}
      sx={{ borderTop: 1, borderColor: 'divider', pt: 2 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 500 }}>{share.recipient}</Typography>
        <Chip size="small" color={active ? 'success' : 'default'} label={t(`item.status.${share.status}`)} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {share.sections.map((s) => t(`sections.${s}`)).join(' · ')} ·{' '}
        {t('item.period', { from: formatDay(share.from), to: formatDay(share.to) })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t(`item.when.${share.status}`, { at: formatDateTime(share.revokedAt ?? share.expiresAt) })}
        {share.requiresCode ? ` · ${t('item.asksCode')}` : ''}
        {share.reportId ? ` · ${t('item.withReport')}` : ''}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {share.views.length === 0 ? t('item.notOpened') : t('item.opened', { count: share.views.length })}
      </Typography>
      {share.views.length > 0 && (
        <Box component="ul" aria-label={t('item.views')} sx={{ m: 0, pl: 3 }}>
          {share.views.slice(0, 10).map((v, i) => (
            <Typography component="li" variant="body2" key={`${v.at}-${i}`}>
              {formatDateTime(v.at)} · {v.ip ?? t('item.unknownNetwork')} ·{' '}
              {v.userAgent ?? t('item.unknownBrowser')}
            </Typography>
          ))}
        </Box>
      )}
      {active && (
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }}>
          <Button size="small" variant="outlined" disabled={shl.isPending} onClick={() => shl.mutate()}>
            SMART Health Link
          </Button>
          <Button size="small" color="error" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
            {t('item.revoke')}
          </Button>
        </Stack>
      )}
      {revoke.isError && <Alert severity="error">{apiErrorMessage(revoke.error, t)}</Alert>}
      {shl.isError && <Alert severity="error">{apiErrorMessage(shl.error, t)}</Alert>}
      {link && active && (
        <Stack spacing={1} sx={{ mt: 1 }}>
          <Typography variant="body2">{t('item.shlText')}</Typography>
          <Box component="img" src={link.qr} alt={t('item.shlQr')} sx={{ width: 200, height: 200 }} />
          <CopyField label="SMART Health Link" value={link.shlink} />
        </Stack>
      )}
    </Box>
  );
}
