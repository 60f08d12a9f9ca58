import { sql, type Kysely, type MigrationResultSet } from 'kysely';
import { appMigrator, holdingMigrationsLock } from '../../src/db/database';
import type { TestDb } from '../databases';

/**
 * What the migration tests share: they step a fresh test database to the migration before the one they
 * test, write rows as that schema held them, then migrate on.
 */

/** Migrates up or down to `name`, as the app migrates: holding the migrations' lock (see database.ts). */
export const migrateTo = (db: TestDb, name: string): Promise<MigrationResultSet> =>
  holdingMigrationsLock(db, () => appMigrator(db, db.pg).migrateTo(name));

/** The database without the app's table types, for rows of a schema the app no longer has. */
export const rawOf = (db: TestDb): Kysely<unknown> => db.kysely as unknown as Kysely<unknown>;

/** A user `id` (email `<id>@example.com`), written with the columns `users` has had since its first migration. */
export const addRawUser = (db: TestDb, id: string) =>
  sql`insert into users (id, email, name, password_hash, settings, created_at, updated_at)
    values (${id}, ${`${id}@example.com`}, ${id}, 'x', '{}', 0, 0)`.execute(rawOf(db));
