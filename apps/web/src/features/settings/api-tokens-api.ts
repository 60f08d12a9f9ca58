import type { ApiToken, ApiTokenCreate, ApiTokenCreated } from '@healthfolio/core';
import { useQuery } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost } from '../../lib/api';

export const apiTokensKey = ['api-tokens'] as const;

export function useApiTokens() {
  return useQuery({
    queryKey: apiTokensKey,
    queryFn: ({ signal }) => apiGet<ApiToken[]>('/tokens', { signal }),
    // Last use moves while the page is away: read it again each time the section shows.
    staleTime: 0,
  });
}

export const createApiToken = (input: ApiTokenCreate) => apiPost<ApiTokenCreated>('/tokens', input);
export const revokeApiToken = (id: string) => apiDelete<void>(`/tokens/${id}`);

/** Expiry choices, in days; 0 is never. */
export const EXPIRY_CHOICES = [
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: '1 year' },
  { days: 0, label: 'Never' },
] as const;

/** The `expiresAt` of a choice made now. */
export const expiresAtFor = (days: number, now = Date.now()) =>
  days === 0 ? undefined : new Date(now + days * 86_400_000).toISOString();

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Created 3 Nov 2026 · expires 1 Feb 2027 · last used 22 Nov 2026, 14:02", in words. */
export function describeToken(token: ApiToken): string {
  const parts = [`Created ${dateFormat.format(new Date(token.createdAt))}`];
  parts.push(token.expiresAt ? `expires ${dateFormat.format(new Date(token.expiresAt))}` : 'never expires');
  parts.push(token.lastUsedAt ? `last used ${timeFormat.format(new Date(token.lastUsedAt))}` : 'never used');
  return parts.join(' · ');
}
