import type { CaregiverGiven, CaregiverInvite, CaregiverList, CaregiverReceived } from '@healthfolio/core';
import { useQuery } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost } from '../../lib/api';

export const caregiversKey = ['caregivers'] as const;

/** The grants given and received; polled, so a revocation reaches the caregiver's switcher soon. */
export function useCaregivers(enabled = true) {
  return useQuery({
    queryKey: caregiversKey,
    enabled,
    refetchInterval: 60_000,
    queryFn: ({ signal }) => apiGet<CaregiverList>('/caregivers', { signal }),
  });
}

export const inviteCaregiver = (input: CaregiverInvite) => apiPost<CaregiverGiven>('/caregivers', input);
export const acceptCaregiver = (id: string) => apiPost<CaregiverReceived>(`/caregivers/${id}/accept`);
export const revokeCaregiver = (id: string) => apiDelete<void>(`/caregivers/${id}`);
