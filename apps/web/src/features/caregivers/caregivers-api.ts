import type { CaregiverInvite } from '@healthfolio/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const caregiversKey = ['caregivers'] as const;

/** The grants given and received; polled, so a revocation reaches the caregiver's switcher soon. */
export function useCaregivers(enabled = true) {
  return useQuery({
    queryKey: caregiversKey,
    enabled,
    refetchInterval: 60_000,
    queryFn: ({ signal }) => api.get('/api/caregivers', { signal }),
  });
}

export const inviteCaregiver = (input: CaregiverInvite) => api.post('/api/caregivers', { body: input });
export const acceptCaregiver = (id: string) => api.post('/api/caregivers/:id/accept', { params: { id } });
export const revokeCaregiver = (id: string) => api.delete('/api/caregivers/:id', { params: { id } });
