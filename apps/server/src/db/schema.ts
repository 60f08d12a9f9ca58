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

export interface Database {
  waitlist: WaitlistTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  action_codes: ActionCodesTable;
  auth_attempts: AuthAttemptsTable;
  audit_log: AuditLogTable;
  signing_keys: SigningKeysTable;
}
