import { z } from 'zod';

/** SPEC §3's data-source kinds. */
export const sourceKinds = [
  'fitness_tracker',
  'nutrition_app',
  'health_platform',
  'medical_device',
  'sleep_tracker',
  'mental_health',
  'pdf_upload',
  'report_builder',
  'apple_healthkit',
  'google_health_connect',
  'garmin',
  'strava',
  'quest_diagnostics',
  'whoop',
  'oura',
  'dexcom',
  'freestyle_libre',
  'bodyspec',
  'labcorp',
  'va',
  'medicare',
  'myfitnesspal',
  'eight_sleep',
  'fitbit',
  'peloton',
  'withings',
  'epic',
  'cerner',
  'ehr',
  'generic_lab_report',
] as const;
export type SourceKind = (typeof sourceKinds)[number];

export const sourceCategories = [
  'wearable',
  'glucose',
  'lab',
  'clinical',
  'nutrition',
  'platform',
  'other',
] as const;
export type SourceCategory = (typeof sourceCategories)[number];

/** DESIGN "Sources": how a source connects. */
export const connectMethods = ['oauth', 'credentials', 'upload', 'url', 'device'] as const;
export type ConnectMethod = (typeof connectMethods)[number];

/** One row of the source catalogue. */
export interface SourceDefinition {
  kind: SourceKind;
  name: string;
  category: SourceCategory;
  connectMethod: ConnectMethod;
  /** What it brings, as people say it. */
  brings: string;
  /** Canonical metric kinds it writes. */
  metrics: readonly string[];
  /** The export a person can import instead of connecting ("Oura CSV or JSON export"). */
  fileFallback: string | null;
}

const wearableVitals = ['heart_rate', 'resting_heart_rate', 'steps', 'sleep_duration'] as const;

