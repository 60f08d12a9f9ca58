/**
 * `npm run db:rekey -- --new-key-file <file>` · `npm run db:rekey -- --decrypt`
 * Rotates the key of the encrypted SQLite database (`PRAGMA rekey`): from DATABASE_ENCRYPTION_KEY (unset:
 * the file is plain and gets encrypted) to the 64-hex-digit key in the file (or NEW_DATABASE_ENCRYPTION_KEY);
 * `--decrypt` writes it back plain. Keys never go on the command line, where `ps` and shell history keep
 * them. Every page is written again: stop the server first, and start it again with the new key.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { DATABASE_KEY, rekeySqliteFile } from '../db/sqlite/sqlite-file';
import { runCli } from './cli-context';

await runCli(async () => {
  const { values } = parseArgs({
    options: { 'new-key-file': { type: 'string' }, decrypt: { type: 'boolean' } },
    strict: true,
  });
  const config = loadConfig();
  if (config.database.dialect !== 'sqlite') {
    throw new Error('db:rekey is for the SQLite file; PostgreSQL is encrypted at rest by its own storage.');
  }
  const from = config.database.encryptionKey;
  const newKey = values['new-key-file']
    ? fs.readFileSync(values['new-key-file'], 'utf8').trim()
    : process.env.NEW_DATABASE_ENCRYPTION_KEY?.trim();
  if (values.decrypt === Boolean(newKey)) {
    throw new Error(
      'Usage: npm run db:rekey -- --new-key-file <file with 64 hex digits> (or NEW_DATABASE_ENCRYPTION_KEY), or -- --decrypt',
    );
  }
  if (newKey && !DATABASE_KEY.test(newKey)) {
    throw new Error('The new key must be 64 hex digits (32 bytes): openssl rand -hex 32');
  }
  if (!fs.existsSync(config.database.file))
    throw new Error(`There is no database at ${config.database.file}.`);
  if (!from && !newKey) throw new Error('The database is not encrypted: there is nothing to decrypt.');
  const started = performance.now();
  rekeySqliteFile(config.database.file, from, newKey);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    newKey
      ? `${config.database.file} is now encrypted with the new key (${seconds} s). Set DATABASE_ENCRYPTION_KEY to it before starting the server.\n`
      : `${config.database.file} is now plain (${seconds} s). Unset DATABASE_ENCRYPTION_KEY before starting the server.\n`,
  );
});
