import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { openSqliteFile } from '../../src/db/sqlite/sqlite-file';
import { createBackup, restoreBackup } from '../../src/modules/backup/backup';
import type { TestApp } from '../app';
import { createUser, login } from '../identity/helpers';

const run = promisify(execFile);
const SERVER = path.resolve(import.meta.dirname, '../..');
/** What a stolen disk image must not show: an email and a typed-in note. */
const EMAIL = 'zebulon.quartermaine@example.com';
const NOTE = 'Quartermaine-marker-4417';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-enc-'));
  dirs.push(dir);
  return dir;
}

const configFor = (dir: string, key?: string): Config =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    WEB_DIST: dir,
    ...(key ? { DATABASE_ENCRYPTION_KEY: key } : {}),
  });

/** A server on the data directory's own SQLite file (opened by the server, with the key if given). */
async function serverOn(dir: string, key?: string): Promise<TestApp> {
  const config = configFor(dir, key);
  const built = await buildApp(config, { syncScheduleMs: 0 });
  return { ...built, config, close: () => built.app.close() };
}

/** Ada's account and a reading with a note, written through the API; the server is closed after. */
async function writePersona(dir: string, key?: string): Promise<void> {
  const t = await serverOn(dir, key);
  try {
    await createUser(t, EMAIL);
    const token = (await login(t, EMAIL)).json().data.accessToken as string;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${token}` },
      payload: { type: 'weight', value: 61.4, unit: 'kg', start: '2026-11-19T07:30:00Z', notes: NOTE },
    });
    expect(res.statusCode, res.body).toBe(201);
  } finally {
    await t.close();
  }
}

/** Every byte SQLite keeps on disk for the database: the file, and its WAL and shared memory if left. */
function diskBytes(dir: string): Buffer {
  const file = path.join(dir, 'healthfolio.db');
  return Buffer.concat(
    [file, `${file}-wal`, `${file}-shm`].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f)),
  );
}

const newKey = () => randomBytes(32).toString('hex');

describe('encryption at rest (DATABASE_ENCRYPTION_KEY, SQLite)', () => {
  it('keeps no plain text on disk, and the file does not open without its key', async () => {
    // The control: without a key the same data is on disk in plain text, so the search below finds it.
    const plainDir = dataDir();
    await writePersona(plainDir);
    expect(diskBytes(plainDir).includes(EMAIL)).toBe(true);
    expect(diskBytes(plainDir).includes(NOTE)).toBe(true);

    const dir = dataDir();
    const key = newKey();
    await writePersona(dir, key);
    const bytes = diskBytes(dir);
    expect(bytes.length).toBeGreaterThan(16_384);
    expect(bytes.includes(EMAIL)).toBe(false);
    expect(bytes.includes(NOTE)).toBe(false);
    expect(bytes.includes('CREATE TABLE')).toBe(false);
    expect(bytes.subarray(0, 16).toString('latin1')).not.toBe('SQLite format 3\u0000');

    const file = path.join(dir, 'healthfolio.db');
    // Plain SQLite, the way anyone holding the disk image would try it.
    const plain = new SQLite(file, { fileMustExist: true });
    expect(() => plain.prepare('select email from users').all()).toThrow(/file is not a database/);
    plain.close();
    expect(() => openSqliteFile(file)).toThrow(/cannot be read without a key: it is encrypted/);
    expect(() => openSqliteFile(file, { key: newKey() })).toThrow(/DATABASE_ENCRYPTION_KEY does not open/);
    await expect(serverOn(dir, newKey())).rejects.toThrow(/DATABASE_ENCRYPTION_KEY does not open/);

    // With its key the server starts on it and Ada signs in.
    const t = await serverOn(dir, key);
    try {
      expect((await login(t, EMAIL)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  }, 90_000);

  it('rotates the key with npm run db:rekey: the old key no longer opens it, the new one does', async () => {
    const dir = dataDir();
    const key = newKey();
    await writePersona(dir, key);
    const next = newKey();
    const keyFile = path.join(dir, 'next.key');
    fs.writeFileSync(keyFile, `${next}\n`, { mode: 0o600 });
    const { stdout } = await run('npx', ['tsx', 'src/cli/db-rekey.ts', '--new-key-file', keyFile], {
      cwd: SERVER,
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dir, DATABASE_ENCRYPTION_KEY: key },
    });
    expect(stdout).toMatch(/is now encrypted with the new key \(\d+\.\d s\)/);
    expect(stdout).not.toContain(next);
    const file = path.join(dir, 'healthfolio.db');
    expect(() => openSqliteFile(file, { key })).toThrow(/does not open/);
    const t = await serverOn(dir, next);
    try {
      expect((await login(t, EMAIL)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
    expect(diskBytes(dir).includes(EMAIL)).toBe(false);
  }, 90_000);

  it('backs up encrypted (no plain page on disk) and restores only under the same key', async () => {
    const dir = dataDir();
    const key = newKey();
    await writePersona(dir, key);
    const archive = path.join(dataDir(), 'backup.zip');
    const made = await createBackup(configFor(dir, key), archive);
    expect(made.database).toBe('sqlite');

    await expect(restoreBackup(configFor(dataDir()), archive)).rejects.toThrow(
      /encrypted: set the DATABASE_ENCRYPTION_KEY it was made under/,
    );
    const target = dataDir();
    await restoreBackup(configFor(target, key), archive);
    expect(diskBytes(target).includes(EMAIL)).toBe(false);
    const t = await serverOn(target, key);
    try {
      expect((await login(t, EMAIL)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  }, 90_000);

  it('refuses a key that is not 64 hex digits, and a key with PostgreSQL', () => {
    expect(() => configFor(dataDir(), 'hunter2')).toThrow(/64 hex digits/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'test',
        DATABASE_URL: 'postgres://127.0.0.1/x',
        DATABASE_ENCRYPTION_KEY: newKey(),
      }),
    ).toThrow(/DATABASE_ENCRYPTION_KEY encrypts the SQLite file/);
  });
});
