import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { migrateToLatest, openDatabase, type Db } from './db/database';
import { registerDocs } from './http/docs';
import { registerErrorHandling } from './http/errors';
import { registerSecurityHeaders } from './http/security';
import { registerSpa } from './http/spa';
import { healthRoutes } from './modules/health/health.routes';
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
}

/** Builds the whole server. Resources are opened here and closed in reverse order by app.close(). */
export async function buildApp(config: Config, options: { db?: Db } = {}): Promise<BuiltApp> {
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

  const waitlist = new WaitlistService(new WaitlistRepository(db.kysely));

  await app.register(
    async (api) => {
      await api.register(healthRoutes(db, APP_VERSION));
      await api.register(waitlistRoutes(waitlist));
    },
    { prefix: '/api' },
  );

  await registerSpa(app, config.webDist);
  return { app, db };
}
