import type { ColumnDefinitionBuilder, Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/** A migration gets the dialect too: the few column types that differ are chosen here, nowhere else. */
export interface AppMigration {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
  down(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

/** Auto-incrementing integer primary key on either dialect. */
export const autoIdType = (dialect: Dialect) => (dialect === 'postgres' ? 'bigserial' : 'integer');

export const autoIdColumn = (dialect: Dialect) => (c: ColumnDefinitionBuilder) =>
  dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
