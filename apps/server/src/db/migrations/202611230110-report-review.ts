import type { Kysely } from 'kysely';
import type { AppMigration } from './types';

/**
 * Lab and DEXA reports stop for review (DESIGN "Sources"): what was read waits on the import row until
 * the person confirms it. `results` holds the read results (JSON), `report` what the upload asked for
 * and what the report said about itself (JSON: hint, lab name, source, patient, pages), and
 * `document_path` the original PDF, kept so it stays downloadable.
 */
export const reportReview: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('imports').addColumn('results', 'text').execute();
    await db.schema.alterTable('imports').addColumn('report', 'text').execute();
    await db.schema.alterTable('imports').addColumn('document_path', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('imports').dropColumn('document_path').execute();
    await db.schema.alterTable('imports').dropColumn('report').execute();
    await db.schema.alterTable('imports').dropColumn('results').execute();
  },
};
