// Over 300 lines: the composition root, wiring every module in the order resources open and routes register.
import type { DestinationStream } from 'pino';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { SampleBulkIO } from './db/bulk-io';
import { migrateToLatest, openDatabase, type Db, type OpenedDatabase, type PgLocation } from './db/database';
import { registerAuth } from './http/auth';
import { registerDocs } from './http/docs';
import { registerJsonBody } from './http/json-body';
import { registerErrorHandling } from './http/errors';
import { QuietRequestLog } from './http/request-log';
import { registerSecurityHeaders } from './http/security';
import { registerSpa } from './http/spa';
import { serveProbesOnly } from './http/worker-role';
import { AuditLogRepository } from './identity/audit-log.repository';
import { createIdentity, type Identity } from './identity/identity';
import { identityRoutes } from './identity/identity.routes';
import type { Mailer } from './mail/mailer';
import { AccountRepository } from './modules/account/account.repository';
import { ApiTokensRepository } from './modules/api-tokens/api-tokens.repository';
import { apiTokensRoutes } from './modules/api-tokens/api-tokens.routes';
import { ApiTokensService } from './modules/api-tokens/api-tokens.service';
import { mcpRoutes } from './modules/mcp/mcp.routes';
import { createCaregivers } from './modules/caregivers';
import { accountRoutes } from './modules/account/account.routes';
import { AccountService } from './modules/account/account.service';
import { ClinicalRecordsRepository } from './modules/clinical/clinical-records.repository';
import { clinicalRoutes } from './modules/clinical/clinical.routes';
import { ClinicalService } from './modules/clinical/clinical.service';
import { BackupJobs } from './jobs/backup-jobs';
import { InsightJobs } from './jobs/insight-jobs';
import { createJobQueue, type JobQueue } from './jobs';
import { requestSerializer } from './modules/ingest/ingest-log';
import { ingestRoutes } from './modules/ingest/ingest.routes';
import { IngestService, ingestConnectMethods } from './modules/ingest/ingest.service';
import { IngestTokensRepository } from './modules/ingest/ingest-tokens.repository';
import { GoalsRepository } from './modules/goals/goals.repository';
import { goalsRoutes } from './modules/goals/goals.routes';
import { GoalsService } from './modules/goals/goals.service';
import { healthRoutes } from './modules/health/health.routes';
import type { Lifecycle } from './startup/shutdown';
import { ImportRunner } from './modules/imports/import-runner';
import { AccountRestorer } from './modules/settings/export/account-restore';
import { ImportsRepository } from './modules/imports/imports.repository';
import { importsRoutes } from './modules/imports/imports.routes';
import { ImportsService } from './modules/imports/imports.service';
import type { ReportLimits } from './modules/imports/report-source';
import { DEFAULT_REPORT_FETCH } from './modules/reports/report-fetch';
import { reportsRoutes } from './modules/reports/reports.routes';
import { ReportsService } from './modules/reports/reports.service';
import { ReviewService } from './modules/reports/review.service';
import { reviewRoutes } from './modules/reports/review.routes';
import { InsightsRepository } from './modules/insights/insights.repository';
import { insightsRoutes } from './modules/insights/insights.routes';
import { InsightsService } from './modules/insights/insights.service';
import { RecipientsRepository } from './modules/insights/recipients.repository';
import { createMetrics, metricsRoutes } from './modules/metrics/metrics.routes';
import { recomputeQueuedDays } from './modules/metrics/write/rollup-recompute';
import { SamplesQuery } from './modules/metrics/samples-query';
import { ExportService } from './modules/settings/export/export.service';
import { settingsRoutes } from './modules/settings/settings.routes';
import { ConnectionsRepository } from './modules/sources/connections/connections.repository';
import { registerSandboxProviders } from './modules/sources/sandbox';
import { createProviders } from './modules/sources/providers';
import { SourceCatalogue } from './modules/sources/catalogue';
import { ConnectMethods } from './modules/sources/connect-methods';
import { ConnectService } from './modules/sources/connect.service';
import { DisconnectService } from './modules/sources/disconnect.service';
import { sourcesRoutes } from './modules/sources/sources.routes';
import { SourcesService } from './modules/sources/sources.service';
import { createShares } from './modules/shares';
import { createSummaryReports } from './modules/summary-reports';
import type { ReportJobs } from './modules/summary-reports/report-jobs';
import { SyncRunner } from './modules/sources/sync/sync-runner';
import { SyncStateRepository } from './modules/sources/sync/sync-state.repository';
import { TokenVault } from './modules/sources/token-vault';
import { UserDataSourcesRepository } from './modules/user/user-data-sources.repository';
import { createWebhooks, webhooksRoutes, type WebhookDelivery } from './modules/webhooks';
import { createProviderPush, type ProviderPushService } from './modules/provider-webhooks';
import { userRoutes } from './modules/user/user.routes';
import { createPush } from './modules/push';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { OnboardingRepository } from './modules/onboarding/onboarding.repository';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes';
import { OnboardingService } from './modules/onboarding/onboarding.service';
import { WaitlistRepository } from './modules/waitlist/waitlist.repository';
import { waitlistRoutes } from './modules/waitlist/waitlist.routes';
import { WaitlistService } from './modules/waitlist/waitlist.service';

