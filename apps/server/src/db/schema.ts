// Over 300 lines: every table's row type, one short interface each, beside the Database interface Kysely is
// typed with; split by area, the tables would still meet in that one interface.
import type { Generated } from 'kysely';

/**
 * Table types. Instants are epoch milliseconds (integer columns on SQLite, bigint on PostgreSQL),
 * booleans are 0/1 integers so one query works on both dialects.
 */
export interface WaitlistTable {
  id: string;
  email: string;
  name: string | null;
  created_at: number;
  invited_at: number | null;
}

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  email_verified: number;
  settings: string;
  created_at: number;
  updated_at: number;
  /** Bumped on password change/reset and deletion: access tokens minted before it are refused. */
  tokens_valid_after: number;
  /** The user's number, by which `samples` keys their rows (see `db/user-number.ts`). */
  user_no: Generated<number>;
}

export interface RefreshTokensTable {
  id: string;
  user_id: string;
  family_id: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  /** Absolute end of the family: a session never outlives it, however often it refreshes. */
  family_expires_at: number;
  rotated_at: number | null;
  replaced_by: string | null;
  revoked_at: number | null;
  user_agent: string | null;
  ip: string | null;
  /** The successor token, encrypted with a key derived from this (rotated) token; see identity/sessions.ts. */
  successor_sealed: string | null;
}

