import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPrivateAddress } from '../reports';

/** Why a webhook URL is not called; its message is shown to the person as it is. */
export class WebhookTargetError extends Error {}

/**
 * Checks a webhook URL before it is saved: https, no user name or password in it, and a host whose
 * every address is public (a server must not be made to call its own network on someone's behalf).
 * With the operator's WEBHOOKS_ALLOW_PRIVATE, plain http and private or loopback addresses are allowed
 * (a home server on the LAN, the tests' loopback receiver).
 */
export async function checkWebhookUrl(text: string, allowPrivate: boolean): Promise<URL> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new WebhookTargetError('url: This is not a URL.');
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    throw new WebhookTargetError('url: Webhooks are sent to https URLs only.');
  }
  if (url.username || url.password) {
    throw new WebhookTargetError('url: A webhook URL may not carry a user name or password.');
  }
  if (!allowPrivate) await publicAddresses(url.hostname);
  return url;
}

/** Every address the host resolves to, refused when any is private, loopback or link-local. */
async function publicAddresses(hostname: string): Promise<{ address: string; family: number }[]> {
  const host = hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await dnsLookup(host, { all: true });
    } catch {
      throw new WebhookTargetError(`url: ${hostname} could not be found.`);
    }
  }
  if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))) {
    throw new WebhookTargetError(
      'url: This address is private, loopback or link-local, which this server does not call.',
    );
  }
  return addresses;
}

export interface PostResult {
  statusCode: number;
}

/**
 * POSTs one signed message (a webhook's, or an encrypted Web Push message). The host is resolved again for the connection itself and every address
 * checked there, so a name that turned private since it was saved (DNS rebinding) is not called.
 * Redirects are not followed: a receiver answers 2xx or the attempt failed.
 */
export function postWebhook(
  url: URL,
  headers: Record<string, string>,
  body: string | Uint8Array,
  options: { allowPrivate: boolean; timeoutMs: number },
): Promise<PostResult> {
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    const resolved = options.allowPrivate ? dnsLookup(hostname, { all: true }) : publicAddresses(hostname);
    resolved.then(
      (addresses) => {
        const first = addresses[0]!;
        if (lookupOptions.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, '', 4),
    );
  };
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivate && isIP(literal) && isPrivateAddress(literal)) {
    return Promise.reject(
      new WebhookTargetError(
        'The address is private, loopback or link-local, which this server does not call.',
      ),
    );
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup,
        signal: AbortSignal.timeout(options.timeoutMs),
        // A Web Push message (modules/push) names its own content type and agent.
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Healthfolio-Webhooks/1',
          ...headers,
          'content-length': String(Buffer.byteLength(body)),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ statusCode: response.statusCode ?? 0 }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
