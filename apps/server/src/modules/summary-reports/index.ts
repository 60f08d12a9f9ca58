// The summary-reports module's door: clinician reports and the health score wired (createSummaryReports).
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { JobQueue } from '../../jobs';
import type { ClinicalService } from '../clinical';
import type { GoalsService } from '../goals';
import type { SamplesQuery } from '../metrics';
import type { InsightsService } from '../insights';
import { HealthScoreService } from './health-score.service';
import { ReportJobs } from './report-jobs';
import { SummaryReportsRepository } from './summary-reports.repository';
import { summaryReportsRoutes } from './summary-reports.routes';
import { SummaryReportsService } from './summary-reports.service';

export { SummaryReportsService } from './summary-reports.service';

/** The clinician reports module, wired: `routes` mount under /api; `jobs` start and close with the app. */
export function createSummaryReports(deps: {
  db: Db;
  queue: JobQueue;
  samples: SamplesQuery;
  clinical: ClinicalService;
  insights: InsightsService;
  goals: GoalsService;
  profile: (userId: string) => Promise<{ name: string; units: 'metric' | 'imperial' }>;
  log: FastifyBaseLogger;
  now: () => number;
}) {
  const repo = new SummaryReportsRepository(deps.db.kysely);
  // The queue's handler is the service's one function; the service queues through the runner.
  const jobs: ReportJobs = new ReportJobs(
    deps.queue,
    (id) => reports.generateReport(id),
    () => repo.waiting(),
    deps.log,
  );
  const reports = new SummaryReportsService({
    ...deps,
    repo,
    enqueue: (id) => jobs.request(id),
  });
  const score = new HealthScoreService(deps.samples, deps.now);
  return { reports, jobs, score, routes: summaryReportsRoutes(reports, score) };
}
