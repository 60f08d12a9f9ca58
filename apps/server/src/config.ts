import fs from 'node:fs';
import path from 'node:path';
import { IMPORT_MAX_BYTES_DEFAULT } from '@healthfolio/core';
import { z } from 'zod';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Healthfolio <no-reply@healthfolio.local>'),
  ENCRYPTION_KEY: z.string().optional(),
  /** SQLite only: the database file is encrypted (SQLCipher 4 scheme) with this raw key, 64 hex digits. */
  DATABASE_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits (32 bytes): openssl rand -hex 32')
    .optional(),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  /** Largest upload an import takes (an Apple Health export.zip of many years is several GB). */
  IMPORT_MAX_BYTES: z.coerce.number().int().positive().default(IMPORT_MAX_BYTES_DEFAULT),
  /**
   * Uploads from this size on are parsed, and their batches prepared, in a worker thread while the main
   * thread writes (0: always). Parsing on a second core took a 1 M-Record Apple Health import from
   * ~8.7 to ~7.7 s (apps/server/bench/import.bench.ts); a smaller upload is parsed on the writing thread,
   * sooner than a worker would start.
   */
  IMPORT_WORKER_THRESHOLD_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(16 * 1024 * 1024),
  /** How long running work may take to reach a commit point after SIGTERM before it is handed back. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().positive().max(600).default(10),
  /**
   * PostgreSQL job queue: a running job refreshes its claim every half of this; a claim silent this long is
   * a dead instance's and its job goes back to the queue (pg-boss's minimum is 10 s).
   */
  JOBS_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(3600).default(20),
  /** PostgreSQL job queue: how often silent and expired claims are looked for. */
  JOBS_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  /**
   * What this instance does (PostgreSQL, several instances): `all` serves requests and runs jobs; `web`
   * serves requests and only queues jobs; `worker` runs jobs and answers only /api/health and /api/ready.
   */
  ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(3600),
  /** Absolute lifetime of a sign-in: refresh tokens rotate, but a family never outlives this. */
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 24 * 3600),
  TRUST_PROXY: bool(false),
  /** Hosts `connect-report` fetches BodySpec report PDFs from (comma list; a name covers its subdomains). */
  BODYSPEC_REPORT_HOSTS: z.string().default('bodyspec.com'),
  /** A JSON array of {id, name, fhirBaseUrl}: SMART on FHIR endpoints `ehr` offers besides the built-in sandboxes. */
  SMART_ENDPOINTS_FILE: z.string().min(1).optional(),
  /** Scheduled backups go to this folder (unset: none); see modules/backup/README.md. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** How many scheduled backups are kept (the oldest go). */
  BACKUP_KEEP: z.coerce.number().int().positive().default(7),
  /** Hours between scheduled backups. */
  BACKUP_EVERY_HOURS: z.coerce.number().positive().default(24),
  /** A file holding the passphrase scheduled backups are encrypted with (else BACKUP_PASSPHRASE). */
  BACKUP_PASSPHRASE_FILE: z.string().min(1).optional(),
  BACKUP_PASSPHRASE: z.string().min(1).optional(),
  /** Web Push (VAPID, RFC 8292): both keys, base64url as `web-push generate-vapid-keys` prints them; unset: made in DATA_DIR. */
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  /** The contact a push service may write to: `mailto:` or `https:` (default: PUBLIC_URL if https, else MAIL_FROM). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/, 'must start with mailto: or https:')
    .optional(),
  /** SPEC §9's analytics measurement id (a GA4 `G-…` id): unset, no analytics at all. */
  ANALYTICS_MEASUREMENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a measurement id such as G-ABC123')
    .optional(),
  /** Where page views go once a person consents (GA4's collection endpoint). */
  ANALYTICS_COLLECT_URL: z.string().url().default('https://www.google-analytics.com/g/collect'),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** SQLite file under dataDir, or PostgreSQL when databaseUrl is set. */
  database:
    | { dialect: 'sqlite'; file: string; /** DATABASE_ENCRYPTION_KEY */ encryptionKey?: string }
    | { dialect: 'postgres'; url: string };
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  encryptionKey?: string;
  publicUrl: string;
  logLevel: string;
  webDist: string;
  bodyLimitBytes: number;
  importMaxBytes: number;
  importWorkerThresholdBytes: number;
  shutdownGraceSeconds: number;
  /** PostgreSQL job queue: JOBS_HEARTBEAT_SECONDS and JOBS_SUPERVISE_SECONDS. */
  jobHeartbeatSeconds: number;
  jobSuperviseSeconds: number;
  /** ROLE: whether this instance serves requests, runs jobs, or both (`all`, the only role on SQLite). */
  role: 'all' | 'web' | 'worker';
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  signupEnabled: boolean;
  /** A demo account with a year of data on the first start of an empty development database. */
  demoSeed: boolean;
  authDistinctErrors: boolean;
  /** Every account must sign in with a second factor; one without is led to enrol TOTP at sign-in. */
  requireMfa: boolean;
  sandboxProviders: boolean;
  /** Report-builder feeds may be plain http and on private addresses (a home server on the LAN). */
  reportBuilderAllowPrivate: boolean;
  /** Outgoing webhooks may go to plain http and private or loopback addresses (a receiver on the LAN). */
  webhooksAllowPrivate: boolean;
  trustProxy: boolean;
  /** Where BodySpec report links may point (https only). */
  bodyspecReportHosts: string[];
  /** The operator's SMART endpoint directory file (read when the server starts), when set. */
  smartEndpointsFile?: string;
  /** Scheduled backups (BACKUP_DIR …), when a folder is set. */
  backup?: { dir: string; keep: number; everyMs: number; passphrase?: string };
  /** Web Push: VAPID keys and contact when the operator gives them (else made in DATA_DIR/vapid.json). */
  vapid: { publicKey?: string; privateKey?: string; subject?: string };
  /** Push endpoints may be plain http on private or loopback addresses (PUSH_ALLOW_PRIVATE; tests). */
  pushAllowPrivate: boolean;
  /** SPEC §9 analytics, when a measurement id is set: page views only, after the person consents. */
  analytics?: { measurementId: string; collectUrl: string };
  /** Per provider kind, from `<KIND>_CLIENT_ID`, `_CLIENT_SECRET`, `_BASE_URL` and `_AUTH_BASE_URL`. */
  connectors: Record<string, ConnectorSettings>;
}

