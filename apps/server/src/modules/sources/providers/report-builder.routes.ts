import { lookup } from 'node:dns/promises';
import { SANDBOX_FEED_KEY } from '@healthfolio/connectors';
import {
  connectResultSchema,
  dataEnvelope,
  reportBuilderConnectSchema,
  type ConnectRequest,
} from '@healthfolio/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../http/errors';
import { isPrivateAddress } from '../../reports';
import type { Connecting, ConnectMethodEntry } from '../connect-methods';
import type { ProvidersDeps } from './index';

const KIND = 'report_builder';
const FEED_FORMATS = 'a FHIR Bundle or {"samples": [{"type", "value", "unit", "start"}]}';

/**
 * Checks a feed before it is saved, so a typo is said at once rather than at the first scheduled pull:
 * https (or, when the operator allows it, http and private addresses), a host that does not resolve to
 * a private or loopback address, and a first answer that is a feed and accepts the key.
 */
export async function checkFeed(
  url: string,
  apiKey: string,
  allowPrivate: boolean,
  fetcher: typeof fetch = fetch,
): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AppError('validation', 'url: Not a URL');
  }
  if (parsed.protocol !== 'https:' && !(allowPrivate && parsed.protocol === 'http:')) {
    throw new AppError('validation', 'url: The feed must be served over https');
  }
  if (!allowPrivate) {
    const host = parsed.hostname.replace(/^\[|\]$/g, '');
    let addresses: { address: string }[];
    try {
      addresses = await lookup(host, { all: true });
    } catch {
      throw new AppError('validation', `url: ${parsed.hostname} could not be found`);
    }
    if (addresses.some((a) => isPrivateAddress(a.address))) {
      throw new AppError(
        'validation',
        'url: The feed points to a private or loopback address, which this server does not call',
      );
    }
  }
  let res: Response;
  try {
    res = await fetcher(parsed, {
      headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    throw new AppError('unprocessable', `The feed at ${parsed.host} could not be reached`);
  }
  if (res.status === 401 || res.status === 403) {
    await res.body?.cancel();
    throw new AppError('unprocessable', `The feed refused the key (${res.status})`);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new AppError('unprocessable', `The feed answered ${res.status}`);
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new AppError('unprocessable', `The feed did not answer JSON; it should answer ${FEED_FORMATS}`);
  }
  const page = body as { resourceType?: unknown; samples?: unknown } | null;
  if (!page || (page.resourceType !== 'Bundle' && !Array.isArray(page.samples))) {
    throw new AppError('unprocessable', `The feed's JSON is not a feed; it should answer ${FEED_FORMATS}`);
  }
}

/** Connects the report builder: the sandbox feed, or the person's URL and key once checked. */
async function connectFeed(
  sources: Connecting,
  userId: string,
  input: ConnectRequest,
  allowPrivate: boolean,
) {
  if (input.sandbox || (!input.url && sources.sandboxProviders)) {
    if (!sources.sandboxProviders) {
      throw new AppError('conflict', 'Sandbox providers are turned off on this server');
    }
    const source = await sources.saveConnection(userId, KIND, {
      tokens: { accessToken: SANDBOX_FEED_KEY },
      settings: { url: 'feed' },
      sandbox: true,
    });
    return { authorizationUrl: null, source };
  }
  if (!input.url || !input.apiKey) {
    throw new AppError('validation', 'url and apiKey: Required to connect a report builder feed');
  }
  await checkFeed(input.url, input.apiKey, allowPrivate);
  const source = await sources.saveConnection(userId, KIND, {
    tokens: { accessToken: input.apiKey },
    settings: { url: input.url, baseUrl: input.url },
  });
  return { authorizationUrl: null, source };
}

/**
 * SPEC §7 `POST /integrations/report-builder` (url, apiKey): a JSON or FHIR feed pulled on a schedule.
 * `POST /integrations/report-builder/connect` and `/data-sources/report_builder/connect` reach the same.
 */
export function reportBuilderProvider({ connecting, config }: ProvidersDeps) {
  const allowPrivate = config.reportBuilderAllowPrivate;
  const methods: ConnectMethodEntry[] = [
    [KIND, { connect: (userId, input) => connectFeed(connecting, userId, input, allowPrivate) }],
  ];
  const routes: FastifyPluginAsyncZod = async (app) => {
    app.addHook('onRequest', app.authenticate);
    app.post(
      '/integrations/report-builder',
      {
        schema: {
          tags: ['integrations'],
          security: [{ bearerAuth: [] }],
          summary: 'Pull a JSON or FHIR feed from your endpoint on a schedule (checked before it is saved)',
          body: reportBuilderConnectSchema,
          response: { 200: dataEnvelope(connectResultSchema) },
        },
      },
      async (request) => ({
        data: await connectFeed(connecting, request.userId, request.body, allowPrivate),
      }),
    );
  };
  return { methods, routes };
}
