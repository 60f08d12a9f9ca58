import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { migrateToLatest, openDatabase, type Db } from './db/database';
import { registerAuth } from './http/auth';
import { registerDocs } from './http/docs';
import { registerErrorHandling } from './http/errors';
import { registerSecurityHeaders } from './http/security';
import { registerSpa } from './http/spa';
import { AuditLogRepository } from './identity/audit-log.repository';
import { createIdentity, type Identity } from './identity/identity';
import { identityRoutes } from './identity/identity.routes';
import type { Mailer } from './mail/mailer';
import { AccountRepository } from './modules/account/account.repository';
import { accountRoutes } from './modules/account/account.routes';
import { AccountService } from './modules/account/account.service';
import { healthRoutes } from './modules/health/health.routes';
import { ImportRunner } from './modules/imports/import-runner';
import { ImportsRepository } from './modules/imports/imports.repository';
import { importsRoutes } from './modules/imports/imports.routes';
import { ImportsService } from './modules/imports/imports.service';
import { createMetrics, metricsRoutes } from './modules/metrics/metrics.routes';
import { ExportService } from './modules/settings/export/export.service';
import { SamplesExportRepository } from './modules/settings/export/samples-export.repository';
import { settingsRoutes } from './modules/settings/settings.routes';
import { UserDataSourcesRepository } from './modules/user/user-data-sources.repository';
import { userRoutes } from './modules/user/user.routes';
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
  identity: Identity;
  /** Background imports; tests wait on `idle()`. */
  importRunner: ImportRunner;
}

export interface BuildOptions {
  db?: Db;
  /** The clock; tests pass a fake one. */
  now?: () => number;
  mailer?: Mailer;
  /** Samples an import writes per transaction (default 20 000). */
  importWriteBatch?: number;
}

/** Builds the whole server. Resources are opened here and closed in reverse order by app.close(). */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: { paths: REDACT, censor: '[redacted]' } },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = options.db ?? openDatabase(config.database);
  const ownsDb = !options.db;
  app.addHook('onClose', async () => {
    if (ownsDb) await db.close();
  });
  await migrateToLatest(db);

  registerErrorHandling(app);
  await registerSecurityHeaders(app);
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
  registerAuth(app, identity.tokens);

  const waitlist = new WaitlistService(new WaitlistRepository(db.kysely));
  const auditLog = new AuditLogRepository(db.kysely);
  const dataSources = new UserDataSourcesRepository(db.kysely);
  const account = new AccountService(identity, new AccountRepository(db.kysely), config.dataDir);
  const exports = new ExportService(
    account,
    { auditLog, dataSources, samples: new SamplesExportRepository(db.kysely) },
    identity.audit,
    now,
  );

  const metrics = createMetrics(db, now);
  const importRunner = new ImportRunner({
    db,
    store: metrics.store,
    zones: metrics.zones,
    log: app.log,
    now,
    ...(options.importWriteBatch ? { writeBatch: options.importWriteBatch } : {}),
    workerThresholdBytes: config.importWorkerThresholdBytes,
  });
  const imports = new ImportsService(new ImportsRepository(db.kysely), importRunner, config.dataDir, now);
  app.addHook('onReady', () => importRunner.resume());
  // preClose: the current batch finishes before the database closes; the import resumes on the next start.
  app.addHook('preClose', () => importRunner.close());

  await app.register(
    async (api) => {
      await api.register(healthRoutes(db, APP_VERSION));
      await api.register(waitlistRoutes(waitlist));
      await api.register(identityRoutes(identity), { prefix: '/identity' });
      await api.register(accountRoutes(account));
      await api.register(settingsRoutes({ account, exports, auditLog, identity }));
      await api.register(userRoutes(dataSources, now));
      await api.register(metricsRoutes(db, now));
      await api.register(importsRoutes(imports, config.importMaxBytes));
    },
    { prefix: '/api' },
  );

  await registerSpa(app, config.webDist);
  return { app, db, identity, importRunner };
}
