/**
 * `npm run restore -- <archive> [--passphrase-file <file>]`
 * Brings a backup back into an empty DATA_DIR (and, with DATABASE_URL, an empty PostgreSQL database,
 * through pg_restore). Refuses to write over anything. Run it with the server stopped.
 */
import { parseArgs } from 'node:util';
import { backupPassphrase, loadConfig } from '../config';
import { restoreBackup } from '../modules/backup';
import { runCli } from './cli-context';

await runCli(async () => {
  const { values, positionals } = parseArgs({
    options: { 'passphrase-file': { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const archive = positionals[0];
  if (!archive || positionals.length > 1) {
    throw new Error('Usage: npm run restore -- <backup archive> [--passphrase-file <file>]');
  }
  const config = loadConfig();
  const { passphrase } = backupPassphrase(
    values['passphrase-file'] ?? process.env.BACKUP_PASSPHRASE_FILE,
    process.env.BACKUP_PASSPHRASE,
  );
  const started = performance.now();
  const result = await restoreBackup(config, archive, passphrase ? { passphrase } : {});
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    result.database === 'sqlite'
      ? `Restored the backup of ${result.createdAt} into ${config.dataDir} (SQLite database checked: ok, ${result.files} data files) in ${seconds} s.\n`
      : `Restored the backup of ${result.createdAt}: the database with pg_restore into DATABASE_URL, ${result.files} data files into ${config.dataDir}, in ${seconds} s.\n`,
  );
});
