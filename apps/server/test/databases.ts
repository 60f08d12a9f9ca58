import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type Db } from '../src/db/database';
import { pgCopyIn } from '../src/db/pg-copy';
import type { Database } from '../src/db/schema';

export type TestDialect = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const testDialects: TestDialect[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

/**
 * A fresh, empty database of the given dialect: a temp SQLite file, or a throwaway PostgreSQL
 * schema so test files running in parallel never see each other's rows.
 */
export async function createTestDb(dialect: TestDialect): Promise<Db> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-test-'));
    const db = openDatabase({ dialect: 'sqlite', file: path.join(dir, 'test.db') });
    return {
      ...db,
      close: async () => {
        await db.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: url, max: 5, options: `-c search_path=${schema}` });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kysely,
    dialect: 'postgres',
    schema,
    url,
    copyIn: pgCopyIn(pool),
    close: async () => {
      await sql.raw(`drop schema ${schema} cascade`).execute(kysely);
      await kysely.destroy();
    },
  };
}

/**
 * A throwaway PostgreSQL database of its own, for what needs a whole database rather than a schema: a child
 * server (which uses `public`) or pg_dump (which dumps a database). `prefix` names it in `\l` (`hf_<prefix>_…`).
 */
export async function createPgDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('TEST_DATABASE_URL is not set');
  const name = `hf_${prefix}_${randomBytes(5).toString('hex')}`;
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await query(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => query(`drop database if exists ${name} with (force)`) };
}
