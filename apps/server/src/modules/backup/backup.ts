import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { openZip } from '@healthfolio/importers';
import { openSqliteFile } from '../../db/sqlite/sqlite-file';
import yazl from 'yazl';
import type { Config } from '../../config';
import { BackupError, decryptArchive, encryptingStream, isEncryptedArchive } from './archive-crypto';
import { pgDump, pgRestore, pgTableCount } from './pg-tools';

/** The manifest every backup archive starts with (`manifest.json`). */
export interface BackupManifest {
  format: 'healthfolio-backup';
  version: 1;
  createdAt: string;
  database: 'sqlite' | 'postgres';
  /** The archive entry holding the database: a SQLite file, or a pg_dump archive (custom format). */
  databaseEntry: string;
  /** The data directory's other files, as `files/<path relative to DATA_DIR>`. */
  files: { path: string; size: number }[];
}

const SQLITE_ENTRY = 'database/healthfolio.db';
const PG_ENTRY = 'database/healthfolio.pgdump';
const FILES_PREFIX = 'files/';

export interface BackupOptions {
  passphrase?: string;
  /** Files and folders of DATA_DIR left out (the backup folder, when it is inside it). */
  exclude?: string[];
}

export interface BackupResult {
  file: string;
  bytes: number;
  files: number;
  database: 'sqlite' | 'postgres';
  encrypted: boolean;
}

/**
 * Writes one archive holding a consistent copy of the database and the data directory's files, while
 * the server keeps running. SQLite: the online backup API copies the file in one step, inside one read
 * transaction of its own — a snapshot, which writers in WAL mode do not wait for. PostgreSQL: pg_dump's
 * custom format, which reads one repeatable-read snapshot. The files (uploads waiting to be imported,
 * the outbox, the key file sealing provider tokens) are copied after the database, so every upload the
 * snapshot names is still there.
 */
