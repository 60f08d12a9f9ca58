import type { Connector } from '@healthfolio/connectors';
import { getSource } from '@healthfolio/core';
import type { ConnectorSettings } from '../../config';
import { smartConfiguration, type ProviderEndpoints } from './oauth';

/** The client a sandbox provider accepts. */
export const SANDBOX_CLIENT = { clientId: 'healthfolio-sandbox', clientSecret: 'sandbox-secret' };

export interface EndpointContext {
  settings: Record<string, ConnectorSettings>;
  publicUrl: string;
  /** How this server reaches itself (the sandbox providers are mounted on it); publicUrl until it listens. */
  selfUrl: () => string;
}

/**
 * Whether the operator has registered an app with the provider: client id and secret set, or only the
 * id for public clients (SMART apps without a secret, `clientAuth: 'none'`).
 */
export function isConfigured(connector: Connector, context: EndpointContext): boolean {
  const s = context.settings[connector.manifest.kind];
  const needsClient = !!connector.manifest.oauth || !!connector.manifest.needsClient;
  if (!needsClient) return true;
  if (connector.manifest.oauth?.clientAuth === 'none') return !!s?.clientId;
  return !!s?.clientId && !!s.clientSecret;
}

/** A connection's own settings, as stored (JSON) on it or on its OAuth state. */
export interface ConnectionSettings {
  /** The API base of this one connection (the SMART endpoint an `ehr` connection chose). */
  baseUrl?: string;
  [key: string]: unknown;
}

export function parseSettings(json: string | null | undefined): ConnectionSettings {
  if (!json) return {};
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' ? (value as ConnectionSettings) : {};
  } catch {
    return {};
  }
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
  settings: ConnectionSettings = {},
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
  if (typeof settings.baseUrl === 'string') {
    // One connection's own endpoint (a SMART server from the directory): its auth is discovered there.
    return {
      name,
      apiBaseUrl: settings.baseUrl,
      authBaseUrl: settings.baseUrl,
      authorizeBaseUrl: settings.baseUrl,
      clientId: s?.clientId ?? '',
      clientSecret: s?.clientSecret ?? '',
    };
  }
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

/**
 * Where a connection's provider lives, with SMART discovery done when its connector asks for it: the
 * authorize and token endpoints come from `<FHIR base>/.well-known/smart-configuration` (SMART App
 * Launch 2.x §"SMART configuration", read by oauth/smart.ts), which must offer PKCE S256. The
 * sandbox's discovered authorize URL is moved to the public address the browser reaches.
 */
export async function resolveEndpoints(
  connector: Connector,
  sandbox: boolean,
  context: EndpointContext,
  settings: ConnectionSettings = {},
  fetcher: typeof fetch = fetch,
): Promise<ProviderEndpoints | undefined> {
  const endpoints = endpointsFor(connector, sandbox, context, settings);
  if (!endpoints || connector.manifest.oauth?.discovery !== 'smart') return endpoints;
  const smart = await smartConfiguration(endpoints.name, endpoints.apiBaseUrl, fetcher);
  const authorizeUrl =
    sandbox && smart.authorizeUrl.startsWith(context.selfUrl())
      ? context.publicUrl + smart.authorizeUrl.slice(context.selfUrl().length)
      : smart.authorizeUrl;
  return { ...endpoints, ...smart, authorizeUrl };
}
