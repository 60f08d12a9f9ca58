import type { SubscriptionCall } from './provider-push.service';

/** What a subscription made in a provider's developer portal is recorded as (nothing to call there). */
export const PORTAL = 'portal';

/**
 * Providers whose webhook URL is set by hand in their developer portal (WHOOP, Garmin): the operator
 * enters `PUBLIC_URL/api/provider-webhooks/<kind>` there (module README). Only the sandbox provider has an
 * API for it — the fake's stand-in for the portal's field (`FakePortal` in packages/connectors).
 */
export async function setPortalWebhook(call: SubscriptionCall): Promise<string> {
  if (!call.sandbox) return PORTAL;
  const res = await call.fetch(`${call.endpoints.apiBaseUrl}/sandbox-portal/webhook`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: call.endpoints.clientId,
      client_secret: call.endpoints.clientSecret,
      url: call.callbackUrl,
    }),
    signal: AbortSignal.timeout(15_000),
  });
  await res.body?.cancel();
  if (!res.ok) throw new Error(`The sandbox provider refused the webhook URL (${res.status})`);
  return call.callbackUrl;
}

export async function clearPortalWebhook(call: SubscriptionCall): Promise<void> {
  if (!call.sandbox) return;
  const res = await call.fetch(`${call.endpoints.apiBaseUrl}/sandbox-portal/webhook`, {
    method: 'DELETE',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: call.endpoints.clientId, client_secret: call.endpoints.clientSecret }),
    signal: AbortSignal.timeout(15_000),
  });
  await res.body?.cancel();
}
