// The Data Sources API's request and answer shapes; the kinds of source are in source-catalogue.ts.
import { z } from 'zod';
import { connectMethods, sourceCategories, sourceKinds } from './source-catalogue';

export const connectionStatuses = ['disconnected', 'connected', 'syncing', 'error'] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

/** `GET /api/data-sources` items (DESIGN "Sources"). */
export const dataSourceSchema = z.object({
  id: z.string(),
  kind: z.enum(sourceKinds),
  name: z.string(),
  category: z.enum(sourceCategories),
  connectMethod: z.enum(connectMethods),
  status: z.enum(connectionStatuses),
  lastSync: z.string().nullable(),
  sandbox: z.boolean(),
  brings: z.string(),
  metrics: z.array(z.string()),
  fileFallback: z.string().nullable(),
  /** Whether the operator has set up this connector (client id and secret), or it needs no set-up. */
  configured: z.boolean(),
  /** Whether a sandbox provider can stand in for it here. */
  sandboxAvailable: z.boolean(),
  /** Whether the server pulls its data (an API or a feed), so "Sync now" means something. */
  syncs: z.boolean(),
  /** The last error, in plain words. */
  lastError: z.string().nullable(),
  /** Generic kinds: the name the person gave their source ("Omron cuff"). */
  customName: z.string().nullable().optional(),
  /**
   * What it holds for the person, however it came (connected, imported, pushed, entered): readings,
   * clinical records and the newest of them. In `GET /api/data-sources`; "Your sources" lists those with any.
   */
  data: z
    .object({ samples: z.number().int(), records: z.number().int(), lastDataAt: z.string().nullable() })
    .optional(),
});
export type DataSource = z.infer<typeof dataSourceSchema>;
export const dataSourceListSchema = z.object({
  items: z.array(dataSourceSchema),
  /** Whether the person operates this server (its first account): only they see connector set-up hints. */
  operator: z.boolean().optional(),
});

/** `POST /api/data-sources/:id/connect` and `POST /api/integrations/:source/connect`. */
export const connectRequestSchema = z.object({
  /** The authorization code the provider sent to /oauth/callback. */
  code: z.string().min(1).max(2048).optional(),
  /** The `state` it came back with: single use, bound to the user who started connecting. */
  state: z.string().min(1).max(512).optional(),
  /** Connect the sandbox provider instead of the real one. */
  sandbox: z.boolean().optional(),
  /** For providers that sign in with a password (Peloton, Eight Sleep, LibreLinkUp); never stored. */
  username: z.string().min(1).max(200).optional(),
  password: z.string().min(1).max(200).optional(),
  /** `ehr`: the SMART on FHIR endpoint chosen from the server's directory (`GET /api/integrations/ehr/endpoints`). */
  endpoint: z.string().min(1).max(200).optional(),
  /** Generic kinds: the name the person gives their source ("Omron cuff"). */
  name: z.string().trim().min(1).max(100).optional(),
  /** Report builder: the feed's URL (https); BodySpec: the report's URL. */
  url: z.string().url().max(2048).optional(),
  /** Report builder: the key the feed expects (sent as a bearer token); sealed, never answered. */
  apiKey: z.string().min(1).max(4096).optional(),
});
export type ConnectRequest = z.infer<typeof connectRequestSchema>;

/** What a connect call answers: the consent URL to open, or the connected source. */
export const connectResultSchema = z.object({
  authorizationUrl: z.string().nullable(),
  source: dataSourceSchema,
  /**
   * Push sources (Apple Health, Health Connect, custom sources): the personal ingest URL an exporter app
   * posts to. The token is shown once, when it is made; later answers carry only its hint.
   */
  ingest: z
    .object({
      url: z.string().nullable(),
      hint: z.string(),
      createdAt: z.string(),
      lastUsedAt: z.string().nullable(),
      received: z.number().int(),
    })
    .nullable()
    .optional(),
  /** Sources whose data comes by a provider's export: what to do there, step by step, and where. */
  instructions: z
    .object({
      title: z.string(),
      steps: z.array(z.string()),
      links: z.array(z.object({ label: z.string(), href: z.string() })),
    })
    .nullable()
    .optional(),
});
export type ConnectResult = z.infer<typeof connectResultSchema>;

/** `POST /api/integrations/oauth/callback`: what /oauth/callback received. */
export const oauthCallbackSchema = z.object({
  code: z.string().min(1).max(2048).optional(),
  state: z.string().min(1).max(512),
  /** The provider's refusal ("access_denied") when the person said no. */
  error: z.string().max(200).optional(),
});

export const disconnectRequestSchema = z.object({
  /**
   * Also delete every sample this source wrote. Left out: a sandbox connection's generated data is
   * deleted (only it: the person's own files of that source stay), a real connection's data is kept.
   */
  deleteData: z.boolean().optional(),
});

export const syncQuerySchema = z.object({
  /** Reach this many days back instead of syncing what changed since the last sync. */
  days: z.coerce.number().int().min(1).max(3650).optional(),
});

