import type { Kysely } from 'kysely';
import type { AppMigration } from './types';

/**
 * Caregivers (issue 23): a person (`user_id`) grants another account chosen permissions over their data.
 * The invitation names an address (`caregiver_email`, lower case); `caregiver_id` is filled when that
 * account accepts. `permissions` is a JSON array; `ends_at` an optional end; revocation by either side
 * sets `revoked_at`. A caregiver's account going away takes its grants with it.
 */
export const caregivers: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('caregiver_grants')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('caregiver_email', 'text', (c) => c.notNull())
      .addColumn('caregiver_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('permissions', 'text', (c) => c.notNull())
      .addColumn('ends_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('accepted_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('caregiver_grants_user')
      .on('caregiver_grants')
      .columns(['user_id'])
      .execute();
    await db.schema
      .createIndex('caregiver_grants_caregiver')
      .on('caregiver_grants')
      .columns(['caregiver_id'])
      .execute();
    await db.schema
      .createIndex('caregiver_grants_email')
      .on('caregiver_grants')
      .columns(['caregiver_email'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('caregiver_grants').ifExists().execute();
  },
};