export async function createBackup(
  config: Pick<Config, 'dataDir' | 'database'>,
  outFile: string,
  options: BackupOptions = {},
): Promise<BackupResult> {
  const target = path.resolve(outFile);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const work = fs.mkdtempSync(path.join(path.dirname(target), '.hf-backup-'));
  const partial = `${target}.partial`;
  try {
    const dbFile = path.join(work, 'database');
    if (config.database.dialect === 'sqlite')
      await snapshotSqlite(config.database.file, dbFile, config.database.encryptionKey);
    else await pgDump(config.database.url, dbFile);

    const excluded = new Set(
      [
        ...(config.database.dialect === 'sqlite'
          ? [config.database.file, `${config.database.file}-wal`, `${config.database.file}-shm`]
          : []),
        target,
        partial,
        work,
        ...(options.exclude ?? []),
      ].map((p) => path.resolve(p)),
    );
    const zip = new yazl.ZipFile();
    const manifest: BackupManifest = {
      format: 'healthfolio-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      database: config.database.dialect,
      databaseEntry: config.database.dialect === 'sqlite' ? SQLITE_ENTRY : PG_ENTRY,
      files: [],
    };
    const files = listFiles(config.dataDir, excluded);
    const opened: { path: string; fd: number; size: number }[] = [];
    for (const relative of files) {
      // A file removed since it was listed (an import that just finished) is simply not in the backup.
      let fd: number;
      try {
        fd = fs.openSync(path.join(config.dataDir, relative), 'r');
      } catch {
        continue;
      }
      opened.push({ path: relative, fd, size: fs.fstatSync(fd).size });
    }
    manifest.files = opened.map(({ path: p, size }) => ({ path: p, size }));
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'manifest.json');
    zip.addReadStream(fs.createReadStream(dbFile), manifest.databaseEntry);
    for (const file of opened) {
      zip.addReadStream(fs.createReadStream('', { fd: file.fd }), FILES_PREFIX + file.path);
    }
    zip.end();
    const out = fs.createWriteStream(partial, { mode: 0o600 });
    if (options.passphrase) {
      await pipeline(zip.outputStream, await encryptingStream(options.passphrase), out);
    } else {
      await pipeline(zip.outputStream, out);
    }
    fs.renameSync(partial, target);
    return {
      file: target,
      bytes: fs.statSync(target).size,
      files: opened.length,
      database: config.database.dialect,
      encrypted: Boolean(options.passphrase),
    };
  } finally {
    fs.rmSync(partial, { force: true });
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function snapshotSqlite(file: string, outFile: string, key: string | undefined): Promise<void> {
  if (!fs.existsSync(file)) throw new BackupError(`There is no database at ${file} to back up.`);
  const source = openSqliteFile(file, { key, fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    if (key) {
      // An encrypted database refuses the backup API into a plain file; VACUUM INTO writes the copy
      // encrypted with the same key (one read transaction: a snapshot too), so no plain page reaches disk.
      source.prepare('vacuum into ?').run(outFile);
      return;
    }
    // All remaining pages in one step: a step holds one read transaction, so the copy is one snapshot.
    // In smaller steps SQLite starts the copy over whenever the server writes between two of them, and
    // a server importing without pause would never let it finish.
    await source.backup(outFile, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
}

/** Relative paths (with `/`) of every regular file under `dir`, except the excluded absolute paths. */
function listFiles(dir: string, excluded: Set<string>): string[] {
  const out: string[] = [];
  const walk = (folder: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (excluded.has(full)) continue;
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) out.push(path.relative(dir, full).split(path.sep).join('/'));
    }
  };
  walk(path.resolve(dir));
  return out.sort();
}

// ---------------------------------------------------------------------------------------------------
// Restore.

export interface RestoreResult {
  database: 'sqlite' | 'postgres';
  files: number;
  createdAt: string;
}

/**
 * Brings a backup back into an empty data directory (and, for PostgreSQL, an empty database): it refuses
 * to write over anything. An encrypted archive is decrypted (and its tag checked) before anything is
 * written; a SQLite database is checked with `PRAGMA integrity_check` before it is moved into place.
 */
export async function restoreBackup(
  config: Pick<Config, 'dataDir' | 'database'>,
  archive: string,
  options: { passphrase?: string } = {},
): Promise<RestoreResult> {
  const source = path.resolve(archive);
  if (!fs.existsSync(source)) throw new BackupError(`There is no backup at ${source}.`);
  const dataDir = path.resolve(config.dataDir);
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    throw new BackupError(
      `The data directory ${dataDir} is not empty: a backup is restored only into an empty one (nothing was changed).`,
    );
  }
  if (config.database.dialect === 'postgres' && (await pgTableCount(config.database.url)) > 0) {
    throw new BackupError(
      'The PostgreSQL database (DATABASE_URL) already has tables: a backup is restored only into an empty database (nothing was changed).',
    );
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-restore-'));
  try {
    let zipFile = source;
    if (await isEncryptedArchive(source)) {
      if (!options.passphrase) {
        throw new BackupError(
          'The backup is encrypted: give its passphrase (--passphrase-file or BACKUP_PASSPHRASE).',
        );
      }
      zipFile = path.join(work, 'backup.zip');
      await decryptArchive(source, zipFile, options.passphrase);
    }
    const zip = await openZip(zipFile, {
      maxEntries: 1_000_000,
      maxTotalBytes: Number.MAX_SAFE_INTEGER,
      maxRatio: Number.POSITIVE_INFINITY,
    }).catch((error: unknown) => {
      throw new BackupError(`${source} is not a Healthfolio backup: ${(error as Error).message}`);
    });
    try {
      const entries = new Map(zip.files.map((f) => [f.name, f]));
      const manifestEntry = entries.get('manifest.json');
      if (!manifestEntry) throw new BackupError(`${source} is not a Healthfolio backup (no manifest.json).`);
      const manifest = JSON.parse(await readAll(manifestEntry.open())) as BackupManifest;
      if (manifest.format !== 'healthfolio-backup' || manifest.version !== 1) {
        throw new BackupError(`${source} is not a Healthfolio backup of a format this version reads.`);
      }
      if (manifest.database !== config.database.dialect) {
        throw new BackupError(
          manifest.database === 'postgres'
            ? 'This backup is of a PostgreSQL database: set DATABASE_URL to an empty database to restore it.'
            : 'This backup is of a SQLite database: unset DATABASE_URL to restore it into DATA_DIR.',
        );
      }
      const dbEntry = entries.get(manifest.databaseEntry);
      if (!dbEntry) throw new BackupError(`${source} holds no database.`);
      const dbFile = path.join(work, 'database');
      await pipeline(dbEntry.open(), fs.createWriteStream(dbFile));

      // Files into a staging folder inside the data directory's parent, then moved in one rename.
      fs.mkdirSync(path.dirname(dataDir), { recursive: true });
      const staging = fs.mkdtempSync(path.join(path.dirname(dataDir), '.hf-restore-'));
      try {
        let count = 0;
        for (const entry of zip.files) {
          if (!entry.name.startsWith(FILES_PREFIX)) continue;
          const relative = entry.name.slice(FILES_PREFIX.length);
          const destination = path.resolve(staging, relative);
          if (!relative || !destination.startsWith(staging + path.sep)) {
            throw new BackupError(`${source} names a file outside the data directory (${entry.name}).`);
          }
          fs.mkdirSync(path.dirname(destination), { recursive: true });
          await pipeline(entry.open(), fs.createWriteStream(destination, { mode: 0o600 }));
          count += 1;
        }
        if (config.database.dialect === 'sqlite') {
          checkSqlite(dbFile, config.database.encryptionKey);
          fs.renameSync(dbFile, path.join(staging, path.basename(config.database.file)));
        } else {
          await pgRestore(config.database.url, dbFile);
        }
        if (fs.existsSync(dataDir)) fs.rmdirSync(dataDir);
        fs.renameSync(staging, dataDir);
        return { database: manifest.database, files: count, createdAt: manifest.createdAt };
      } finally {
        fs.rmSync(staging, { recursive: true, force: true });
      }
    } finally {
      zip.close();
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function checkSqlite(file: string, key: string | undefined): void {
  let db;
  try {
    db = openSqliteFile(file, { key, fileMustExist: true });
  } catch {
    throw new BackupError(
      key
        ? 'The backup’s database does not open with DATABASE_ENCRYPTION_KEY: restore it with the key it was made under.'
        : 'The backup’s database is encrypted: set the DATABASE_ENCRYPTION_KEY it was made under to restore it.',
    );
  }
  try {
    const result = db.pragma('integrity_check', { simple: true });
    if (result !== 'ok')
      throw new BackupError(`The backup's database fails its integrity check: ${String(result)}`);
  } finally {
    db.close();
  }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
