// PostgreSQL's client tools for backup.ts: pg_dump and pg_restore, and whether a database is empty.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { BackupError } from './archive-crypto';

const run = promisify(execFile);

/** pg_dump / pg_restore: on the PATH, or the newest under /usr/lib/postgresql/<version>/bin (Debian). */
export function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && fs.existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return path.join(root, versions[0], 'bin', name);
  throw new BackupError(
    `${name} was not found (on the PATH or under /usr/lib/postgresql/*/bin): install the PostgreSQL client tools of the server's version.`,
  );
}

/** The URL without its password (for the command line, which other users can see) and the password. */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

export async function pgDump(url: string, outFile: string): Promise<void> {
  const { dbname, env } = connection(url);
  try {
    await run(pgTool('pg_dump'), ['--format=custom', `--file=${outFile}`, `--dbname=${dbname}`], {
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    throw new BackupError(`pg_dump failed: ${toolMessage(error)}`);
  }
}

export async function pgRestore(url: string, dumpFile: string): Promise<void> {
  const { dbname, env } = connection(url);
  try {
    await run(
      pgTool('pg_restore'),
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${dbname}`,
        dumpFile,
      ],
      { env, maxBuffer: 16 * 1024 * 1024 },
    );
  } catch (error) {
    throw new BackupError(`pg_restore failed: ${toolMessage(error)}`);
  }
}

const toolMessage = (error: unknown) =>
  ((error as { stderr?: string }).stderr || (error as Error).message).trim();

export async function pgTableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from information_schema.tables where table_schema = current_schema()`,
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}
