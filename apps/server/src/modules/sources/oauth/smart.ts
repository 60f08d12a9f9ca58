import { ProviderError } from '../provider-errors';

/** The endpoints a SMART configuration names. */
export interface SmartEndpoints {
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl?: string;
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
 * Adapter: SMART discovery (SMART App Launch 2.x §"SMART configuration"), read here because
 * oauth4webapi's discovery reads RFC 8414 and OpenID metadata only, at their own well-known paths,
 * and requires an `issuer` a SMART configuration need not have. The authorize and token endpoints
 * come from `<FHIR base>/.well-known/smart-configuration` (kept ten minutes), which must offer PKCE
 * S256 when it lists its methods; there is no fallback to the manifest's paths: a server that
 * publishes none cannot be connected (nor synced, until it does again).
 */
export async function smartConfiguration(
  name: string,
  fhirBaseUrl: string,
  fetcher: typeof fetch = fetch,
): Promise<SmartEndpoints> {
  const base = fhirBaseUrl.replace(/\/$/, '');
  let config = discovered.get(base);
  if (!config || Date.now() - config.at > DISCOVERY_TTL_MS) {
    let res: Response;
    try {
      res = await fetcher(`${base}/.well-known/smart-configuration`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      throw new ProviderError(`${name} could not be reached at ${base}`);
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new ProviderError(`${name} does not publish a SMART configuration (${res.status})`);
    }
    config = { at: Date.now(), config: (await res.json()) as SmartConfiguration };
    discovered.set(base, config);
  }
  const { authorization_endpoint, token_endpoint, revocation_endpoint, code_challenge_methods_supported } =
    config.config;
  if (typeof authorization_endpoint !== 'string' || typeof token_endpoint !== 'string') {
    throw new ProviderError(`${name}'s SMART configuration names no authorize or token endpoint`);
  }
  if (Array.isArray(code_challenge_methods_supported) && !code_challenge_methods_supported.includes('S256')) {
    throw new ProviderError(`${name} does not offer PKCE (S256), which SMART requires`);
  }
  return {
    authorizeUrl: authorization_endpoint,
    tokenUrl: token_endpoint,
    ...(typeof revocation_endpoint === 'string' ? { revokeUrl: revocation_endpoint } : {}),
  };
}