export const APP_VERSION = '0.1.0';

/** Paths whose values never reach a log line. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.refreshToken',
  '*.accessToken',
  '*.code',
  '*.token',
];

export interface BuiltApp {
  app: FastifyInstance;
  db: Db;
  /** The database's bulk sample I/O (the demo seed writes through it). */
  bulk: SampleBulkIO;
  /** PostgreSQL: where the database is. */
  pg?: PgLocation;
  /** Draining from the first shutdown signal on (`/api/ready` answers 503). */
  lifecycle: Lifecycle;
  identity: Identity;
  /** Background imports; tests wait on `idle()`. */
  importRunner: ImportRunner;
  /** The job queue (pg-boss on PostgreSQL, a table on SQLite): background work that runs once across instances. */
  jobs: JobQueue;
  /** Background insight runs (queue jobs); tests wait on `idle()`. */
  insightJobs: InsightJobs;
  /** Background provider syncs; tests wait on `idle()`. */
  syncRunner: SyncRunner;
  /** Clinician reports made in the background; tests wait on `idle()`. */
  reportJobs: ReportJobs;
  /** Outgoing webhook deliveries; tests call `deliverDue()` and wait on `idle()`. */
  webhookDelivery: WebhookDelivery;
  /** Provider webhooks: subscriptions made in the background; tests wait on `idle()`. */
  providerPush: ProviderPushService;
}

export interface BuildOptions {
  /** A database opened already (tests: a fresh one per suite), which the app then leaves open. */
  database?: OpenedDatabase;
  /** The clock; tests pass a fake one. */
  now?: () => number;
  mailer?: Mailer;
  /** Samples an import writes per transaction (default 20 000). */
  importWriteBatch?: number;
  /** How often scheduled syncs are looked for (default a minute; 0: never by themselves). */
  syncScheduleMs?: number;
  /** How long insight runs wait for more changes (default 2 s). */
  insightDebounceMs?: number;
  /** Time and memory one lab or DEXA report may take to read (default 20 s, 256 MB). */
  reportLimits?: ReportLimits;
  /** Tests only: `connect-report` may fetch over plain http from listed loopback hosts. */
  allowInsecureReportHosts?: boolean;
  /** How often due webhook attempts are looked for (default 5 s; 0: only when a message is queued). */
  webhookCheckMs?: number;
  /** Where log lines go instead of stdout (tests read them to check what never reaches a log). */
  logStream?: DestinationStream;
  /** How often idle job workers look for jobs (default 1 s on SQLite, 2 s with pg-boss). */
  jobPollMs?: number;
}

