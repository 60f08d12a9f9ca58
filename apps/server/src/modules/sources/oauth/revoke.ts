import type { ConnectorManifest, TokenSet } from '@healthfolio/connectors';
import * as oauth from 'oauth4webapi';
import { clientOf, join, requestOptions, serverOf, type ProviderEndpoints } from './client';

/** Revokes at the provider where it offers that; a failure here never blocks a disconnect. */
export async function revokeToken(
  manifest: ConnectorManifest,
  endpoints: ProviderEndpoints,
  tokens: TokenSet,
  fetcher: typeof fetch = fetch,
): Promise<boolean> {
  const settings = manifest.oauth;
  if (!settings || (!settings.revokePath && !endpoints.revokeUrl)) return false;
  const style = settings.revokeStyle ?? 'form';
  const url =
    endpoints.revokeUrl ??
    join(style === 'bearer' ? endpoints.apiBaseUrl : endpoints.authBaseUrl, settings.revokePath!);
  const options = requestOptions(endpoints, fetcher, 10_000);
  try {
    let res: Response;
    if (style === 'form') {
      // RFC 7009: the refresh token (which ends the grant) or else the access token. The client goes in
      // the form, also for clients that use HTTP Basic at the token endpoint (Blue Button, the VA).
      res = await oauth.revocationRequest(
        { ...serverOf(settings, endpoints), revocation_endpoint: url },
        clientOf(endpoints),
        settings.clientAuth === 'none' ? oauth.None() : oauth.ClientSecretPost(endpoints.clientSecret),
        tokens.refreshToken ?? tokens.accessToken,
        options,
      );
    } else if (style === 'bearer') {
      // Not a revocation endpoint: the person's registration with the app, deleted with their access
      // token (Garmin's `DELETE /wellness-api/rest/user/registration`).
      res = await oauth.protectedResourceRequest(
        tokens.accessToken,
        'DELETE',
        new URL(url),
        undefined,
        undefined,
        options,
      );
    } else {
      // Adapter: Strava's deauthorize takes `access_token=<access token>`, not RFC 7009's `token`, and
      // no client: oauth4webapi has no request for it.
      res = await fetcher(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ access_token: tokens.accessToken }),
        signal: options.signal,
      });
    }
    // Any 2xx is a revocation, whatever the body (RFC 7009 §2.2 answers 200 with none).
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}
