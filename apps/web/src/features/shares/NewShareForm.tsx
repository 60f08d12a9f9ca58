import { shareSections, type ShareCreated, type ShareSection, type UserSettings } from '@healthfolio/core';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../lib/api';
import { useReports } from '../reports/queries';
import { createShare, formatDay, sharesKey } from './shares-api';

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const EXPIRY_CHOICES = [1, 7, 30, 90];

/** Settings → Sharing's form: a link for a clinician — recipient, sections, period, expiry, report, code. */
export function NewShareForm({
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
