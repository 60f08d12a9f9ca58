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
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../auth';
import { writeProfile } from '../settings/profile-writes';
import { browserTimeZone } from '../settings/use-browser-time-zone';
import { onboardingKey, stepText, useOnboarding } from './onboarding-api';

/**
 * A new account's first-run checklist at the top of the Dashboard: each step ticked from what the server
 * holds (GET /api/onboarding), put away for good with the close button (stored in the settings). Shows
 * nothing once every step is done, once put away, or while it cannot be read.
 */
export function OnboardingChecklist() {
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
      setProblem('That could not be saved. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  const { units, timeZone } = profile.settings.preferences;
  const zone = timeZone ?? browserTimeZone() ?? 'UTC';
  const actions: Record<OnboardingStepKey, ReactNode> = {
    source: (
      <Button component={RouterLink} to="/data-sources" size="small" variant="outlined">
        Go to Sources
      </Button>
    ),
    preferences: (
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="body2">
          Now: {units === 'imperial' ? 'Imperial (lb, in, mi)' : 'Metric (kg, cm, km)'},{' '}
          {zone.replace(/_/g, ' ')}.
        </Typography>
        <Button
          size="small"
          variant="outlined"
          disabled={busy}
          onClick={() => void save({ preferences: { units, timeZone: zone } }, {})}
        >
          Keep these
        </Button>
        <Button component={RouterLink} to="/settings" size="small">
          Change in Settings
        </Button>
      </Stack>
    ),
    goal: (
      <Button component={RouterLink} to="/goals" size="small" variant="outlined">
        Set a goal
      </Button>
    ),
    mfa: (
      <Button component={RouterLink} to="/settings" size="small" variant="outlined">
        Set up in Settings
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
            Get started
          </Typography>
          <Typography variant="body2" color="text.secondary" id={`${headingId}-progress`}>
            {done} of {status.steps.length} done
          </Typography>
        </div>
        <IconButton
          aria-label="Hide the getting-started list"
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
          const text = stepText[step.key];
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
                <CheckCircle color="success" titleAccess="Done" sx={{ mt: 0.25 }} />
              ) : (
                <RadioButtonUnchecked color="disabled" titleAccess="To do" sx={{ mt: 0.25 }} />
              )}
              <Stack spacing={0.5} sx={{ minWidth: 0 }}>
                <Typography sx={step.done ? { color: 'text.secondary' } : { fontWeight: 500 }}>
                  {text.title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {step.done ? text.done : text.todo}
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
