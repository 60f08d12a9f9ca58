import fs from 'node:fs';
import { endpointDirectory, parseEndpointFile, type SmartEndpoint } from '@healthfolio/connectors';
import {
  type ConnectRequest,
  type ConnectResult,
  dataEnvelope,
  ehrEndpointListSchema,
} from '@healthfolio/core';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../../config';
import { AppError } from '../../../http/errors';
import type { Connecting, ConnectMethodEntry } from '../connect-methods';
import type { ProvidersDeps } from './index';

const KIND = 'ehr';
/** The directory entry that stands for the sandbox EHR mounted on this server. */
export const SANDBOX_ENDPOINT = { id: 'sandbox', name: 'Healthfolio sandbox EHR' };

/**
 * The endpoints `ehr` offers: the built-in public sandboxes plus the operator's `SMART_ENDPOINTS_FILE`.
 * A broken file never stops start-up: it is logged, and the built-in list stays.
 */
export function loadDirectory(config: Config, log: FastifyBaseLogger): SmartEndpoint[] {
  if (!config.smartEndpointsFile) return endpointDirectory();
  try {
    return endpointDirectory(parseEndpointFile(fs.readFileSync(config.smartEndpointsFile, 'utf8')));
  } catch (error) {
    log.error(
      { file: config.smartEndpointsFile, reason: (error as Error).message },
      'SMART_ENDPOINTS_FILE could not be read; only the built-in endpoints are listed',
    );
    return endpointDirectory();
  }
}

/** Connects `ehr` at the endpoint the person chose: its consent URL, the choice kept on the connection. */
async function connectEndpoint(
  sources: Connecting,
  directory: readonly SmartEndpoint[],
  configured: boolean,
  userId: string,
  input: ConnectRequest,
): Promise<ConnectResult> {
  const id = input.endpoint ?? (input.sandbox ? SANDBOX_ENDPOINT.id : undefined);
  if (id === SANDBOX_ENDPOINT.id) {
    if (!sources.sandboxProviders) {
      throw new AppError('conflict', 'Sandbox providers are turned off on this server');
    }
    return {
      authorizationUrl: await sources.authorize(userId, KIND, true, { endpoint: SANDBOX_ENDPOINT.id }),
      source: await sources.get(userId, KIND),
    };
  }
  const endpoint = directory.find((e) => e.id === id);
  if (!endpoint) {
    throw new AppError('validation', 'Choose an endpoint from the list', {
      details: { field: 'endpoint', known: directory.map((e) => e.id) },
    });
  }
  if (!configured) {
    throw new AppError(
      'conflict',
      'Other health records (SMART on FHIR) is not set up on this server yet: the operator sets EHR_CLIENT_ID',
      { details: { configured: false } },
    );
  }
  return {
    authorizationUrl: await sources.authorize(userId, KIND, false, {
      endpoint: endpoint.id,
      baseUrl: endpoint.fhirBaseUrl,
    }),
    source: await sources.get(userId, KIND),
  };
}

/**
 * `ehr`: connecting goes to the consent page of the SMART on FHIR endpoint the person chose, and
 * `GET /integrations/ehr/endpoints` lists those they may choose (and the sandbox EHR when sandbox
 * providers are on).
 */
export function ehrProvider({ connecting, config, log }: ProvidersDeps) {
  const directory = loadDirectory(config, log);
  const configured = !!config.connectors[KIND]?.clientId;
  const methods: ConnectMethodEntry[] = [
    [KIND, { connect: (userId, input) => connectEndpoint(connecting, directory, configured, userId, input) }],
  ];
  const routes: FastifyPluginAsyncZod = async (app) => {
    app.addHook('onRequest', app.authenticate);
    app.get(
      '/integrations/ehr/endpoints',
      {
        schema: {
          tags: ['integrations'],
          security: [{ bearerAuth: [] }],
          summary: 'The SMART on FHIR endpoints you can connect as "Other health record"',
          response: { 200: dataEnvelope(ehrEndpointListSchema) },
        },
      },
      async () => ({
        data: {
          items: [
            ...(connecting.sandboxProviders ? [{ ...SANDBOX_ENDPOINT, fhirBaseUrl: null }] : []),
            ...directory,
          ],
        },
      }),
    );
  };
  return { methods, routes };
}
