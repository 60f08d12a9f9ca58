import type { DataSource } from '@healthfolio/core';
import { apiPost, toApiError } from '../../lib/api';

export interface OAuthCallbackParams {
  code: string | null;
  state: string | null;
  error: string | null;
  errorDescription: string | null;
}

export function readOAuthParams(params: URLSearchParams): OAuthCallbackParams {
  return {
    code: params.get('code'),
    state: params.get('state'),
    error: params.get('error'),
    errorDescription: params.get('error_description'),
  };
}

/** Finishes an OAuth connection and answers the path to show next: /oauth-success or /oauth-error. */
export async function completeOAuth({
  code,
  state,
  error,
  errorDescription,
}: OAuthCallbackParams): Promise<string> {
  const failure = (message: string) => `/oauth-error?${new URLSearchParams({ message }).toString()}`;
  if (error) return failure(errorDescription ?? error);
  if (!code || !state) return failure('The provider did not send an authorization code.');
  try {
    const result = await apiPost<{ source?: Pick<DataSource, 'name'> }>('/integrations/oauth/callback', {
      code,
      state,
    });
    return `/oauth-success?${new URLSearchParams({ source: result.source?.name ?? '' }).toString()}`;
  } catch (caught) {
    return failure(toApiError(caught).message);
  }
}
