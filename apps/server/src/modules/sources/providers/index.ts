import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../../config';
import type { SourcesService } from '../sources.service';
import { ehrRoutes } from './ehr.routes';
import { exportInstructionRoutes } from './export-instructions.routes';
import { reportBuilderRoutes } from './report-builder.routes';

/** What a provider's own connect handler and endpoints may use. */
export interface ProviderRoutesDeps {
  sources: SourcesService;
  config: Config;
}

/**
 * The providers that connect their own way, one file per provider beside this one (their read endpoints,
 * Dexcom's readings and Strava's and Peloton's workouts, are the metrics module's).
 */
export const providerRoutes: readonly ((deps: ProviderRoutesDeps) => FastifyPluginAsyncZod)[] = [
  reportBuilderRoutes,
  exportInstructionRoutes,
  ehrRoutes,
];