/** Every SPEC §3 source kind: name, category, how it connects, and what it brings. */
export const sourceCatalogue: readonly SourceDefinition[] = [
  {
    kind: 'oura',
    name: 'Oura',
    category: 'wearable',
    connectMethod: 'oauth',
    brings: 'Sleep, readiness, activity, heart rate and SpO2 from the Oura ring',
    metrics: [...wearableVitals, 'oxygen_saturation', 'active_calories_burned', 'body_temperature'],
    fileFallback: 'Oura CSV or JSON export (Membership Hub → Export data)',
  },
  {
    kind: 'garmin',
    name: 'Garmin',
    category: 'wearable',
    connectMethod: 'oauth',
    brings: 'Daily summaries, sleep, body composition and activities from Garmin Connect',
    metrics: [...wearableVitals, 'distance', 'active_calories_burned', 'weight', 'body_fat', 'stress_level'],
    fileFallback: 'Garmin FIT files (activities, monitoring, sleep, HRV, weight)',
  },
  {
    kind: 'whoop',
    name: 'WHOOP',
    category: 'wearable',
    connectMethod: 'oauth',
    brings: 'Recovery, sleep, strain cycles and workouts',
    metrics: [...wearableVitals, 'respiratory_rate', 'oxygen_saturation', 'calories'],
    fileFallback: 'WHOOP CSV export (App → Settings → Data export)',
  },
  {
    kind: 'fitbit',
    name: 'Fitbit',
    category: 'wearable',
    connectMethod: 'oauth',
    brings: 'Steps, heart rate, sleep and weight through the Google Health API',
    metrics: [...wearableVitals, 'weight', 'distance'],
    fileFallback: 'Fitbit data from Google Takeout',
  },
  {
    kind: 'withings',
    name: 'Withings',
    category: 'wearable',
    connectMethod: 'oauth',
    brings: 'Weight and body composition, blood pressure and sleep',
    metrics: [
      'weight',
      'body_fat',
      'muscle_mass',
      'bone_mass',
      'blood_pressure',
      'heart_rate',
      'sleep_duration',
    ],
    fileFallback: 'Withings CSV export (Health Mate → Download my data)',
  },
  {
    kind: 'strava',
    name: 'Strava',
    category: 'wearable',
    connectMethod: 'oauth',
    brings: 'Activities with distance, time, heart rate and calories',
    metrics: ['distance', 'exercise_minutes', 'active_calories_burned', 'heart_rate'],
    fileFallback: 'Strava bulk export (activities.csv, GPX/TCX files)',
  },
  {
    kind: 'peloton',
    name: 'Peloton',
    category: 'wearable',
    connectMethod: 'credentials',
    brings: 'Workouts with output, heart rate and calories',
    metrics: ['exercise_minutes', 'active_calories_burned', 'heart_rate', 'distance'],
    fileFallback: 'Peloton workouts CSV (Profile → Workouts → Download)',
  },
  {
    kind: 'eight_sleep',
    name: 'Eight Sleep',
    category: 'wearable',
    connectMethod: 'credentials',
    brings: 'Sleep sessions, heart rate and respiratory rate from the Pod',
    metrics: ['sleep_duration', 'heart_rate', 'respiratory_rate'],
    fileFallback: 'Eight Sleep JSON export',
  },
  {
    kind: 'dexcom',
    name: 'Dexcom',
    category: 'glucose',
    connectMethod: 'oauth',
    brings: 'Continuous glucose readings (EGVs) every 5 minutes',
    metrics: ['blood_glucose'],
    fileFallback: 'Dexcom Clarity CSV export',
  },
  {
    kind: 'freestyle_libre',
    name: 'FreeStyle Libre',
    category: 'glucose',
    connectMethod: 'credentials',
    brings: 'Glucose readings through a LibreLinkUp follower account',
    metrics: ['blood_glucose'],
    fileFallback: 'LibreView CSV export',
  },
  {
    kind: 'quest_diagnostics',
    name: 'Quest Diagnostics',
    category: 'lab',
    connectMethod: 'upload',
    brings: 'Lab results from Quest PDF reports',
    metrics: ['blood_glucose', 'hemoglobin_a1c', 'ldl_cholesterol', 'hdl_cholesterol'],
    fileFallback: 'Quest lab report PDF (MyQuest → Results → Download)',
  },
  {
    kind: 'labcorp',
    name: 'Labcorp',
    category: 'lab',
    connectMethod: 'upload',
    brings: 'Lab results from Labcorp PDF reports',
    metrics: ['blood_glucose', 'hemoglobin_a1c', 'ldl_cholesterol', 'hdl_cholesterol'],
    fileFallback: 'Labcorp lab report PDF (Labcorp Patient → Results → Download)',
  },
  {
    kind: 'generic_lab_report',
    name: 'Other lab report',
    category: 'lab',
    connectMethod: 'upload',
    brings: 'Lab results from any lab PDF',
    metrics: ['custom'],
    fileFallback: 'Any lab report PDF',
  },
  {
    kind: 'pdf_upload',
    name: 'PDF upload',
    category: 'lab',
    connectMethod: 'upload',
    brings: 'Lab and DEXA reports read from PDFs',
    metrics: ['custom'],
    fileFallback: 'Lab or DEXA report PDF',
  },
  {
    kind: 'bodyspec',
    name: 'BodySpec',
    category: 'lab',
    connectMethod: 'url',
    brings: 'DEXA body composition: fat, lean and bone mass, VAT, regional results',
    metrics: ['body_fat', 'fat_mass', 'lean_mass', 'bone_mass', 'vat_mass', 'android_gynoid_ratio'],
    fileFallback: 'BodySpec DEXA report PDF',
  },
  {
    kind: 'epic',
    name: 'Epic (MyChart)',
    category: 'clinical',
    connectMethod: 'oauth',
    brings: 'Labs, vitals, conditions, procedures and medications from Epic health systems',
    metrics: ['diagnosis', 'procedure'],
    fileFallback: 'FHIR R4 export (Bundle or NDJSON)',
  },
  {
    kind: 'cerner',
    name: 'Oracle Health (Cerner)',
    category: 'clinical',
    connectMethod: 'oauth',
    brings: 'Labs, vitals, conditions and procedures from Oracle Health systems',
    metrics: ['diagnosis', 'procedure'],
    fileFallback: 'FHIR R4 export (Bundle or NDJSON)',
  },
  {
    kind: 'ehr',
    name: 'Other health record (SMART on FHIR)',
    category: 'clinical',
    connectMethod: 'oauth',
    brings: 'Clinical records from any SMART on FHIR endpoint',
    metrics: ['diagnosis', 'procedure'],
    fileFallback: 'FHIR R4 export (Bundle or NDJSON)',
  },
  {
    kind: 'va',
    name: 'VA health records',
    category: 'clinical',
    connectMethod: 'oauth',
    brings: 'Labs, vitals and conditions from the VA Lighthouse Patient Health API',
    metrics: ['diagnosis', 'procedure'],
    fileFallback: 'VA Blue Button FHIR export',
  },
  {
    kind: 'medicare',
    name: 'Medicare (Blue Button 2.0)',
    category: 'clinical',
    connectMethod: 'oauth',
    brings: 'Coverage, claims, diagnoses and procedures',
    metrics: ['insurance_coverage', 'diagnosis', 'procedure', 'medical_service'],
    fileFallback: 'Blue Button FHIR export',
  },
  {
    kind: 'myfitnesspal',
    name: 'MyFitnessPal',
    category: 'nutrition',
    connectMethod: 'upload',
    brings: 'Calories and macronutrients from your food diary',
    metrics: ['nutrition_calories', 'nutrition_protein', 'nutrition_carbs', 'nutrition_fat'],
    fileFallback: 'MyFitnessPal CSV export (Settings → Export data)',
  },
  {
    kind: 'nutrition_app',
    name: 'Other nutrition app',
    category: 'nutrition',
    connectMethod: 'upload',
    brings: 'Meals and macronutrients by file import or manual entry',
    metrics: ['nutrition_calories'],
    fileFallback: 'CSV export',
  },
  {
    kind: 'apple_healthkit',
    name: 'Apple Health',
    category: 'platform',
    connectMethod: 'device',
    brings: 'Everything your iPhone and Apple Watch record',
    metrics: [...wearableVitals, 'weight', 'blood_pressure', 'blood_glucose'],
    fileFallback: 'Apple Health export (export.zip)',
  },
  {
    kind: 'google_health_connect',
    name: 'Health Connect',
    category: 'platform',
    connectMethod: 'device',
    brings: 'What Android apps write to Health Connect',
    metrics: [...wearableVitals, 'weight'],
    fileFallback: 'Google Fit data from Google Takeout',
  },
  {
    kind: 'health_platform',
    name: 'Other health platform',
    category: 'platform',
    connectMethod: 'upload',
    brings: 'Data from another platform by file import or manual entry',
    metrics: [],
    fileFallback: 'CSV or JSON export',
  },
  {
    kind: 'report_builder',
    name: 'Report builder feed',
    category: 'platform',
    connectMethod: 'url',
    brings: 'A JSON or FHIR feed pulled on a schedule from an endpoint you configure',
    metrics: [],
    fileFallback: null,
  },
  {
    kind: 'fitness_tracker',
    name: 'Other fitness tracker',
    category: 'wearable',
    connectMethod: 'upload',
    brings: 'Activity and heart rate by file import or manual entry',
    metrics: ['steps', 'heart_rate'],
    fileFallback: 'CSV or JSON export',
  },
  {
    kind: 'sleep_tracker',
    name: 'Other sleep tracker',
    category: 'wearable',
    connectMethod: 'upload',
    brings: 'Sleep by file import or manual entry',
    metrics: ['sleep_duration'],
    fileFallback: 'CSV or JSON export',
  },
  {
    kind: 'medical_device',
    name: 'Other medical device',
    category: 'other',
    connectMethod: 'upload',
    brings: 'Readings of a blood-pressure cuff, scale or meter by file import or manual entry',
    metrics: ['blood_pressure', 'weight', 'blood_glucose'],
    fileFallback: 'CSV export',
  },
  {
    kind: 'mental_health',
    name: 'Mental health app',
    category: 'other',
    connectMethod: 'upload',
    brings: 'Mood and stress by file import or manual entry',
    metrics: ['stress_level'],
    fileFallback: 'CSV export',
  },
];

const byKind = new Map(sourceCatalogue.map((s) => [s.kind, s]));

export function getSource(kind: string): SourceDefinition | undefined {
  return byKind.get(kind as SourceKind);
}

/** The names SPEC's `/integrations/<name>/…` routes use where they differ from the kind. */
const routeNames: Readonly<Record<string, SourceKind>> = {
  healthkit: 'apple_healthkit',
  'google-health': 'google_health_connect',
  libre: 'freestyle_libre',
  quest: 'quest_diagnostics',
  'eight-sleep': 'eight_sleep',
  'lab-report': 'generic_lab_report',
  'report-builder': 'report_builder',
};

/** The kind an `/integrations/<name>` route means: "healthkit" → apple_healthkit; kinds answer themselves. */
export function sourceKindOf(name: string): string {
  return Object.hasOwn(routeNames, name) ? routeNames[name]! : name;
}

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
