import type { ApiToken, ApiTokenCreate } from '@healthfolio/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { currentLocale } from '../../i18n';
import { api } from '../../lib/api';

export const apiTokensKey = ['api-tokens'] as const;

export function useApiTokens() {
  return useQuery({
    queryKey: apiTokensKey,
    queryFn: ({ signal }) => api.get('/api/tokens', { signal }),
    // Last use moves while the page is away: read it again each time the section shows.
    staleTime: 0,
  });
}

export const createApiToken = (input: ApiTokenCreate) => api.post('/api/tokens', { body: input });
export const revokeApiToken = (id: string) => api.delete('/api/tokens/:id', { params: { id } });

/** Expiry choices, in days; 0 is never (named by `settings:tokens.expiry.d<days>`). */
export const EXPIRY_CHOICES = [30, 90, 365, 0] as const;

/** The `expiresAt` of a choice made now. */
export const expiresAtFor = (days: number, now = Date.now()) =>
  days === 0 ? undefined : new Date(now + days * 86_400_000).toISOString();

/** "Created 3 Nov 2026 · expires 1 Feb 2027 · last used 22 Nov 2026, 14:02", in the person's language. */
export function describeToken(token: ApiToken, t: TFunction<'settings'>): string {
  const dateFormat = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium' });
  const timeFormat = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });
  const parts = [t('tokens.created', { date: dateFormat.format(new Date(token.createdAt)) })];
  parts.push(
    token.expiresAt
      ? t('tokens.expires', { date: dateFormat.format(new Date(token.expiresAt)) })
      : t('tokens.neverExpires'),
  );
  parts.push(
    token.lastUsedAt
      ? t('tokens.lastUsed', { time: timeFormat.format(new Date(token.lastUsedAt)) })
      : t('tokens.neverUsed'),
  );
  return parts.join(' · ');
}
