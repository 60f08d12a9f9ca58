import type { Kysely } from 'kysely';
import type { AppMigration } from './types';

/**
 * Insights in plain words (issue 22): `insights.evidence` holds "How we know" — the test, interval, p and
 * corrections behind a finding — apart from its everyday description. Rows from before hold '' until the
 * next run rewrites them.
 */
export const insightEvidence: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('insights')
      .addColumn('evidence', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('insights').dropColumn('evidence').execute();
  },
};