export const syncStates = ['idle', 'queued', 'running'] as const;

/** `GET /api/data-sources/:id/sync-status`. */
export const syncStatusSchema = z.object({
  state: z.enum(syncStates),
  status: z.enum(connectionStatuses),
  /** Pages fetched and samples mapped in the sync under way (or the last one). */
  progress: z.object({ pages: z.number().int(), samples: z.number().int() }),
  /** Share of the window done, 0–1, when it can be told. */
  fraction: z.number().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
  lastSync: z.string().nullable(),
  nextSync: z.string().nullable(),
});
export type SyncStatus = z.infer<typeof syncStatusSchema>;

export const syncRunSchema = z.object({
  id: z.string(),
  status: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  requests: z.number().int(),
  samples: z.number().int(),
  inserted: z.number().int(),
  /** Stored before with another value, replaced by this run (a re-scored night, today's growing total). */
  updated: z.number().int(),
  /** Removed: the provider deleted them, or no longer answers them in a window read again in full. */
  deleted: z.number().int(),
  /** Samples already stored as they are; samples refused, with the first reasons. */
  duplicates: z.number().int(),
  rejected: z.number().int(),
  problems: z.array(z.string()),
  error: z.string().nullable(),
});

/** `GET /api/data-sources/:id/sync-stats`. */
export const syncStatsSchema = z.object({
  metrics: z.array(
    z.object({
      metric: z.string(),
      samples: z.number().int(),
      first: z.string().nullable(),
      last: z.string().nullable(),
    }),
  ),
  syncsRun: z.number().int(),
  lastError: z.string().nullable(),
  lastSync: z.string().nullable(),
  backfillDays: z.number().int().nullable(),
  history: z.array(syncRunSchema),
});
export type SyncStats = z.infer<typeof syncStatsSchema>;

/** `GET /api/integrations`: each connector's set-up, for the operator wizard. */
export const integrationSchema = z.object({
  kind: z.enum(sourceKinds),
  name: z.string(),
  configured: z.boolean(),
  sandboxAvailable: z.boolean(),
  /** The exact redirect URI to register with the provider. */
  redirectUri: z.string(),
  registerAppUrl: z.string(),
  docsUrl: z.string(),
  scopes: z.array(z.string()),
  /** The environment variables that configure it. */
  env: z.array(z.string()),
  rateLimit: z.string(),
  backfillDays: z.number().int(),
  syncEveryMinutes: z.number().int(),
  fileFallback: z.string().nullable(),
});
export const integrationListSchema = z.object({ items: z.array(integrationSchema) });
export type Integration = z.infer<typeof integrationSchema>;

/** `PUT /api/data-sources/:id/last-sync`. */
export const lastSyncSchema = z.object({ lastSync: z.iso.datetime({ offset: true }) });

/** `POST /api/data-sources/:id/disconnect`: the source after, and what went with it. */
export const disconnectResultSchema = z.object({
  source: dataSourceSchema,
  deletedSamples: z.number().int(),
  revoked: z.boolean(),
});
export type DisconnectResult = z.infer<typeof disconnectResultSchema>;

/** `POST /api/integrations/:source/self-test`: the provider's word on the operator's client id and secret. */
export const selfTestResultSchema = z.object({ ok: z.boolean(), message: z.string() });
export type SelfTestResult = z.infer<typeof selfTestResultSchema>;

/** `GET /api/integrations/oauth/:source?sandbox=`. */
export const oauthStartQuerySchema = z.object({ sandbox: z.enum(['true', 'false']).optional() });
/** The provider's consent page to send the person to. */
export const oauthStartSchema = z.object({ url: z.string() });

/** `POST /api/integrations/oauth/callback`: the source the consent connected. */
export const oauthCallbackResultSchema = z.object({ source: dataSourceSchema });
export type OAuthCallbackResult = z.infer<typeof oauthCallbackResultSchema>;

/** A SMART on FHIR endpoint of the EHR directory. */
export const ehrEndpointSchema = z.object({
  id: z.string(),
  name: z.string(),
  fhirBaseUrl: z.string().nullable(),
});
export type EhrEndpoint = z.infer<typeof ehrEndpointSchema>;
/** `GET /api/integrations/ehr/endpoints`. */
export const ehrEndpointListSchema = z.object({ items: z.array(ehrEndpointSchema) });

/** `POST /api/integrations/report-builder`: a feed's URL and key. */
export const reportBuilderConnectSchema = z.object({
  url: z.string().url().max(2048),
  apiKey: z.string().min(1).max(4096),
  sandbox: z.boolean().optional(),
});

/** `GET /api/integrations/:source/ingest` and `…/rotate`: an ingest URL's status (`url` only when just made). */
export const ingestStatusSchema = connectResultSchema.shape.ingest.unwrap().unwrap();
export type IngestStatus = z.infer<typeof ingestStatusSchema>;
