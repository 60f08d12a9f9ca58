// The webhooks module's door: outgoing webhooks wired (createWebhooks), the events other modules emit
// through, and the address-checked POST that Web Push sends with.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { JobQueue } from '../../jobs';
import type { Mailer } from '../../mail/mailer';
import type { TokenVault } from '../sources';
import { WebhookDelivery } from './webhook-delivery';
import { WebhookEvents } from './webhook-events';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

export { WebhookDelivery } from './webhook-delivery';
export { postWebhook, type PostResult } from './webhook-target';
export type { ImportRunEvents, WebhookEvents } from './webhook-events';
export { webhooksRoutes } from './webhooks.routes';

/** The outgoing-webhooks module: its service (routes), its events (emitters) and its deliveries (queue jobs). */
export function createWebhooks(deps: {
  db: Db;
  queue: JobQueue;
  vault: TokenVault;
  mailer: Mailer;
  publicUrl: string;
  allowPrivate: boolean;
  log: FastifyBaseLogger;
  now: () => number;
  checkEveryMs?: number;
}) {
  const repo = new WebhooksRepository(deps.db.kysely);
  const delivery = new WebhookDelivery({ ...deps, repo });
  const service = new WebhooksService({ ...deps, repo, delivery });
  return { service, delivery, events: new WebhookEvents(service) };
}
