import type { Kysely } from 'kysely';
import type { AppMigration } from './types';

/**
 * Multi-factor sign-in (issue #24): a TOTP secret per user (sealed with the server key, confirmed once a
 * code from it was entered, with the last time step used so a code is never accepted twice), single-use
 * recovery codes (only their hashes), passkeys (WebAuthn credentials: public key, counter, a name), and
 * short-lived challenges — a sign-in waiting for its second factor, a WebAuthn ceremony's challenge, or
 * a session's recent step-up — stored by hash, single use, expiring.
 */
export const mfa: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('mfa_totp')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('secret_sealed', 'text', (c) => c.notNull())
      .addColumn('confirmed_at', 'bigint')
      .addColumn('last_step', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('mfa_recovery_codes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('mfa_recovery_codes_user')
      .on('mfa_recovery_codes')
      .column('user_id')
      .execute();

    await db.schema
      .createTable('webauthn_credentials')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('credential_id', 'text', (c) => c.notNull().unique())
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('counter', 'bigint', (c) => c.notNull())
      .addColumn('transports', 'text')
      .addColumn('device_type', 'text', (c) => c.notNull())
      .addColumn('backed_up', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('webauthn_credentials_user')
      .on('webauthn_credentials')
      .column('user_id')
      .execute();

    await db.schema
      .createTable('mfa_challenges')
      .addColumn('id', 'text', (c) => c.primaryKey())
      // Null for a passkey sign-in that has not named its account yet (discoverable credentials).
      .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('data', 'text')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('mfa_challenges_user').on('mfa_challenges').column('user_id').execute();
    await db.schema.createIndex('mfa_challenges_expiry').on('mfa_challenges').column('expires_at').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('mfa_challenges').ifExists().execute();
    await db.schema.dropTable('webauthn_credentials').ifExists().execute();
    await db.schema.dropTable('mfa_recovery_codes').ifExists().execute();
    await db.schema.dropTable('mfa_totp').ifExists().execute();
  },
};
