import type { Kysely } from 'kysely';
import { autoIdColumn, autoIdType, type AppMigration } from './types';

/**
 * Shares with a clinician (issue 23): a read-only view of chosen sections and period for a named
 * recipient, opened without an account by an unguessable token (only its SHA-256 is stored), optionally
 * behind a 6-digit code (stored as a salted hash). `share_views` records each opening (IP truncated);
 * `share_links` holds a share handed over as a SMART Health Link: the manifest id's hash, the passcode's
 * hash and the encrypted payload (JWE) — the key travels only in the link.
 */
export const shares: AppMigration = {
  async up(db: Kysely<unknown>, dialect) {
    await db.schema
      .createTable('shares')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('code_hash', 'text')
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('sections', 'text', (c) => c.notNull())
      .addColumn('period_from', 'text', (c) => c.notNull())
      .addColumn('period_to', 'text', (c) => c.notNull())
      .addColumn('report_id', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .execute();
    await db.schema.createIndex('shares_user').on('shares').columns(['user_id', 'created_at']).execute();

    await db.schema
      .createTable('share_views')
      .addColumn('id', autoIdType(dialect), autoIdColumn(dialect))
      .addColumn('share_id', 'text', (c) => c.notNull().references('shares.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('ip', 'text')
      .addColumn('user_agent', 'text')
      .execute();
    await db.schema.createIndex('share_views_share').on('share_views').columns(['share_id', 'at']).execute();

    await db.schema
      .createTable('share_links')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('share_id', 'text', (c) => c.notNull().references('shares.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('manifest_hash', 'text', (c) => c.notNull().unique())
      .addColumn('passcode_hash', 'text')
      .addColumn('attempts_left', 'integer', (c) => c.notNull())
      .addColumn('file_secret', 'text', (c) => c.notNull())
      .addColumn('jwe', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('share_links_share').on('share_links').columns(['share_id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('share_links').ifExists().execute();
    await db.schema.dropTable('share_views').ifExists().execute();
    await db.schema.dropTable('shares').ifExists().execute();
  },
};