/** Builds the whole server. Resources are opened here and closed in reverse order by app.close(). */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACT, censor: '[redacted]' },
      // Ingest URLs carry their token in the path: the request line is logged with it redacted.
      serializers: { req: requestSerializer },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // One line per request, at debug unless it failed or was slow (http/request-log.ts).
    logController: new QuietRequestLog(),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { db, bulk, pg } = options.database ?? openDatabase(config.database, app.log);
  const lifecycle: Lifecycle = { draining: false };
  const ownsDb = !options.database;
  app.addHook('onClose', async () => {
    if (ownsDb) await db.close();
  });
  await migrateToLatest(db, pg);
  // Background work (src/jobs): started and stopped after every runner's hooks (see the end). An instance
  // with ROLE=web queues it and leaves it to the instances that run it (worker or all).
  const runsJobs = config.role !== 'web';
  const jobs = createJobQueue(db, pg, {
    log: app.log,
    // SQLite has one server per database: what is still claimed at start was a killed process's.
    handBackOnStart: true,
    takesJobs: runsJobs,
    heartbeatSeconds: config.jobHeartbeatSeconds,
    superviseSeconds: config.jobSuperviseSeconds,
    ...(options.jobPollMs !== undefined ? { pollMs: options.jobPollMs } : {}),
  });

  registerErrorHandling(app);
  // ROLE=worker: background work only; a balancer or orchestrator still probes it.
  if (config.role === 'worker') serveProbesOnly(app);
  registerJsonBody(app);
  await registerSecurityHeaders(app, {
    hsts: config.publicUrl.startsWith('https://'),
    // SPEC §9: the analytics collector is in the CSP only when a measurement id is configured.
    ...(config.analytics ? { connectSrc: [new URL(config.analytics.collectUrl).origin] } : {}),
  });
  await registerDocs(app, APP_VERSION);

  const now = options.now ?? Date.now;
  const identity = await createIdentity(config, db, {
    log: app.log,
    now,
    ...(options.mailer ? { mailer: options.mailer } : {}),
  });
  app.addHook('onClose', async () => {
    await identity.background.idle();
    identity.mailer.close();
  });
  const apiTokens = new ApiTokensService(new ApiTokensRepository(db.kysely), identity.audit, now);
  // Caregivers: X-Person-Id is checked against the person's grant inside app.authenticate.
  const caregivers = createCaregivers({ db, identity });
  registerAuth(app, identity.tokens, apiTokens, caregivers.service);

  const vault = TokenVault.open(config.dataDir, config.encryptionKey);
  const webhooks = createWebhooks({
    db,
    queue: jobs,
    vault,
    mailer: identity.mailer,
    publicUrl: config.publicUrl,
    allowPrivate: config.webhooksAllowPrivate,
    log: app.log,
    now,
    ...(options.webhookCheckMs !== undefined ? { checkEveryMs: options.webhookCheckMs } : {}),
  });
  const waitlist = new WaitlistService(new WaitlistRepository(db.kysely), now, identity.throttle);
  const auditLog = new AuditLogRepository(db.kysely);
  const dataSources = new UserDataSourcesRepository(db.kysely);
  const metrics = createMetrics(db, bulk, now);
  // Every other module's read of samples and daily rollups (and of the person's zone).
  const samples = new SamplesQuery(db);
  const goalsRepo = new GoalsRepository(db.kysely);
  const goals = new GoalsService(goalsRepo, samples, now);
  const insights = new InsightsService(new InsightsRepository(db.kysely), samples, goalsRepo, now);
  const push = createPush({
    db,
    dataDir: config.dataDir,
    vapid: config.vapid,
    publicUrl: config.publicUrl,
    mailFrom: config.mailFrom,
    allowPrivate: config.pushAllowPrivate,
    log: app.log,
    now,
  });
  const insightJobs = new InsightJobs({
    queue: jobs,
    push: push.service,
    insights,
    goals,
    goalsRepo,
    samples,
    recipients: new RecipientsRepository(db.kysely),
    mailer: identity.mailer,
    publicUrl: config.publicUrl,
    log: app.log,
    now,
    events: webhooks.events,
    ...(options.insightDebounceMs !== undefined ? { debounceMs: options.insightDebounceMs } : {}),
  });
  const accountRepo = new AccountRepository(db.kysely);
  const account = new AccountService(identity, accountRepo, config.dataDir, {
    // Sandbox data in or out: the merged days it touched are made again, and the insights after them.
    // A new language: the insights are told again in it (the engine writes their words).
    settingsChanged: async (userId, before, after) => {
      const sandbox = before.preferences.includeSandboxData !== after.preferences.includeSandboxData;
      if (sandbox) await metrics.store.remergeSandboxDays(userId);
      if (sandbox || before.preferences.language !== after.preferences.language) insightJobs.request(userId);
    },
    // Declared below; called only when an account is deleted, long after the app is built.
    deleting: async (userId) => {
      await sources.revokeAll(userId);
    },
  });
  const exports = new ExportService(
    account,
    {
      auditLog,
      dataSources,
      samples,
      clinicalRecords: new ClinicalRecordsRepository(db.kysely),
      goals: goalsRepo,
    },
    identity.audit,
    now,
  );
  const restorer = new AccountRestorer({ account, goals: goalsRepo, dataSources, now });
  const importRunner = new ImportRunner({
    db,
    queue: jobs,
    writer: metrics.writer,
    zones: samples,
    log: app.log,
    now,
    ...(options.importWriteBatch ? { writeBatch: options.importWriteBatch } : {}),
    workerThresholdBytes: config.importWorkerThresholdBytes,
    runsImports: runsJobs,
    onFinished: (userId) => insightJobs.request(userId),
    events: webhooks.events,
    restore: (userId, parts) => restorer.apply(userId, parts),
    ...(options.reportLimits ? { reportLimits: options.reportLimits } : {}),
  });
  const endpoints = {
    settings: config.connectors,
    publicUrl: config.publicUrl,
    // The sandbox providers are mounted on this server: it calls them on its own loopback address.
    selfUrl: () => {
      const address = app.server.address();
      return address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : config.publicUrl;
    },
  };
  const connections = new ConnectionsRepository(db.kysely);
  const syncState = new SyncStateRepository(db.kysely);
  const syncRunner = new SyncRunner({
    queue: jobs,
    connections,
    syncState,
    store: metrics.store,
    writer: metrics.writer,
    zones: samples,
    vault,
    endpoints,
    log: app.log,
    now,
    onFinished: (userId) => insightJobs.request(userId),
    events: (userId, source, timeZone) => webhooks.events.syncRun(userId, source, timeZone),
    ...(options.syncScheduleMs !== undefined ? { checkEveryMs: options.syncScheduleMs } : {}),
  });
  const providerPush = createProviderPush({
    db,
    connections,
    syncState,
    runner: syncRunner,
    zones: samples,
    endpoints,
    sandboxProviders: config.sandboxProviders,
    vault,
    log: app.log,
    now,
  });
  app.addHook('preClose', () => providerPush.service.idle());
  // The Data Sources API: its catalogue, connecting, and the connect methods other modules offer.
  const catalogue = new SourceCatalogue({
    syncState,
    endpoints,
    sandboxProviders: config.sandboxProviders,
    samples,
    isOperator: (userId) => accountRepo.isOperator(userId),
  });
  const connecting = new ConnectService({
    push: providerPush.service,
    repo: connections,
    syncState,
    runner: syncRunner,
    vault,
    endpoints,
    sandboxProviders: config.sandboxProviders,
    now,
    catalogue,
  });
  const ingest = new IngestService({
    tokens: new IngestTokensRepository(db.kysely),
    sources: connecting,
    writer: metrics.writer,
    zones: samples,
    publicUrl: config.publicUrl,
    now,
    onWritten: (userId) => insightJobs.request(userId),
  });
  const providers = createProviders({ connecting, config, log: app.log });
  const methods = new ConnectMethods(ingestConnectMethods(ingest), providers.methods);
  const sources = new SourcesService({
    catalogue,
    connecting,
    disconnecting: new DisconnectService({
      push: providerPush.service,
      repo: connections,
      syncState,
      store: metrics.store,
      vault,
      endpoints,
      now,
      catalogue,
      methods,
      clinical: new ClinicalRecordsRepository(db.kysely),
    }),
    methods,
    syncState,
    runner: syncRunner,
    now,
  });
  app.addHook('onReady', () => syncRunner.start());
  app.addHook('preClose', () => syncRunner.close());
  const imports = new ImportsService(new ImportsRepository(db.kysely), importRunner, config.dataDir, now);
  const reports = new ReportsService(imports, {
    ...DEFAULT_REPORT_FETCH,
    hosts: config.bodyspecReportHosts,
    allowInsecure: options.allowInsecureReportHosts ?? false,
  });
  const clinical = new ClinicalService(db.kysely, samples);
  const review = new ReviewService(new ImportsRepository(db.kysely), metrics.writer, samples, now, (userId) =>
    insightJobs.request(userId),
  );
  // Days a migration left to recompute (sandbox samples marked): in the background, then their insights;
  // on an instance that runs background work.
  let recompute: Promise<void> | undefined;
  app.addHook('onReady', async () => {
    if (!runsJobs) return;
    recompute = recomputeQueuedDays(db, bulk).then(
      (users) => users.forEach((userId) => insightJobs.request(userId)),
      (error: unknown) => app.log.error({ err: error }, 'recomputing queued days failed'),
    );
  });
  app.addHook('preClose', async () => {
    await recompute;
  });
  app.addHook('onReady', () => importRunner.start());
  // preClose: the current batch finishes before the database closes; its job goes back to the queue.
  app.addHook('preClose', () => importRunner.close());
  app.addHook('onReady', () => insightJobs.start());
  app.addHook('preClose', () => insightJobs.close());
  // Scheduled backups (BACKUP_DIR), written beside the running server: modules/backup/README.md.
  if (config.backup) {
    const backups = new BackupJobs({
      config: { ...config, backup: config.backup },
      log: app.log,
      now,
      queue: jobs,
    });
    app.addHook('onReady', () => backups.start());
    app.addHook('preClose', () => backups.close());
  }
  // Attempts a previous process left due are sent on start; an attempt under way ends before the db closes.
  app.addHook('onReady', () => webhooks.delivery.start());
  app.addHook('preClose', () => webhooks.delivery.close());

  // Clinician reports (modules/summary-reports), made in the background; the health score.
  const summaryReports = createSummaryReports({
    db,
    queue: jobs,
    samples,
    clinical: new ClinicalService(db.kysely, samples),
    insights,
    goals,
    profile: async (userId) => {
      const profile = await account.profile(userId);
      return { name: profile.name, units: profile.settings.preferences.units };
    },
    log: app.log,
    now,
  });
  app.addHook('onReady', () => summaryReports.jobs.start());
  app.addHook('preClose', () => summaryReports.jobs.close());
  const shares = createShares({
    db,
    identity,
    account,
    goals,
    samples,
    publicUrl: config.publicUrl,
    now,
    ownsReport: (userId, reportId) => summaryReports.reports.owns(userId, reportId),
    reportPdf: (userId, reportId) => summaryReports.reports.pdf(userId, reportId),
    healthScore: (userId) => summaryReports.score.score(userId),
  });
  await app.register(
    async (api) => {
      await api.register(healthRoutes(db, APP_VERSION, lifecycle, jobs));
      await api.register(waitlistRoutes(waitlist));
      await api.register(identityRoutes(identity), { prefix: '/identity' });
      await api.register(accountRoutes(account, identity));
      await api.register(settingsRoutes({ account, exports, auditLog, identity }));
      await api.register(userRoutes(dataSources, now));
      await api.register(
        onboardingRoutes(
          new OnboardingService(new OnboardingRepository(db.kysely), identity.mfa, (userId) =>
            account.settings(userId),
          ),
        ),
      );
      await api.register(metricsRoutes(db, bulk, now));
      await api.register(insightsRoutes(insights, insightJobs));
      await api.register(sourcesRoutes(sources));
      await api.register(ingestRoutes(ingest, identity.throttle));
      for (const routes of providers.routes) await api.register(routes);
      await api.register(goalsRoutes(goals, (userId) => insightJobs.request(userId)));
      await shares.api(api);
      await api.register(clinicalRoutes(clinical));
      await api.register(importsRoutes(imports, config.importMaxBytes));
      await api.register(reviewRoutes(review));
      await api.register(reportsRoutes(reports, imports, config.importMaxBytes));
      await api.register(summaryReports.routes);
      await api.register(webhooksRoutes(webhooks.service));
      await api.register(providerPush.routes);
      await api.register(push.routes);
      await api.register(analyticsRoutes(config.analytics));
      await api.register(apiTokensRoutes(apiTokens, identity));
      await api.register(caregivers.routes);
      await api.register(
        mcpRoutes({
          ...metrics,
          zones: samples,
          insights,
          goals,
          clinical,
          profile: (userId) => account.profile(userId),
          audit: (token, tool) => apiTokens.auditCall(token, tool, null),
          now,
          version: APP_VERSION,
        }),
      );
    },
    { prefix: '/api' },
  );

  if (config.sandboxProviders) await registerSandboxProviders(app);
  shares.page(app, config.webDist);
  await registerSpa(app, config.webDist);
  // Last of the onReady hooks: every runner's queues are registered by now. Last of the preClose hooks:
  // what the runners queue as they stop is kept; running jobs get the grace period less a second to
  // finish, then go back to the queue for another instance or the next start.
  app.addHook('onReady', () => jobs.start());
  app.addHook('preClose', () =>
    jobs.stop({ drain: true, timeoutMs: Math.max(1_000, config.shutdownGraceSeconds * 1000 - 1_000) }),
  );
  return {
    app,
    db,
    bulk,
    ...(pg ? { pg } : {}),
    lifecycle,
    identity,
    jobs,
    importRunner,
    insightJobs,
    syncRunner,
    reportJobs: summaryReports.jobs,
    webhookDelivery: webhooks.delivery,
    providerPush: providerPush.service,
  };
}
