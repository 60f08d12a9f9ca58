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

/** Why a provider refused, in words, for the error codes of RFC 6749 §4.1.2.1. */
const REFUSALS: Record<string, string> = {
  invalid_request: 'the request to it was not valid',
  unauthorized_client:
    'this server’s app may not connect to it — whoever runs this server should check the app’s settings',
  unsupported_response_type: 'it does not support how this server asked',
  invalid_scope: 'it does not allow the access Healthfolio asked for',
  server_error: 'it had a problem on its side — try again in a few minutes',
  temporarily_unavailable: 'it is busy or down for the moment — try again in a few minutes',
};

/**
 * What happened at the provider, in words: you declined (`access_denied`), or the provider refused and
 * why — never the raw code alone.
 */
export function oauthErrorText(error: string, description: string | null): string {
  if (error === 'access_denied') return 'You declined to connect, so nothing was shared with Healthfolio.';
  const why = REFUSALS[error] ?? `it answered “${error}”`;
  const said = description && description !== error ? ` It said: “${description}”.` : '';
  return `The provider refused the connection: ${why}.${said}`;
}

/** The outcome of a return from a provider, as the Sources page tells it. */
export type OAuthOutcome =
  { result: 'connected'; source: string } | { result: 'declined' | 'failed'; message: string };

/**
 * Finishes an OAuth connection and answers the path to show next: the Sources page with the result in
 * words (`?oauth=connected|declined|failed`), or — for a visitor no longer signed in — /oauth-success or
 * /oauth-error.
 */
export async function completeOAuth(
  { code, state, error, errorDescription }: OAuthCallbackParams,
  signedIn = true,
): Promise<string> {
  const to = (outcome: OAuthOutcome) => {
    if (signedIn) {
      const query: Record<string, string> =
        outcome.result === 'connected'
          ? { oauth: 'connected', source: outcome.source }
          : { oauth: outcome.result, message: outcome.message };
      return `/data-sources?${new URLSearchParams(query).toString()}`;
    }
    return outcome.result === 'connected'
      ? `/oauth-success?${new URLSearchParams({ source: outcome.source }).toString()}`
      : `/oauth-error?${new URLSearchParams({ message: outcome.message }).toString()}`;
  };
  if (error)
    return to({
      result: error === 'access_denied' ? 'declined' : 'failed',
      message: oauthErrorText(error, errorDescription),
    });
  if (!code || !state)
    return to({ result: 'failed', message: 'The provider did not send an authorization code.' });
  try {
    const result = await apiPost<{ source?: Pick<DataSource, 'name'> }>('/integrations/oauth/callback', {
      code,
      state,
    });
    return to({ result: 'connected', source: result.source?.name ?? '' });
  } catch (caught) {
    return to({ result: 'failed', message: toApiError(caught).message });
  }
}

/** The Sources page's banner for `?oauth=…`, or null when the page was not opened by a provider's return. */
export function readOAuthOutcome(params: URLSearchParams): OAuthOutcome | null {
  const result = params.get('oauth');
  if (result === 'connected') return { result, source: params.get('source') ?? '' };
  if (result === 'declined' || result === 'failed')
    return { result, message: params.get('message') || 'The connection could not be completed.' };
  return null;
}
