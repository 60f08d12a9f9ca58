import type { Connector } from '@healthfolio/connectors';
import { getSource } from '@healthfolio/core';
import type { ConnectorSettings } from '../../config';
import type { ProviderEndpoints } from './oauth';

/** The client a sandbox provider accepts. */
export const SANDBOX_CLIENT = { clientId: 'healthfolio-sandbox', clientSecret: 'sandbox-secret' };

export interface EndpointContext {
  settings: Record<string, ConnectorSettings>;
  publicUrl: string;
  /** How this server reaches itself (the sandbox providers are mounted on it); publicUrl until it listens. */
  selfUrl: () => string;
}

/** Whether the operator has registered an app with the provider (client id and secret set). */
export function isConfigured(connector: Connector, context: EndpointContext): boolean {
  const s = context.settings[connector.manifest.kind];
  const needsClient = !!connector.manifest.oauth || !!connector.manifest.needsClient;
  return !needsClient || (!!s?.clientId && !!s.clientSecret);
}

/** What a password sign-in (or its refresh) needs to reach the provider. */
export function loginContext(
  endpoints: ProviderEndpoints,
  sandbox: boolean,
  now: number,
  fetcher: typeof fetch,
) {
  return {
    baseUrl: endpoints.apiBaseUrl,
    fetch: fetcher,
    now,
    ...(endpoints.clientId ? { clientId: endpoints.clientId, clientSecret: endpoints.clientSecret } : {}),
    ...(!sandbox && endpoints.authBaseUrl !== endpoints.apiBaseUrl
      ? { authBaseUrl: endpoints.authBaseUrl }
      : {}),
  };
}

/** Where one connection's provider lives: the real API (or its configured stand-in), or the sandbox. */
export function endpointsFor(
  connector: Connector,
  sandbox: boolean,
  context: EndpointContext,
): ProviderEndpoints | undefined {
  const kind = connector.manifest.kind;
  const name = getSource(kind)?.name ?? kind;
  if (sandbox) {
    const path = `/sandbox/${kind}`;
    return {
      name,
      apiBaseUrl: `${context.selfUrl()}${path}`,
      authBaseUrl: `${context.selfUrl()}${path}`,
      authorizeBaseUrl: `${context.publicUrl}${path}`,
      ...SANDBOX_CLIENT,
    };
  }
  const s = context.settings[kind];
  if (!isConfigured(connector, context)) return undefined;
  const api = s?.baseUrl ?? connector.manifest.apiBaseUrl;
  const auth =
    s?.authBaseUrl ?? s?.baseUrl ?? connector.manifest.authBaseUrl ?? connector.manifest.apiBaseUrl;
  return {
    name,
    apiBaseUrl: api,
    authBaseUrl: auth,
    authorizeBaseUrl: s?.authBaseUrl ?? s?.baseUrl ?? connector.manifest.authorizeBaseUrl ?? auth,
    clientId: s?.clientId ?? '',
    clientSecret: s?.clientSecret ?? '',
  };
}
