import type { Database } from './schema';

/**
 * Every table holding rows of one user, keyed by a `user_id` column. Account deletion walks this list
 * and `userNumberedTables`, so a module adding such a table adds it here; a test fails when a table with
 * a `user_id` (or `user_no`) column is missing. `users` itself is deleted last, by id. Tables keyed by
 * one of these rows instead (`sync_state` by its connection) go with it, on delete cascade.
 */
export const userOwnedTables = [
  'refresh_tokens',
  'action_codes',
  'audit_log',
  'user_data_sources',
  'rollup_recompute',
  'source_priorities',
  'imports',
  'insights',
  'goals',
  'insight_runs',
  'sync_runs',
  'sync_payloads',
  'oauth_states',
  'source_connections',
  'clinical_records',
  'ingest_tokens',
  'webhook_deliveries',
  'webhooks',
  'push_subscriptions',
  'workout_tracks',
  'mfa_totp',
  'mfa_recovery_codes',
  'webauthn_credentials',
  'mfa_challenges',
  'api_tokens',
  'share_views',
  'share_links',
  'shares',
  'health_reports',
  'caregiver_grants',
] as const satisfies readonly (keyof Database)[];

/** Tables keyed by the user's number (`user_no`) instead: see `user-number.ts`. */
export const userNumberedTables = [
  'samples',
  'daily_rollups',
  'rollup_pending_days',
] as const satisfies readonly (keyof Database)[];
