import {
  shareSections,
  type Share,
  type ShareCreated,
  type ShareSection,
  type ShlCreated,
  type UserSettings,
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
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../lib/api';
import { useReports } from '../reports/queries';
import { SettingsSection } from '../settings/SettingsSection';
import {
  createShare,
  createShl,
  formatDateTime,
  formatDay,
  revokeShare,
  sharesKey,
  useShares,
} from './shares-api';

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const EXPIRY_CHOICES = [1, 7, 30, 90];

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

function NewShareForm({
  settings,
  onCreated,
}: {
  settings: UserSettings;
  onCreated: (share: ShareCreated) => void;
}) {
  const { t } = useTranslation('shares');
  const queryClient = useQueryClient();
  const allowed = settings.dataSharing.allowedProviders;
  const [recipient, setRecipient] = useState(allowed[0] ?? '');
  const [sections, setSections] = useState<ShareSection[]>(['vitals', 'activity', 'labs']);
  const [from, setFrom] = useState(() => isoDay(Date.now() - 90 * DAY));
  const [to, setTo] = useState(() => isoDay(Date.now()));
  const [days, setDays] = useState(7);
  const [requireCode, setRequireCode] = useState(false);
  const [reportId, setReportId] = useState('');
  const reports = (useReports().data ?? []).filter((r) => r.status === 'succeeded');
  const offered = shareSections.filter(
    (s) =>
      (s !== 'insights' || settings.dataSharing.shareInsights) &&
      (s !== 'healthScore' || settings.dataSharing.shareHealthScore),
  );
  const add = useMutation({
    mutationFn: () =>
      createShare({
        recipient,
        sections,
        from,
        to,
        requireCode,
        expiresAt: new Date(Date.now() + days * DAY).toISOString(),
        ...(reportId ? { reportId } : {}),
      }),
    onSuccess: (share) => {
      onCreated(share);
      void queryClient.invalidateQueries({ queryKey: sharesKey });
    },
  });
  const toggle = (section: ShareSection, on: boolean) =>
    setSections((current) => (on ? [...current, section] : current.filter((s) => s !== section)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate();
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t('form.label')}>
      <Stack spacing={2}>
        {allowed.length > 0 ? (
          <TextField
            select
            label={t('form.recipient')}
            value={recipient}
            onChange={(e) => setRecipient(e.target.value)}
          >
            {allowed.map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <TextField
            label={t('form.recipient')}
            value={recipient}
            onChange={(e) => setRecipient(e.target.value)}
            placeholder={t('form.recipientExample')}
            required
          />
        )}
        <FormGroup>
          <FormLabel component="legend">{t('form.sections')}</FormLabel>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {offered.map((section) => (
              <FormControlLabel
                key={section}
                control={
                  <Checkbox
                    checked={sections.includes(section)}
                    onChange={(e) => toggle(section, e.target.checked)}
                  />
                }
                label={t(`sections.${section}`)}
              />
            ))}
          </Box>
        </FormGroup>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={t('form.from')}
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label={t('form.to')}
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            select
            label={t('form.expiry')}
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
          >
            {EXPIRY_CHOICES.map((d) => (
              <MenuItem key={d} value={d}>
                {t('form.days', { count: d })}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {reports.length > 0 && (
          <TextField
            select
            label={t('form.report')}
            value={reportId}
            onChange={(e) => setReportId(e.target.value)}
          >
            <MenuItem value="">{t('form.noReport')}</MenuItem>
            {reports.map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {t('form.reportOption', { from: formatDay(r.from), to: formatDay(r.to) })}
              </MenuItem>
            ))}
          </TextField>
        )}
        <FormControlLabel
          control={<Checkbox checked={requireCode} onChange={(e) => setRequireCode(e.target.checked)} />}
          label={t('form.requireCode')}
        />
        {add.isError && <Alert severity="error">{apiErrorMessage(add.error, t)}</Alert>}
        <div>
          <Button
            type="submit"
            variant="contained"
            disabled={add.isPending || recipient.trim() === '' || sections.length === 0}
          >
            {t('form.submit')}
          </Button>
        </div>
      </Stack>
    </Box>
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