export interface ActionCodesTable {
  id: string;
  user_id: string | null;
  purpose: string;
  code_hash: string;
  email: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface AuthAttemptsTable {
  id: Generated<number>;
  /** What is limited: `login:acct-ip:<email>|<ip>`, `login:acct:<email>`, `reset:<ip>` … */
  bucket: string;
  at: number;
}

export interface AuditLogTable {
  id: Generated<number>;
  user_id: string;
  event: string;
  ip: string | null;
  user_agent: string | null;
  details: string | null;
  at: number;
}

export interface SigningKeysTable {
  kid: string;
  alg: string;
  private_jwk: string;
  public_jwk: string;
  created_at: number;
}

export interface UserDataSourcesTable {
  user_id: string;
  kind: string;
  created_at: number;
}

export interface Database {
  waitlist: WaitlistTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  action_codes: ActionCodesTable;
  auth_attempts: AuthAttemptsTable;
  audit_log: AuditLogTable;
  signing_keys: SigningKeysTable;
  user_data_sources: UserDataSourcesTable;
  samples: SamplesTable;
  daily_rollups: DailyRollupsTable;
  rollup_recompute: RollupRecomputeTable;
  rollup_pending_days: RollupPendingDaysTable;
  source_priorities: SourcePrioritiesTable;
  imports: ImportsTable;
  insights: InsightsTable;
  goals: GoalsTable;
  insight_runs: InsightRunsTable;
  source_connections: SourceConnectionsTable;
  sync_state: SyncStateTable;
  oauth_states: OAuthStatesTable;
  sync_payloads: SyncPayloadsTable;
  sync_runs: SyncRunsTable;
  clinical_records: ClinicalRecordsTable;
  ingest_tokens: IngestTokensTable;
  health_reports: HealthReportsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  push_subscriptions: PushSubscriptionsTable;
  workout_tracks: WorkoutTracksTable;
  provider_subscriptions: ProviderSubscriptionsTable;
  mfa_totp: MfaTotpTable;
  mfa_recovery_codes: MfaRecoveryCodesTable;
  webauthn_credentials: WebauthnCredentialsTable;
  mfa_challenges: MfaChallengesTable;
  api_tokens: ApiTokensTable;
  shares: SharesTable;
  share_views: ShareViewsTable;
  share_links: ShareLinksTable;
  caregiver_grants: CaregiverGrantsTable;
}

/** One measurement (DESIGN "Data"); value and unit are canonical for the kind. */
export interface SamplesTable {
  id: Generated<number>;
  /** The owner's `users.user_no`, not their id: see `db/user-number.ts`. */
  user_no: number;
  kind: string;
  start_at: number;
  end_at: number;
  /** The offset the sample was recorded at, in minutes east of UTC. */
  utc_offset_min: number;
  tz: string | null;
  /** Local wall-clock date as days since 1970-01-01; a night's sleep belongs to its wake-up day. */
  local_day: number;
  value: number;
  unit: string;
  source: string;
  device: string | null;
  /** The provider's record id, or the device when it has none; part of the idempotency key. */
  origin_id: Generated<string>;
  flag: string | null;
  /** JSON: referenceRange, loinc, lab, specimenDate, notes, valueText, provenance. */
  meta: string | null;
}

/** Per stream (source + device) and merged (source '*') totals of one local day. */
export interface DailyRollupsTable {
  /** The owner's `users.user_no`, as in `samples` (migration 202612020200). */
  user_no: number;
  kind: string;
  local_day: number;
  source: string;
  /** '' when the stream has no device, and on merged rows. */
  device: string;
  count: number;
  sum: number;
  min: number | null;
  max: number | null;
  last_value: number | null;
  last_at: number | null;
}

/** A day whose rollups are computed again from its samples at the next start (migration 202611280100). */
export interface RollupRecomputeTable {
  user_id: string;
  kind: string;
  local_day: number;
}

/**
 * A day whose priority merge a bulk write session (an import) put off to its end (migration
 * 202612021200; modules/metrics/write/pending-days.ts).
 */
export interface RollupPendingDaysTable {
  /** The owner's `users.user_no`, as in `samples`. */
  user_no: number;
  /** The session's writer: `import:<id>`. */
  origin: string;
  kind: string;
  local_day: number;
}

/** A user's order of streams for one kind; rank 0 is the best. Device '' stands for every device of the source. */
export interface SourcePrioritiesTable {
  user_id: string;
  kind: string;
  source: string;
  device: string;
  rank: number;
}

/** One uploaded file being imported; see migrations/202611220130-imports.ts. */
export interface ImportsTable {
  id: string;
  user_id: string;
  status: string;
  format: string | null;
  file_name: string;
  /** The upload on disk while the import is unfinished; null once it is removed. */
  file_path: string | null;
  bytes_total: number;
  bytes_read: number;
  records_read: number;
  samples_done: number;
  inserted: number;
  /** Samples this import replaced with another value (202611270100-revisions). */
  updated: Generated<number>;
  duplicates: number;
  rejected: number;
  /** Readings deliberately not kept, and JSON `[{type, count, reason}]` of them by type. */
  skipped: Generated<number>;
  skipped_types: Generated<string>;
  /** JSON: the first ImportProblems. */
  errors: string;
  /** JSON: string[]. */
  warnings: string;
  failure: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  /** Lab and DEXA reports: JSON ReportResult[] read for review (202611230110-report-review). */
  results: string | null;
  /** Lab and DEXA reports: JSON ReportInfo, what the upload asked for and what the report said. */
  report: string | null;
  /** Lab and DEXA reports: the original PDF, kept downloadable. */
  document_path: string | null;
}

/** One finding of the insight engine; `key` names the finding, so re-runs update it. JSON columns are text. */
export interface InsightsTable {
  id: string;
  user_id: string;
  key: string;
  type: string;
  severity: string;
  title: string;
  description: string;
  /** "How we know": the statistics behind the finding, apart from its plain description ('' when none). */
  evidence: string;
  actionable: number;
  recommendations: string;
  related_metrics: string;
  /** Local days, inclusive. */
  window_from: number;
  window_to: number;
  /** JSON: the named figures the finding rests on. */
  figures: string;
  /** JSON: the daily series drawn beside it. */
  series: string;
  created_at: number;
  updated_at: number;
  dismissed_at: number | null;
  alerted_at: number | null;
}

/** A goal; `target` and `start_value` are in the metric's canonical unit, days are local days. */
export interface GoalsTable {
  id: string;
  user_id: string;
  title: string;
  metric: string;
  target: number;
  direction: string;
  period: string;
  deadline_day: number | null;
  start_value: number | null;
  created_day: number;
  created_at: number;
  updated_at: number;
  reminded_day: number | null;
  /** The first day ("YYYY-MM-DD") of the period whose reaching `goal.achieved` announced. */
  achieved_period: string | null;
}

export interface InsightRunsTable {
  user_id: string;
  ran_at: number;
}

/** A user's connection to one provider; `tokens` is sealed (AES-256-GCM) and never answered. */
/** A person's connection to one source: what it is, not how its syncs go (that is `SyncStateTable`). */
export interface SourceConnectionsTable {
  id: string;
  user_id: string;
  kind: string;
  sandbox: number;
  /** connected | error | disconnected (kept to remember the last sync after a disconnect). */
  status: string;
  tokens: string | null;
  /** JSON of the connection's settings that are not secret (SMART endpoint, custom name, feed URL). */
  settings: string | null;
  /** The person's id at the provider (Strava's athlete id), which the provider's pushes name. */
  provider_user_id: string | null;
  created_at: number;
  updated_at: number;
}

/** One connection's sync: its cursor and window, the run under way, counters, last sync and error, next run. */
export interface SyncStateTable {
  /** The connection's id; the row goes with it (on delete cascade). */
  connection_id: string;
  cursor: string | null;
  /** idle | queued | running */
  sync_state: Generated<string>;
  sync_from: number | null;
  sync_to: number | null;
  sync_started_at: number | null;
  sync_finished_at: number | null;
  sync_pages: Generated<number>;
  sync_samples: Generated<number>;
  last_sync_at: number | null;
  last_error: string | null;
  syncs_run: Generated<number>;
  next_sync_at: number | null;
}

export interface OAuthStatesTable {
  state_hash: string;
  user_id: string;
  kind: string;
  sandbox: number;
  code_verifier: string | null;
  /** JSON: the connection settings chosen when connecting started (the SMART endpoint). */
  settings: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface SyncPayloadsTable {
  id: Generated<number>;
  user_id: string;
  connection_id: string;
  resource: string;
  payload: string;
  fetched_at: number;
}

export interface SyncRunsTable {
  id: string;
  user_id: string;
  connection_id: string;
  /** running | succeeded | failed */
  status: string;
  started_at: number;
  finished_at: number | null;
  requests: number;
  samples: number;
  inserted: number;
  /** Revisions written, and samples removed as the provider deleted them (202611270100-revisions). */
  updated: Generated<number>;
  deleted: Generated<number>;
  /** Readings already stored as they are, readings refused, and the first reasons (202611280300). */
  duplicates: Generated<number>;
  rejected: Generated<number>;
  problems: Generated<string>;
  error: string | null;
}

/** One clinical resource as the clinical view shows it (condition, procedure, medication …). */
export interface ClinicalRecordsTable {
  id: Generated<number>;
  user_id: string;
  source: string;
  /** The FHIR resource type: Condition, Procedure, MedicationRequest, Immunization … */
  resource_type: string;
  origin_id: string;
  /** condition | procedure | medication | immunization | allergy | encounter */
  category: string;
  recorded_at: number | null;
  ended_at: number | null;
  display: string;
  status: string | null;
  /** JSON: codes, dosage, reaction, location, performer … */
  detail: string | null;
  updated_at: number;
}

/** A personal ingest URL's token (only its hash) for on-device exporters. */
export interface IngestTokensTable {
  id: string;
  user_id: string;
  /** apple_healthkit | google_health_connect | a generic kind */
  kind: string;
  token_hash: string;
  /** The token's last four characters, to tell tokens apart. */
  hint: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
  /** Samples received through it. */
  received: number;
}

/** A share with a clinician (migration 202611290700); only hashes of its token and code are kept. */
export interface SharesTable {
  id: string;
  user_id: string;
  token_hash: string;
  /** `<salt>:<sha256(salt:code)>` of the optional 6-digit code. */
  code_hash: string | null;
  recipient: string;
  /** JSON array of share sections. */
  sections: string;
  /** Inclusive local dates, YYYY-MM-DD. */
  period_from: string;
  period_to: string;
  report_id: string | null;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

/** One opening of a share by its recipient; the address is truncated before it is stored. */
export interface ShareViewsTable {
  id: Generated<number>;
  share_id: string;
  user_id: string;
  at: number;
  ip: string | null;
  user_agent: string | null;
}

/** A share handed over as a SMART Health Link; the decryption key is only in the link. */
export interface ShareLinksTable {
  id: string;
  share_id: string;
  user_id: string;
  manifest_hash: string;
  passcode_hash: string | null;
  attempts_left: number;
  /** Signs the short-lived file locations the manifest hands out. */
  file_secret: string;
  /** The FHIR Bundle as compact JWE (dir, A256GCM). */
  jwe: string;
  created_at: number;
}

/** Personal access tokens (migration 202611290400); only the token's SHA-256 is kept. */
export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  /** Space-separated scopes of `API_TOKEN_SCOPES`. */
  scopes: string;
  token_hash: string;
  /** The token's first characters, to tell tokens apart. */
  hint: string;
  created_at: number;
  expires_at: number | null;
  last_used_at: number | null;
  revoked_at: number | null;
  /** The rate limit's current minute (epoch ms / 60 000) and its count of uses. */
  rate_window: Generated<number>;
  rate_count: Generated<number>;
}

/** A user's authenticator app (migration 202611290100-mfa); the secret is sealed with the server key. */
export interface MfaTotpTable {
  user_id: string;
  secret_sealed: string;
  /** Null until a first code from the secret was entered. */
  confirmed_at: number | null;
  /** The last 30-second step a code was accepted for: no code of it, or before it, is taken again. */
  last_step: number | null;
  created_at: number;
}

/** One single-use recovery code; only its SHA-256 is kept. */
export interface MfaRecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: number | null;
  created_at: number;
}

/** A passkey (WebAuthn credential) of one user. */
export interface WebauthnCredentialsTable {
  id: string;
  user_id: string;
  /** The credential's id, base64url, as the authenticator names it. */
  credential_id: string;
  /** COSE public key, base64url. */
  public_key: string;
  counter: number;
  /** JSON string[] of transports the authenticator reported. */
  transports: string | null;
  device_type: string;
  backed_up: number;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

/**
 * Short-lived, single-use proofs, stored by hash: `login` (password accepted, second factor due),
 * `enroll` (password accepted, REQUIRE_MFA and no factor yet), `webauthn-register`, `webauthn-login`,
 * and `step-up` (a session verified a factor: the step-up check reads it).
 */
export interface MfaChallengesTable {
  id: string;
  user_id: string | null;
  kind: string;
  data: string | null;
  attempts: Generated<number>;
  expires_at: number;
  created_at: number;
}

/** An outgoing webhook of one person (issue 27). */
export interface WebhooksTable {
  id: string;
  user_id: string;
  url: string;
  /** JSON string[] of event types. */
  events: string;
  include_values: number;
  /** The `whsec_…` secret, sealed by the TokenVault. */
  secret: string;
  /** active | disabled */
  status: string;
  failing_since: number | null;
  created_at: number;
}

/** One message to one webhook, with its attempts (issue 27). */
export interface WebhookDeliveriesTable {
  /** The Standard Webhooks `webhook-id` (msg_…), the same on every attempt. */
  id: string;
  user_id: string;
  webhook_id: string;
  event: string;
  /** The JSON body, exactly as signed. */
  payload: string;
  /** pending | delivered | failed */
  status: string;
  attempts: number;
  status_code: number | null;
  error: string | null;
  next_attempt_at: number | null;
  created_at: number;
  finished_at: number | null;
}

/** An app-level push subscription this server made at a provider (Strava's one per app). */
export interface ProviderSubscriptionsTable {
  kind: string;
  subscription_id: string;
  created_at: number;
}

/** Clinician reports (202611290600-health-reports); see modules/summary-reports. */
export interface HealthReportsTable {
  id: string;
  user_id: string;
  status: string;
  progress: Generated<number>;
  /** ISO dates, inclusive. */
  from_day: string;
  to_day: string;
  /** JSON: ReportSection[]. */
  sections: string;
  /** JSON: ReportContent, once made. */
  content: string | null;
  pdf: Buffer | null;
  pages: number | null;
  bytes: number | null;
  failure: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}

/** A person's grant to a caregiver (modules/caregivers). */
export interface CaregiverGrantsTable {
  id: string;
  /** The person whose data the grant opens. */
  user_id: string;
  /** The invited address, lower case; the grant is the invitee's to accept once they verified it. */
  caregiver_email: string;
  /** The caregiver's account, once accepted. */
  caregiver_id: string | null;
  /** JSON array of caregiver permissions. */
  permissions: string;
  ends_at: number | null;
  created_at: number;
  accepted_at: number | null;
  revoked_at: number | null;
}

/** A browser that takes this person's Web Push notifications (issue 22). */
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  /** The push service's URL for that browser; a capability, never logged. */
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), for RFC 8291 encryption. */
  p256dh: string;
  auth: string;
  created_at: number;
  last_sent_at: number | null;
}

/** The points of one workout's track, keyed by the workout sample's identity (issue 22). */
export interface WorkoutTracksTable {
  user_id: string;
  source: string;
  start_at: number;
  origin_id: string;
  point_count: number;
  /** JSON `WorkoutTrackPoints`: one array per series, aligned by index. */
  points: string;
  created_at: number;
}
