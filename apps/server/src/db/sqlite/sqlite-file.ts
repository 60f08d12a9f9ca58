import { createRequire } from 'node:module';
import SQLite from 'better-sqlite3';

/**
 * A database key as SQLCipher takes a raw one: 32 bytes in hex (`openssl rand -hex 32`). A raw key
 * skips SQLCipher's passphrase derivation (256 000 PBKDF2 rounds, ~0.5 s a connection here), which
 * every connection — the server's, each checkpoint worker's, a backup's — would pay again.
 */
export const DATABASE_KEY = /^[0-9a-fA-F]{64}$/;

export interface SqliteOpenOptions {
  /** DATABASE_ENCRYPTION_KEY: the file is opened through SQLCipher-compatible encryption. */
  key?: string | undefined;
  fileMustExist?: boolean;
}

const requireHere = createRequire(import.meta.url);
let ciphers: typeof SQLite | undefined;

/**
 * better-sqlite3-multiple-ciphers, the same API over SQLite3 Multiple Ciphers: loaded only when a key
 * is set, so the normal path keeps plain better-sqlite3 (and its build).
 */
function cipherSqlite(): typeof SQLite {
  ciphers ??= requireHere('better-sqlite3-multiple-ciphers') as typeof SQLite;
  return ciphers;
}

/**
 * Selects SQLCipher 4's scheme (AES-256-CBC, HMAC-SHA512, 4 KiB pages — the defaults of the sqlcipher
 * tool, which opens the file with `PRAGMA key = "x'…'"`) and sets the key on a connection, before it
 * reads anything. Also for a second connection, and for `rekey`.
 */
export function applyKey(db: SQLite.Database, key: string): void {
  db.pragma("cipher = 'sqlcipher'");
  db.pragma('legacy = 4');
  db.pragma(`key = "x'${hexKey(key)}'"`);
}

function hexKey(key: string): string {
  if (!DATABASE_KEY.test(key)) {
    throw new Error('DATABASE_ENCRYPTION_KEY must be 64 hex digits (32 bytes): openssl rand -hex 32');
  }
  return key.toLowerCase();
}

/**
 * Opens a SQLite file: with plain better-sqlite3, or encrypted when a key is given. A wrong key (or a
 * key for a file that is not encrypted, or none for one that is) is told in a sentence, not as SQLite's
 * "file is not a database" on the first query.
 */
export function openSqliteFile(file: string, options: SqliteOpenOptions = {}): SQLite.Database {
  const settings = options.fileMustExist ? { fileMustExist: true } : {};
  if (!options.key) {
    const db = new SQLite(file, settings);
    try {
      db.prepare('select count(*) from sqlite_master').get();
    } catch (error) {
      db.close();
      throw new Error(
        `${file} cannot be read without a key: it is encrypted (set DATABASE_ENCRYPTION_KEY) or damaged`,
        { cause: error },
      );
    }
    return db;
  }
  const Cipher = cipherSqlite();
  const db = new Cipher(file, settings);
  try {
    applyKey(db, options.key);
    db.prepare('select count(*) from sqlite_master').get();
  } catch (error) {
    db.close();
    throw new Error(
      `DATABASE_ENCRYPTION_KEY does not open ${file}: the key is wrong, or the file was not written encrypted (encrypt it with npm run db:rekey)`,
      { cause: error },
    );
  }
  return db;
}

/**
 * Changes the key of an encrypted file (`PRAGMA rekey`), encrypts a plain one (`from` unset) or
 * decrypts one (`to` unset). Every page is written again; the server must be stopped.
 */
export function rekeySqliteFile(file: string, from: string | undefined, to: string | undefined): void {
  if (!from && !to) throw new Error('Give the current key, the new key, or both');
  const Cipher = cipherSqlite();
  const db = new Cipher(file, { fileMustExist: true });
  try {
    if (from) applyKey(db, from);
    else {
      db.pragma("cipher = 'sqlcipher'");
      db.pragma('legacy = 4');
    }
    db.prepare('select count(*) from sqlite_master').get();
    // Rewriting every page goes through the rollback journal: the WAL is copied back and set aside first.
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.pragma('journal_mode = DELETE');
    db.pragma(to ? `rekey = "x'${hexKey(to)}'"` : "rekey = ''");
    db.pragma('journal_mode = WAL');
  } finally {
    db.close();
  }
}
