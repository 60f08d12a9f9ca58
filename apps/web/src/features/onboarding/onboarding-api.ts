import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const onboardingKey = ['onboarding'] as const;

export const fetchOnboarding = (signal?: AbortSignal) => api.get('/api/onboarding', { signal });

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
