import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ImportJob } from '@healthfolio/core';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../src/config';
import { BackupJobs } from '../../src/jobs/backup-jobs';
import { createBackup, restoreBackup } from '../../src/modules/backup/backup';
import { startTestAppOn, type TestApp } from '../app';
import { createPgDatabase, testDialects, type TestDialect } from '../databases';
import { bearer, createUser, signIn } from '../identity/helpers';
import { clarityCsv, importFile, upload } from '../imports/helpers';

const run = promisify(execFile);
const cliDir = path.join(import.meta.dirname, '../../src/cli');

/** Every table's rows, each as JSON, sorted: equal when the two databases hold the same rows. */
async function dumpTables(config: Config): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  if (config.database.dialect === 'sqlite') {
    const db = new SQLite(config.database.file, { readonly: true });
    try {
      const tables = db
        .prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`)
        .pluck()
        .all() as string[];
      for (const t of tables) {
        out[t] = (db.prepare(`select * from "${t}"`).all() as object[]).map((r) => JSON.stringify(r)).sort();
      }
    } finally {
      db.close();
    }
    return out;
  }
  const client = new pg.Client({ connectionString: config.database.url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    for (const { table_name: t } of tables) {
      const { rows } = await client.query(`select * from "${t}"`);
      out[t] = rows.map((r) => JSON.stringify(r)).sort();
    }
  } finally {
    await client.end();
  }
  return out;
}

function filesUnder(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    if (/healthfolio\.db(-wal|-shm)?$/.test(full)) continue;
    out[path.relative(dir, full)] = fs.readFileSync(full).toString('base64');
  }
  return out;
}

async function cli(script: string, args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _ignored, ...base } = process.env;
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', path.join(cliDir, script), ...args],
      { env: { ...base, LOG_LEVEL: 'silent', NODE_ENV: 'development', ...env } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe.each(testDialects)('backup and restore on %s', (dialect: TestDialect) => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  const tempDir = (prefix: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  };

  /** Environment of a server (or command) over its own data directory and, on PostgreSQL, database. */
  async function environment(): Promise<Record<string, string>> {
    const env: Record<string, string> = { DATA_DIR: path.join(tempDir('hf-backup-'), 'data') };
    if (dialect === 'postgres') {
      const database = await createPgDatabase('backup');
      cleanup.push(() => database.drop());
      env.DATABASE_URL = database.url;
    }
    return env;
  }

  async function start(env: Record<string, string>): Promise<TestApp> {
    const server = await startTestAppOn({ WEB_DIST: os.tmpdir(), ...env }, { importWriteBatch: 200 });
    cleanup.push(() => server.close());
    return server;
  }

  it('backs up while an import writes, restores into an empty directory, and every table and file comes back', async () => {
    const sourceEnv = await environment();
    const server = await start(sourceEnv);
    await createUser(server, 'ada@example.com');
    const auth = bearer((await signIn(server, 'ada@example.com')).accessToken);
    const done = await importFile(server, auth, 'clarity.csv', clarityCsv(5_000));
    expect(done.status).toBe('succeeded');

    // A long import under way while the backup command copies: the copy is one consistent snapshot.
    const writing = await upload(server, auth, 'later.csv', clarityCsv(20_000, '2026-03-01T00:00:00'));
    expect(writing.statusCode).toBe(202);
    const writingId = (writing.json() as { data: ImportJob }).data.id;
    const passphraseFile = path.join(tempDir('hf-pass-'), 'passphrase');
    fs.writeFileSync(passphraseFile, 'correct horse battery staple\n');
    const archive = path.join(tempDir('hf-archive-'), 'during.hfbackup');
    const during = await cli('backup.ts', ['--out', archive, '--passphrase-file', passphraseFile], sourceEnv);
    expect(during.code, during.stderr).toBe(0);
    expect(during.stdout).toContain(
      dialect === 'sqlite' ? 'SQLite, copied with its online backup API' : 'PostgreSQL, dumped with pg_dump',
    );
    expect(fs.readFileSync(archive).subarray(0, 8).toString()).toBe('HFBACKUP');

    const restoredEnv = await environment();
    await expect(
      restoreBackup(loadConfig({ ...restoredEnv, NODE_ENV: 'test' }), archive, { passphrase: 'not it' }),
    ).rejects.toThrow('The backup cannot be decrypted: the passphrase is wrong or the file was changed.');
    expect(fs.existsSync(restoredEnv.DATA_DIR!)).toBe(false);

    const restored = await cli('restore.ts', [archive, '--passphrase-file', passphraseFile], restoredEnv);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('Restored the backup of');
    const restoredConfig = loadConfig({ ...restoredEnv, NODE_ENV: 'test' });
    const snapshot = await dumpTables(restoredConfig);
    if (restoredConfig.database.dialect === 'sqlite') {
      const check = new SQLite(restoredConfig.database.file, { readonly: true });
      expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
      check.close();
    }
    // Consistent: the running import's counters match the samples it had written at that instant.
    const importRow = snapshot
      .imports!.map((r) => JSON.parse(r) as Record<string, unknown>)
      .find((r) => r.id === writingId);
    const finished = snapshot
      .imports!.map((r) => JSON.parse(r) as Record<string, unknown>)
      .find((r) => r.id === done.id);
    expect(Number(finished?.inserted)).toBe(5_000);
    const samplesAtSnapshot = snapshot.samples!.length;
    expect(samplesAtSnapshot).toBe(5_000 + Number(importRow?.inserted ?? 0));

    // Once the writer is done, a backup holds exactly what the server holds: every table, every file.
    await server.importRunner.idle();
    const quietArchive = path.join(tempDir('hf-archive-'), 'quiet.zip');
    await createBackup(server.config, quietArchive);
    const secondEnv = await environment();
    const secondConfig = loadConfig({ ...secondEnv, NODE_ENV: 'test' });
    await restoreBackup(secondConfig, quietArchive);
    const live = await dumpTables(server.config);
    expect(live.samples).toHaveLength(25_000);
    expect(await dumpTables(secondConfig)).toEqual(live);
    expect(filesUnder(secondConfig.dataDir)).toEqual(filesUnder(server.config.dataDir));
    expect(Object.keys(filesUnder(secondConfig.dataDir))).toContain('encryption.key');

    // Restore never writes over data: a non-empty directory is refused as it is.
    await expect(restoreBackup(server.config, quietArchive)).rejects.toThrow(/is not empty/);

    // The restored server starts and serves Ada's data with her password.
    await server.close();
    const again = await start(secondEnv);
    const session = await signIn(again, 'ada@example.com');
    const imports = await again.app.inject({
      method: 'GET',
      url: '/api/imports',
      headers: bearer(session.accessToken),
    });
    expect(imports.statusCode).toBe(200);
    expect((imports.json() as { data: { items: ImportJob[] } }).data.items.map((j) => j.status)).toEqual([
      'succeeded',
      'succeeded',
    ]);
  }, 180_000);

  it('a server given BACKUP_DIR writes its first backup at start, as a job of the queue, and only one', async () => {
    const env = await environment();
    const dir = tempDir('hf-backups-');
    const server = await start({ ...env, BACKUP_DIR: dir });
    await server.app.ready();
    await createUser(server, 'ada@example.com');
    await server.jobs.idle();
    const written = fs.readdirSync(dir);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^healthfolio-backup-\d{8}T\d{6}Z\.zip$/);
  }, 120_000);

  it('scheduled backups write into BACKUP_DIR and keep the newest BACKUP_KEEP', async () => {
    const env = await environment();
    const server = await start(env);
    await createUser(server, 'ada@example.com');
    const dir = path.join(server.config.dataDir, 'backups');
    let now = Date.parse('2026-11-29T03:00:00Z');
    const jobs = new BackupJobs({
      config: { ...server.config, backup: { dir, keep: 2, everyMs: 3_600_000 } },
      log: server.app.log,
      now: () => now,
    });
    for (let i = 0; i < 4; i++) {
      await jobs.runDue();
      await jobs.runDue(); // not due again within the hour
      now += 3_600_000;
    }
    expect(fs.readdirSync(dir).sort()).toEqual([
      'healthfolio-backup-20261129T050000Z.zip',
      'healthfolio-backup-20261129T060000Z.zip',
    ]);
    // The folder inside DATA_DIR is not copied into the next backup.
    const restoredEnv = await environment();
    const restoredConfig = loadConfig({ ...restoredEnv, NODE_ENV: 'test' });
    await restoreBackup(restoredConfig, path.join(dir, 'healthfolio-backup-20261129T060000Z.zip'));
    expect(fs.existsSync(path.join(restoredConfig.dataDir, 'backups'))).toBe(false);
    expect((await dumpTables(restoredConfig)).users).toHaveLength(1);
  }, 120_000);
});
