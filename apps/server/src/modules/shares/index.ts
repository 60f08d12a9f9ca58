// The shares module's door: shares with a clinician wired (createShares): the API and the recipient's page.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { Identity } from '../../identity/identity';
import type { SamplesQuery } from '../metrics';
import type { AccountService } from '../account';
import type { GoalsService } from '../goals';
import { publicSharesRoutes } from './public-shares.routes';
import type { ShareDataDeps } from './share-data';
import { ShareDataRepository } from './share-data.repository';
import { registerSharePage } from './share-page';
import { SharesRepository } from './shares.repository';
import { sharesRoutes } from './shares.routes';
import { SharesService } from './shares.service';
import { ShlService } from './shl.service';

export { SharesService } from './shares.service';

/** The shares module, wired: `api` mounts under /api, `page` serves the recipient's `/s/<token>`. */
export function createShares(deps: {
  db: Db;
  identity: Identity;
  account: AccountService;
  goals: GoalsService;
  samples: Pick<SamplesQuery, 'mergedDays' | 'labResultsByDay'>;
  publicUrl: string;
  now: () => number;
  ownsReport?: (userId: string, reportId: string) => Promise<boolean>;
  reportPdf?: (userId: string, reportId: string) => Promise<{ bytes: Buffer; fileName: string }>;
  healthScore?: ShareDataDeps['healthScore'];
}) {
  const repo = new SharesRepository(deps.db.kysely);
  const shares = new SharesService({
    repo,
    data: new ShareDataRepository(deps.db.kysely, deps.samples),
    goals: (userId) => deps.goals.list(userId),
    profile: (userId) => deps.account.profile(userId),
    throttle: deps.identity.throttle,
    publicUrl: deps.publicUrl,
    now: deps.now,
    ...(deps.ownsReport ? { ownsReport: deps.ownsReport } : {}),
    ...(deps.reportPdf ? { reportPdf: deps.reportPdf } : {}),
    ...(deps.healthScore ? { healthScore: deps.healthScore } : {}),
  });
  const shl = new ShlService({
    repo,
    shares,
    throttle: deps.identity.throttle,
    publicUrl: deps.publicUrl,
    now: deps.now,
  });
  return {
    shares,
    shl,
    async api(api: FastifyInstance) {
      await api.register(sharesRoutes(shares, shl, deps.identity));
      await api.register(publicSharesRoutes(shares, shl));
    },
    page: (app: FastifyInstance, webDist: string) => registerSharePage(app, shares, webDist),
  };
}
