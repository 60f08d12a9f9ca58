import { describe, expect, it } from 'vitest';
import { onApi } from '../../test/msw';
import { completeOAuth, oauthErrorText, readOAuthOutcome } from './oauth-callback';

const params = (over: Partial<Record<'code' | 'state' | 'error' | 'errorDescription', string>>) => ({
  code: null,
  state: null,
  error: null,
  errorDescription: null,
  ...over,
});

const outcomeOf = (path: string) => {
  const url = new URL(path, 'http://localhost');
  return { path: url.pathname, outcome: readOAuthOutcome(url.searchParams) };
};

describe('OAuth returns', () => {
  it('tells a denial in words inside the app, never the raw access_denied', async () => {
    const to = await completeOAuth(params({ error: 'access_denied', errorDescription: 'access_denied' }));
    expect(outcomeOf(to)).toEqual({
      path: '/data-sources',
      outcome: {
        result: 'declined',
        message: 'You declined to connect, so nothing was shared with Healthfolio.',
      },
    });
  });

  it('tells why the provider refused', () => {
    expect(oauthErrorText('invalid_scope', null)).toBe(
      'The provider refused the connection: it does not allow the access Healthfolio asked for.',
    );
    expect(oauthErrorText('server_error', 'Upstream timeout')).toBe(
      'The provider refused the connection: it had a problem on its side — try again in a few minutes. It said: “Upstream timeout”.',
    );
  });

  it('lands a connection on Sources with the source’s name', async () => {
    const callbacks = onApi('post', '/api/integrations/oauth/callback', { source: { name: 'Oura' } });
    const to = await completeOAuth(params({ code: 'c', state: 's' }));
    expect(callbacks).toHaveLength(1);
    expect(outcomeOf(to)).toEqual({
      path: '/data-sources',
      outcome: { result: 'connected', source: 'Oura' },
    });
  });

  it('uses the pages of their own for a visitor no longer signed in', async () => {
    const to = await completeOAuth(params({ error: 'access_denied' }), false);
    expect(to).toBe(
      `/oauth-error?${new URLSearchParams({ message: 'You declined to connect, so nothing was shared with Healthfolio.' })}`,
    );
  });
});
