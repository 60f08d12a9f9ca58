import { i18n } from '../../i18n';
import { api, apiErrorMessage } from '../../lib/api';

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

/** The error codes of RFC 6749 §4.1.2.1 whose reason is told in words (`common:oauth.refusals.<code>`). */
const REFUSALS = new Set([
  'invalid_request',
  'unauthorized_client',
  'unsupported_response_type',
  'invalid_scope',
  'server_error',
  'temporarily_unavailable',
]);

/**
 * What happened at the provider, in words: you declined (`access_denied`), or the provider refused and
 * why — never the raw code alone.
 */
export function oauthErrorText(error: string, description: string | null): string {
  if (error === 'access_denied') return i18n.t('common:oauth.declined');
  const why = REFUSALS.has(error)
    ? i18n.t(`common:oauth.refusals.${error}`)
    : i18n.t('common:oauth.answered', { error });
  const said = description && description !== error ? i18n.t('common:oauth.said', { description }) : '';
  return `${i18n.t('common:oauth.refused', { why })}${said}`;
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
  if (!code || !state) return to({ result: 'failed', message: i18n.t('common:oauth.noCode') });
  try {
    const result = await api.post('/api/integrations/oauth/callback', { body: { code, state } });
    return to({ result: 'connected', source: result.source.name });
  } catch (caught) {
    return to({ result: 'failed', message: apiErrorMessage(caught, (key) => i18n.t(key)) });
  }
}

/** The Sources page's banner for `?oauth=…`, or null when the page was not opened by a provider's return. */
export function readOAuthOutcome(params: URLSearchParams): OAuthOutcome | null {
  const result = params.get('oauth');
  if (result === 'connected') return { result, source: params.get('source') ?? '' };
  if (result === 'declined' || result === 'failed')
    return { result, message: params.get('message') || i18n.t('common:oauth.failed') };
  return null;
}
