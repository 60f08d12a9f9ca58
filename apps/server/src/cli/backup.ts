/**
 * `npm run backup -- [--out <file>] [--passphrase-file <file>]`
 * Writes one archive of the database and the data directory's files while the server keeps running
 * (modules/backup/README.md). SQLite: the online backup API; PostgreSQL: pg_dump. Encrypted with
 * AES-256-GCM when a passphrase is given (--passphrase-file, BACKUP_PASSPHRASE_FILE or BACKUP_PASSPHRASE).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupPassphrase, loadConfig } from '../config';
import { backupFileName, createBackup } from '../modules/backup';
import { runCli } from './cli-context';

await runCli(async () => {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, 'passphrase-file': { type: 'string' } },
    strict: true,
  });
  const config = loadConfig();
  const { passphrase } = values['passphrase-file']
    ? backupPassphrase(values['passphrase-file'])
    : (config.backup ?? backupPassphrase(process.env.BACKUP_PASSPHRASE_FILE, process.env.BACKUP_PASSPHRASE));
  const out =
    values.out ??
    path.join(config.backup?.dir ?? path.resolve('backups'), backupFileName(new Date(), Boolean(passphrase)));
  const started = performance.now();
  const result = await createBackup(config, out, passphrase ? { passphrase } : {});
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const how =
    result.database === 'sqlite'
      ? 'SQLite, copied with its online backup API'
      : 'PostgreSQL, dumped with pg_dump (custom format)';
  process.stdout.write(
    `Backup written to ${result.file} (${(result.bytes / 1024 ** 2).toFixed(1)} MiB, ${how}, ${result.files} data files${result.encrypted ? ', encrypted' : ''}) in ${seconds} s.\n`,
  );
  if (!result.encrypted && result.database === 'sqlite') {
    process.stdout.write(
      'It is not encrypted and holds the key file of provider tokens: keep it somewhere safe.\n',
    );
  }
});
