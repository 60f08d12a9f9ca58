import CheckCircle from '@mui/icons-material/CheckCircle';
import Close from '@mui/icons-material/Close';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OnboardingStatus, OnboardingStepKey } from '@healthfolio/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../auth';
import { writeProfile } from '../settings/profile-writes';
import { browserTimeZone } from '../settings/use-browser-time-zone';
import { onboardingKey, useOnboarding } from './onboarding-api';

/**
 * A new account's first-run checklist at the top of the Dashboard: each step ticked from what the server
 * holds (GET /api/onboarding), put away for good with the close button (stored in the settings). Shows
 * nothing once every step is done, once put away, or while it cannot be read.
 */
export function OnboardingChecklist() {
  const { t } = useTranslation('onboarding');
  const headingId = useId();
  const query = useOnboarding();
  const queryClient = useQueryClient();
  const { profile } = useAuth();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const status = query.data;
  if (!profile || !status || !Array.isArray(status.steps) || status.dismissed || status.complete) return null;

  const save = async (
    patch: Parameters<typeof writeProfile>[2]['settings'],
    after: Partial<OnboardingStatus>,
  ) => {
    setBusy(true);
    setProblem(null);
    try {
      await writeProfile(queryClient, profile.id, { settings: patch });
      queryClient.setQueryData<OnboardingStatus>(
        onboardingKey,
        (current) => current && { ...current, ...after },
      );
      await queryClient.invalidateQueries({ queryKey: onboardingKey });
    } catch {
      setProblem(t('saveFailed'));
    } finally {
      setBusy(false);
    }
  };
  const { units, timeZone } = profile.settings.preferences;
  const zone = timeZone ?? browserTimeZone() ?? 'UTC';
  const actions: Record<OnboardingStepKey, ReactNode> = {
    source: (
      <Button component={RouterLink} to="/data-sources" size="small" variant="outlined">
        {t('actions.sources')}
      </Button>
    ),
    preferences: (
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="body2">
          {t('preferencesNow', {
            units: units === 'imperial' ? t('units.imperial') : t('units.metric'),
            zone: zone.replace(/_/g, ' '),
          })}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          disabled={busy}
          onClick={() => void save({ preferences: { units, timeZone: zone } }, {})}
        >
          {t('actions.keep')}
        </Button>
        <Button component={RouterLink} to="/settings" size="small">
          {t('actions.change')}
        </Button>
      </Stack>
    ),
    goal: (
      <Button component={RouterLink} to="/goals" size="small" variant="outlined">
        {t('actions.goal')}
      </Button>
    ),
    mfa: (
      <Button component={RouterLink} to="/settings" size="small" variant="outlined">
        {t('actions.mfa')}
      </Button>
    ),
  };
  const done = status.steps.filter((step) => step.done).length;

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
        <div>
          <Typography id={headingId} variant="h6" component="h2">
            {t('title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" id={`${headingId}-progress`}>
            {t('progress', { done, count: status.steps.length })}
          </Typography>
        </div>
        <IconButton
          aria-label={t('hide')}
          disabled={busy}
          onClick={() => void save({ preferences: { onboardingDismissed: true } }, { dismissed: true })}
        >
          <Close />
        </IconButton>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={(done / status.steps.length) * 100}
        aria-labelledby={`${headingId}-progress`}
        sx={{ my: 1.5, borderRadius: 1 }}
      />
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {status.steps.map((step) => {
          return (
            <Stack
              component="li"
              key={step.key}
              direction="row"
              spacing={1.5}
              data-step={step.key}
              data-done={step.done}
              sx={{ alignItems: 'flex-start' }}
            >
              {step.done ? (
                <CheckCircle color="success" titleAccess={t('done')} sx={{ mt: 0.25 }} />
              ) : (
                <RadioButtonUnchecked color="disabled" titleAccess={t('todo')} sx={{ mt: 0.25 }} />
              )}
              <Stack spacing={0.5} sx={{ minWidth: 0 }}>
                <Typography sx={step.done ? { color: 'text.secondary' } : { fontWeight: 500 }}>
                  {t(`steps.${step.key}.title`)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {step.done ? t(`steps.${step.key}.done`) : t(`steps.${step.key}.todo`)}
                </Typography>
                {!step.done && <div>{actions[step.key]}</div>}
              </Stack>
            </Stack>
          );
        })}
      </Stack>
      {problem && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {problem}
        </Typography>
      )}
    </Paper>
  );
}
