import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../../config';
import type { Connecting, ConnectMethodEntry } from '../connect-methods';
import { ehrProvider } from './ehr.routes';
import { exportInstructionMethods } from './export-instructions';
import { reportBuilderProvider } from './report-builder.routes';

/** What the providers' own connect methods and endpoints use. */
export interface ProvidersDeps {
  connecting: Connecting;
  config: Config;
  log: FastifyBaseLogger;
}

/**
 * The sources that connect their own way, one file per provider beside this one: `ehr` (a SMART on FHIR
 * endpoint chosen from a directory), the report builder's feed, and the export instructions of sources
 * without an API. Their connect methods go to app.ts's registry; their endpoints are mounted under /api.
 */
export function createProviders(deps: ProvidersDeps): {
  methods: ConnectMethodEntry[];
  routes: FastifyPluginAsyncZod[];
} {
  const ehr = ehrProvider(deps);
  const reportBuilder = reportBuilderProvider(deps);
  return {
    methods: [...ehr.methods, ...reportBuilder.methods, ...exportInstructionMethods(deps.connecting)],
    routes: [reportBuilder.routes, ehr.routes],
  };
}
