import type { Migration, MigrationProvider } from 'kysely';
import { foundation } from './202611220100-foundation';
import { identity } from './202611220110-identity';
import { metrics } from './202611220120-metrics';
import { imports } from './202611220130-imports';
import { insightsGoals } from './202611230100-insights-goals';
import { reportReview } from './202611230110-report-review';
import { sources } from './202611230120-sources';
import { clinicalIngest } from './202611240100-clinical-ingest';
import { sampleOwnerNumber } from './202611260100-sample-owner-number';
import { revisions } from './202611270100-revisions';
import { sandboxPaths } from './202611280100-sandbox-paths';
import { pushPaths } from './202611280200-push-paths';
import { syncAccounting } from './202611280300-sync-accounting';
import { healthReports } from './202611290600-health-reports';
import { webhooks } from './202611290500-webhooks';
import { mfa } from './202611290100-mfa';
import { apiTokens } from './202611290400-api-tokens';
import { shares } from './202611290700-shares';
import { insightEvidence } from './202611290800-first-hour-insight-evidence';
import { jobQueue } from './202611300200-job-queue';
import { caregivers } from './202611300300-caregivers';
import { pushSubscriptions } from './202611300410-push-subscriptions';
import { workoutTracks } from './202611300500-workout-tracks';
import { eveningSleepDay } from './202611300600-evening-sleep-day';
import { samplesOwnerCheck } from './202612020100-samples-owner-check';
import { rollupsOwnerNumber } from './202612020200-rollups-owner-number';
import { syncState } from './202612021100-sync-state';
import { rollupPendingDays } from './202612021200-rollup-pending-days';
import type { AppMigration, Dialect } from './types';

/** Every migration, in order. Landed migrations are never edited: add a new one instead. */
const migrations: Record<string, AppMigration> = {
  '202611220100-foundation': foundation,
  '202611220110-identity': identity,
  '202611220120-metrics': metrics,
  '202611220130-imports': imports,
  '202611230100-insights-goals': insightsGoals,
  '202611230110-report-review': reportReview,
  '202611230120-sources': sources,
  '202611240100-clinical-ingest': clinicalIngest,
  '202611260100-sample-owner-number': sampleOwnerNumber,
  '202611270100-revisions': revisions,
  '202611280100-sandbox-paths': sandboxPaths,
  '202611280200-push-paths': pushPaths,
  '202611280300-sync-accounting': syncAccounting,
  '202611290600-health-reports': healthReports,
  '202611290500-webhooks': webhooks,
  '202611290100-mfa': mfa,
  '202611290400-api-tokens': apiTokens,
  '202611290700-shares': shares,
  '202611290800-first-hour-insight-evidence': insightEvidence,
  '202611300200-job-queue': jobQueue,
  '202611300300-caregivers': caregivers,
  '202611300410-push-subscriptions': pushSubscriptions,
  '202611300500-workout-tracks': workoutTracks,
  '202611300600-evening-sleep-day': eveningSleepDay,
  '202612020100-samples-owner-check': samplesOwnerCheck,
  '202612020200-rollups-owner-number': rollupsOwnerNumber,
  '202612021100-sync-state': syncState,
  '202612021200-rollup-pending-days': rollupPendingDays,
};

export class AppMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, m] of Object.entries(migrations)) {
      out[name] = { up: (db) => m.up(db, this.dialect), down: (db) => m.down(db, this.dialect) };
    }
    return out;
  }
}
