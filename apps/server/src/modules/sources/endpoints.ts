import type { Connector } from '@healthfolio/connectors';
import { getSource } from '@healthfolio/core';
import type { ConnectorSettings } from '../../config';
import type { ProviderEndpoints } from './oauth';
import { ProviderError } from './provider-errors';

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

interface SmartConfiguration {
  authorization_endpoint?: unknown;
  token_endpoint?: unknown;
  revocation_endpoint?: unknown;
  code_challenge_methods_supported?: unknown;
}

const discovered = new Map<string, { at: number; config: SmartConfiguration }>();
const DISCOVERY_TTL_MS = 10 * 60_000;

/**
 * Where a connection's provider lives, with SMART discovery done when its connector asks for it: the
 * authorize and token endpoints come from `<FHIR base>/.well-known/smart-configuration` (SMART App
 * Launch 2.x §"SMART configuration"), which must offer PKCE S256. The sandbox's discovered authorize
 * URL is moved to the public address the browser reaches.
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
  const base = endpoints.apiBaseUrl.replace(/\/$/, '');
  let config = discovered.get(base);
  if (!config || Date.now() - config.at > DISCOVERY_TTL_MS) {
    let res: Response;
    try {
      res = await fetcher(`${base}/.well-known/smart-configuration`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      throw new ProviderError(`${endpoints.name} could not be reached at ${base}`);
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new ProviderError(`${endpoints.name} does not publish a SMART configuration (${res.status})`);
    }
    config = { at: Date.now(), config: (await res.json()) as SmartConfiguration };
    discovered.set(base, config);
  }
  const { authorization_endpoint, token_endpoint, revocation_endpoint, code_challenge_methods_supported } =
    config.config;
  if (typeof authorization_endpoint !== 'string' || typeof token_endpoint !== 'string') {
    throw new ProviderError(`${endpoints.name}'s SMART configuration names no authorize or token endpoint`);
  }
  if (Array.isArray(code_challenge_methods_supported) && !code_challenge_methods_supported.includes('S256')) {
    throw new ProviderError(`${endpoints.name} does not offer PKCE (S256), which SMART requires`);
  }
  const authorizeUrl =
    sandbox && authorization_endpoint.startsWith(context.selfUrl())
      ? context.publicUrl + authorization_endpoint.slice(context.selfUrl().length)
      : authorization_endpoint;
  return {
    ...endpoints,
    authorizeUrl,
    tokenUrl: token_endpoint,
    ...(typeof revocation_endpoint === 'string' ? { revokeUrl: revocation_endpoint } : {}),
  };
}
