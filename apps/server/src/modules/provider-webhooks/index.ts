// The provider-webhooks module's door: the receivers and subscriptions wired (createProviderPush).
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database';
import type { SamplesQuery } from '../metrics';
import type {
  ConnectionsRepository,
  EndpointContext,
  SyncRunner,
  SyncStateRepository,
  TokenVault,
} from '../sources';
import { ProviderPushService } from './provider-push.service';
import { ProviderSubscriptionsRepository } from './provider-subscriptions.repository';
import { ouraPush, ouraReceiver } from './oura.push';
import { stravaPush, stravaReceiver } from './strava.push';
import { garminPush, garminReceiver } from './garmin.push';
import { whoopPush, whoopReceiver } from './whoop.push';
import { withingsPush, withingsReceiver } from './withings.push';

export { ProviderPushService } from './provider-push.service';

/** Providers that push, one line each: their subscription calls and their receiver. */
const providers = [
  { push: stravaPush, receiver: stravaReceiver },
  { push: ouraPush, receiver: ouraReceiver },
  { push: whoopPush, receiver: whoopReceiver },
  { push: withingsPush, receiver: withingsReceiver },
  { push: garminPush, receiver: garminReceiver },
];

/** Provider webhooks: the service (subscriptions, targeted syncs) and the receivers under /api. */
export function createProviderPush(deps: {
  db: Db;
  connections: ConnectionsRepository;
  syncState: SyncStateRepository;
  runner: SyncRunner;
  zones: Pick<SamplesQuery, 'timeZone'>;
  endpoints: EndpointContext;
  sandboxProviders: boolean;
  vault: TokenVault;
  log: FastifyBaseLogger;
  now: () => number;
}): { service: ProviderPushService; routes: FastifyPluginAsync } {
  const service = new ProviderPushService({
    ...deps,
    subscriptions: new ProviderSubscriptionsRepository(deps.db.kysely),
    providers: providers.map((p) => p.push),
  });
  deps.runner.alsoOnSchedule(() => service.renewDue());
  const routes: FastifyPluginAsync = async (app) => {
    for (const p of providers) await app.register(p.receiver(service));
  };
  return { service, routes };
}
