import type { ConnectorManifest, OAuthSettings } from '@healthfolio/connectors';
import { describe, expect, it } from 'vitest';
import { ProviderError, ReauthRequired } from '../provider-errors';
import { exchangeCode, refreshTokens, revokeToken, type ProviderEndpoints } from './index';

const NOW = Date.parse('2026-11-22T12:00:00Z');

const manifestOf = (oauth: Partial<OAuthSettings>) =>
  ({
    oauth: {
      authorizePath: '/authorize',
      tokenPath: '/token',
      scopes: [],
      pkce: false,
      clientAuth: 'body',
      ...oauth,
    },
  }) as ConnectorManifest;

const endpointsAt = (base: string, more: Partial<ProviderEndpoints> = {}): ProviderEndpoints => ({
  name: 'Provider',
  apiBaseUrl: base,
  authBaseUrl: base,
  authorizeBaseUrl: base,
  clientId: 'test-client',
  clientSecret: 'test-secret',
  ...more,
});

interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

/** A fetch that answers `answer` and keeps what it was asked. */
function answering(answer: unknown, status = 200) {
  const seen: Seen[] = [];
  const fetcher = (async (url: string, init: RequestInit) => {
    seen.push({
      url,
      method: init.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: String(init.body ?? ''),
    });
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fetcher, seen };
}

const TOKENS = { token_type: 'Bearer', access_token: 'a1', refresh_token: 'r1', expires_in: 3600 };

describe('the OAuth client on oauth4webapi', () => {
  it("unwraps Withings' envelope, and reads its refusal on HTTP 200 as one", async () => {
    const settings = { tokenParams: { action: 'requesttoken' } };
    const ok = answering({ status: 0, body: { ...TOKENS, userid: 42 } });
    const tokens = await exchangeCode(
      manifestOf(settings),
      endpointsAt('https://wbsapi.example'),
      'code',
      'https://app.example/oauth/callback',
      null,
      NOW,
      ok.fetcher,
    );
    expect(tokens).toEqual({
      accessToken: 'a1',
      refreshToken: 'r1',
      expiresAt: NOW + 3_600_000,
      extra: { userId: 42 },
    });
    expect(new URLSearchParams(ok.seen[0]!.body).get('action')).toBe('requesttoken');
    const no = answering({ status: 503, body: {}, error: 'Invalid Params' });
    const endpoints = endpointsAt('https://wbsapi.example');
    await expect(
      refreshTokens(
        manifestOf(settings),
        endpoints,
        { accessToken: 'a', refreshToken: 'r' },
        NOW,
        no.fetcher,
      ),
    ).rejects.toBeInstanceOf(ReauthRequired);
    await expect(
      exchangeCode(manifestOf(settings), endpoints, 'code', 'https://app.example/cb', null, NOW, no.fetcher),
    ).rejects.toThrow(new ProviderError('Provider refused the sign-in (200)', 200));
  });

  it('leaves a SMART answer’s id_token unread, and keeps the patient in context', async () => {
    const { fetcher } = answering({ ...TOKENS, id_token: 'not.a.jwt', patient: 'p-1' });
    const tokens = await exchangeCode(
      manifestOf({ clientAuth: 'none', pkce: true }),
      endpointsAt('https://ehr.example', { clientSecret: '' }),
      'code',
      'https://app.example/cb',
      'verifier-verifier-verifier-verifier-verifier',
      NOW,
      fetcher,
    );
    expect(tokens.extra).toEqual({ patient: 'p-1' });
  });

  it('sends HTTP Basic with the id and secret as they are, not form-encoded', async () => {
    const { fetcher, seen } = answering(TOKENS);
    await exchangeCode(
      manifestOf({ clientAuth: 'basic' }),
      endpointsAt('https://bb.example'),
      'code',
      'https://app.example/cb',
      null,
      NOW,
      fetcher,
    );
    expect(seen[0]!.headers.authorization).toBe(`Basic ${btoa('test-client:test-secret')}`);
    expect(new URLSearchParams(seen[0]!.body).has('client_secret')).toBe(false);
  });

  it('calls plain http only for a provider configured on http', async () => {
    const local = answering(TOKENS);
    await exchangeCode(
      manifestOf({}),
      endpointsAt('http://127.0.0.1:1'),
      'c',
      'x:/cb',
      null,
      NOW,
      local.fetcher,
    );
    expect(local.seen[0]!.url).toBe('http://127.0.0.1:1/token');
    // An https provider whose discovery names an http token endpoint: refused before any request.
    const downgraded = answering(TOKENS);
    const endpoints = endpointsAt('https://ehr.example', { tokenUrl: 'http://ehr.example/token' });
    await expect(
      exchangeCode(manifestOf({}), endpoints, 'c', 'x:/cb', null, NOW, downgraded.fetcher),
    ).rejects.toThrow('Provider could not be reached to sign in');
    expect(downgraded.seen).toHaveLength(0);
  });

  it('revokes the form way, Strava’s way and Garmin’s way', async () => {
    const tokens = { accessToken: 'a1', refreshToken: 'r1' };
    const form = answering({});
    const base = endpointsAt('https://p.example');
    expect(
      await revokeToken(
        manifestOf({ revokePath: '/revoke', clientAuth: 'basic' }),
        base,
        tokens,
        form.fetcher,
      ),
    ).toBe(true);
    expect(Object.fromEntries(new URLSearchParams(form.seen[0]!.body))).toEqual({
      token: 'r1',
      client_id: 'test-client',
      client_secret: 'test-secret',
    });
    const strava = answering({});
    const deauthorize = manifestOf({ revokePath: '/deauthorize', revokeStyle: 'access_token' });
    expect(await revokeToken(deauthorize, base, tokens, strava.fetcher)).toBe(true);
    expect(strava.seen[0]).toMatchObject({ method: 'POST', body: 'access_token=a1' });
    const garmin = answering({}, 401);
    const registration = manifestOf({ revokePath: '/user/registration', revokeStyle: 'bearer' });
    expect(await revokeToken(registration, base, tokens, garmin.fetcher)).toBe(false);
    expect(garmin.seen[0]).toMatchObject({ method: 'DELETE', headers: { authorization: 'Bearer a1' } });
  });
});
