import type { OnboardingStatus, OnboardingStepKey } from '@healthfolio/core';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';

export const onboardingKey = ['onboarding'] as const;

export const fetchOnboarding = (signal?: AbortSignal) => apiGet<OnboardingStatus>('/onboarding', { signal });

/**
 * The checklist's state as the server derives it. Read again whenever the Dashboard mounts or the window
 * regains focus, so a step done elsewhere (a goal set, a source connected) is ticked on return.
 */
export function useOnboarding() {
  return useQuery({
    queryKey: onboardingKey,
    queryFn: ({ signal }) => fetchOnboarding(signal),
    staleTime: 0,
  });
}

/** What each step says, and where it is done. */
export const stepText: Record<OnboardingStepKey, { title: string; todo: string; done: string }> = {
  source: {
    title: 'Add a source or import a file',
    todo: 'Connect a wearable, a lab or a health app — or import an export file.',
    done: 'Your data has somewhere to come from.',
  },
  preferences: {
    title: 'Set your units and time zone',
    todo: 'Your days are counted in your time zone, and values shown in your units.',
    done: 'Units and time zone chosen.',
  },
  goal: {
    title: 'Set a goal',
    todo: 'Steps a day, sleep, weight by a date — anything you measure.',
    done: 'A goal is set.',
  },
  mfa: {
    title: 'Turn on two-step sign-in',
    todo: 'A code from an authenticator app or a passkey, besides your password.',
    done: 'Two-step sign-in is on.',
  },
};
