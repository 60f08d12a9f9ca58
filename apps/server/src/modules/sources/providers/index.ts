import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../../config';
import type { Db } from '../../../db/database';
import type { SamplesQuery } from '../../metrics';
import type { SourcesService } from '../sources.service';
import { dexcomRoutes } from './dexcom.routes';
import { ehrRoutes } from './ehr.routes';
import { pelotonRoutes } from './peloton.routes';
import { exportInstructionRoutes } from './export-instructions.routes';
import { reportBuilderRoutes } from './report-builder.routes';
import { stravaRoutes } from './strava.routes';

/** What a provider's own read endpoints (SPEC §7: Strava activities, Dexcom statistics …) may use. */
export interface ProviderRoutesDeps {
  db: Db;
  sources: SourcesService;
  /** The provider's own readings, as its syncs and files stored them. */
  samples: Pick<SamplesQuery, 'sourceReadings'>;
  now: () => number;
  config: Config;
}

/**
 * SPEC §7's provider-specific endpoints, one file per provider beside this one. They read what the
 * provider's syncs stored — never the provider itself — so they answer fast and work offline.
 */
export const providerRoutes: readonly ((deps: ProviderRoutesDeps) => FastifyPluginAsyncZod)[] = [
  dexcomRoutes,
  stravaRoutes,
  pelotonRoutes,
  reportBuilderRoutes,
  exportInstructionRoutes,
  ehrRoutes,
];
