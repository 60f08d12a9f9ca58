/** One SMART on FHIR endpoint a person can pick when connecting `ehr`. */
export interface SmartEndpoint {
  /** Stable id the connect call names (`endpoint`). */
  id: string;
  name: string;
  /** The FHIR base; its `.well-known/smart-configuration` names the authorization server. */
  fhirBaseUrl: string;
}

/** Public SMART sandboxes every server lists; an operator's `SMART_ENDPOINTS_FILE` adds to them. */
export const BUILT_IN_ENDPOINTS: readonly SmartEndpoint[] = [
  {
    id: 'smart-health-it',
    name: 'SMART Health IT sandbox (R4)',
    fhirBaseUrl: 'https://launch.smarthealthit.org/v/r4/fhir',
  },
  {
    id: 'epic-sandbox',
    name: 'Epic on FHIR sandbox',
    fhirBaseUrl: 'https://fhir.epic.com/interconnect-fhir-oauth/api/FHIR/R4',
  },
  {
    id: 'cerner-sandbox',
    name: 'Oracle Health (Cerner) sandbox',
    fhirBaseUrl: 'https://fhir-myrecord.cerner.com/r4/ec2458f2-1e24-41c8-b71b-0e701af7583d',
  },
];

const ID = /^[a-z0-9][a-z0-9._-]{0,99}$/i;

/**
 * Reads an operator's endpoint file: a JSON array of `{id, name, fhirBaseUrl}` (http or https URLs,
 * ids of letters, digits, `.`, `_`, `-`). Throws with the entry at fault, so start-up can say what to fix.
 */
export function parseEndpointFile(text: string): SmartEndpoint[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('is not JSON: expected an array of {"id", "name", "fhirBaseUrl"}');
  }
  if (!Array.isArray(value)) throw new Error('must be a JSON array of {"id", "name", "fhirBaseUrl"}');
  return value.map((entry: unknown, i) => {
    const e = (entry ?? {}) as Record<string, unknown>;
    if (typeof e.id !== 'string' || !ID.test(e.id))
      throw new Error(`entry ${i}: id must be letters, digits, . _ -`);
    if (typeof e.name !== 'string' || e.name.trim() === '') throw new Error(`entry ${i}: name is required`);
    let url: URL;
    try {
      url = new URL(String(e.fhirBaseUrl));
    } catch {
      throw new Error(`entry ${i}: fhirBaseUrl is not a URL`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new Error(`entry ${i}: fhirBaseUrl must be http or https`);
    return { id: e.id, name: e.name.trim(), fhirBaseUrl: url.toString().replace(/\/$/, '') };
  });
}

/** The built-in endpoints with the operator's added (an operator entry replaces a built-in of the same id), by name. */
export function endpointDirectory(extra: readonly SmartEndpoint[] = []): SmartEndpoint[] {
  const byId = new Map(BUILT_IN_ENDPOINTS.map((e) => [e.id, e]));
  for (const e of extra) byId.set(e.id, e);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}
