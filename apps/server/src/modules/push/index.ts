// The push module's door: Web Push wired (createPush), and the messages the insight jobs send.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import { PushRepository } from './push.repository';
import { pushRoutes } from './push.routes';
import { PushService } from './push.service';
import { loadVapidKeys } from './vapid';

export { pushMessages, type PushService } from './push.service';

/** The Web Push module: VAPID keys (env or DATA_DIR/vapid.json), subscriptions, sending. */
export function createPush(deps: {
  db: Db;
  dataDir: string;
  vapid: { publicKey?: string; privateKey?: string; subject?: string };
  publicUrl: string;
  mailFrom: string;
  allowPrivate: boolean;
  log: FastifyBaseLogger;
  now: () => number;
}) {
  const keys = loadVapidKeys({
    dataDir: deps.dataDir,
    publicUrl: deps.publicUrl,
    mailFrom: deps.mailFrom,
    ...deps.vapid,
  });
  const service = new PushService({
    repo: new PushRepository(deps.db.kysely),
    keys,
    allowPrivate: deps.allowPrivate,
    log: deps.log,
    now: deps.now,
  });
  return { service, routes: pushRoutes(service) };
}