/** An operator's app registration with one provider ("bring your own app"). */
export interface ConnectorSettings {
  clientId?: string;
  clientSecret?: string;
  baseUrl?: string;
  authBaseUrl?: string;
}

/** `<KIND>_CLIENT_ID` … for every kind named in the environment (OURA_CLIENT_ID → oura). */
function connectorSettings(env: Record<string, string | undefined>): Record<string, ConnectorSettings> {
  const out: Record<string, ConnectorSettings> = {};
  const fields = {
    CLIENT_ID: 'clientId',
    CLIENT_SECRET: 'clientSecret',
    BASE_URL: 'baseUrl',
    AUTH_BASE_URL: 'authBaseUrl',
  } as const;
  for (const [name, value] of Object.entries(env)) {
    const match = /^([A-Z0-9_]+?)_(CLIENT_ID|CLIENT_SECRET|AUTH_BASE_URL|BASE_URL)$/.exec(name);
    if (!match || !value) continue;
    const kind = match[1]!.toLowerCase();
    (out[kind] ??= {})[fields[match[2] as keyof typeof fields]] = value;
  }
  return out;
}

/** Reads and validates the environment once; every other module receives the result. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const flags = z
    .object({
      SIGNUP_ENABLED: bool(false),
      DEMO_SEED: bool(true),
      AUTH_DISTINCT_ERRORS: bool(false),
      REQUIRE_MFA: bool(false),
      SANDBOX_PROVIDERS: bool(!production),
      REPORT_BUILDER_ALLOW_PRIVATE: bool(false),
      WEBHOOKS_ALLOW_PRIVATE: bool(false),
      PUSH_ALLOW_PRIVATE: bool(false),
    })
    .parse(env);
  const dataDir = path.resolve(e.DATA_DIR);
  // Provider tokens and second factors are sealed with this key. Outside production a key file is made
  // beside the database; in production that would protect nothing once the disk is copied, so an
  // operator must give one (or keep the file an earlier start made): no start without a key.
  if (production && !e.ENCRYPTION_KEY && !fs.existsSync(path.join(dataDir, 'encryption.key'))) {
    throw new Error(
      'Invalid configuration: ENCRYPTION_KEY is required in production (or a key file at DATA_DIR/encryption.key). Generate one with: openssl rand -base64 32',
    );
  }
  if (e.DATABASE_URL && e.DATABASE_ENCRYPTION_KEY) {
    throw new Error(
      'Invalid configuration: DATABASE_ENCRYPTION_KEY encrypts the SQLite file; with DATABASE_URL (PostgreSQL) encrypt the database server’s storage instead, and unset it',
    );
  }
  if (!e.DATABASE_URL && e.ROLE !== 'all') {
    throw new Error(
      `Invalid configuration: ROLE=${e.ROLE} splits requests and jobs between instances on one PostgreSQL database (DATABASE_URL); on SQLite one server does both, so leave ROLE unset`,
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { dialect: 'postgres', url: e.DATABASE_URL }
      : {
          dialect: 'sqlite',
          file: path.join(dataDir, 'healthfolio.db'),
          ...(e.DATABASE_ENCRYPTION_KEY ? { encryptionKey: e.DATABASE_ENCRYPTION_KEY } : {}),
        },
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    encryptionKey: e.ENCRYPTION_KEY,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    importMaxBytes: e.IMPORT_MAX_BYTES,
    importWorkerThresholdBytes: e.IMPORT_WORKER_THRESHOLD_BYTES,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    jobHeartbeatSeconds: e.JOBS_HEARTBEAT_SECONDS,
    jobSuperviseSeconds: e.JOBS_SUPERVISE_SECONDS,
    role: e.ROLE,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    signupEnabled: flags.SIGNUP_ENABLED,
    demoSeed: flags.DEMO_SEED,
    authDistinctErrors: flags.AUTH_DISTINCT_ERRORS,
    requireMfa: flags.REQUIRE_MFA,
    sandboxProviders: flags.SANDBOX_PROVIDERS,
    reportBuilderAllowPrivate: flags.REPORT_BUILDER_ALLOW_PRIVATE,
    webhooksAllowPrivate: flags.WEBHOOKS_ALLOW_PRIVATE,
    trustProxy: e.TRUST_PROXY,
    bodyspecReportHosts: e.BODYSPEC_REPORT_HOSTS.split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    connectors: connectorSettings(env),
    vapid: {
      ...(e.VAPID_PUBLIC_KEY ? { publicKey: e.VAPID_PUBLIC_KEY } : {}),
      ...(e.VAPID_PRIVATE_KEY ? { privateKey: e.VAPID_PRIVATE_KEY } : {}),
      ...(e.VAPID_SUBJECT ? { subject: e.VAPID_SUBJECT } : {}),
    },
    pushAllowPrivate: flags.PUSH_ALLOW_PRIVATE,
    ...(e.ANALYTICS_MEASUREMENT_ID
      ? { analytics: { measurementId: e.ANALYTICS_MEASUREMENT_ID, collectUrl: e.ANALYTICS_COLLECT_URL } }
      : {}),
    ...(e.SMART_ENDPOINTS_FILE ? { smartEndpointsFile: path.resolve(e.SMART_ENDPOINTS_FILE) } : {}),
    ...(e.BACKUP_DIR
      ? {
          backup: {
            dir: path.resolve(e.BACKUP_DIR),
            keep: e.BACKUP_KEEP,
            everyMs: e.BACKUP_EVERY_HOURS * 3_600_000,
            ...backupPassphrase(e.BACKUP_PASSPHRASE_FILE, e.BACKUP_PASSPHRASE),
          },
        }
      : {}),
  };
}

/** The backup passphrase: the first line of BACKUP_PASSPHRASE_FILE, else BACKUP_PASSPHRASE. */
export function backupPassphrase(file?: string, value?: string): { passphrase?: string } {
  if (file) {
    const passphrase = fs.readFileSync(file, 'utf8').split(/\r?\n/)[0] ?? '';
    if (!passphrase) throw new Error(`Invalid configuration: ${file} holds no passphrase`);
    return { passphrase };
  }
  return value ? { passphrase: value } : {};
}
