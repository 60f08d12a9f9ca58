import pino from 'pino';
import { loadConfig, type Config } from '../config';
import type { SampleBulkIO } from '../db/bulk-io';
import { migrateToLatest, openDatabase, type Db } from '../db/database';
import { createIdentity, type Identity } from '../identity/identity';

/** What an operator command needs: the configured database (migrated) and the identity service. */
export async function openCli(): Promise<{
  config: Config;
  db: Db;
  /** The database's bulk sample I/O, for commands that write samples (sources:replay). */
  bulk: SampleBulkIO;
  identity: Identity;
  close(): Promise<void>;
}> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel === 'silent' ? 'silent' : 'warn' });
  const { db, bulk, pg } = openDatabase(config.database);
  await migrateToLatest(db, pg);
  const identity = await createIdentity(config, db, { log });
  return {
    config,
    db,
    bulk,
    identity,
    close: async () => {
      await identity.background.idle();
      identity.mailer.close();
      await db.close();
    },
  };
}

/** Runs a command: clear message and exit code 1 on a known refusal, the stack on anything else. */
export async function runCli(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${message}\n`);
    process.exitCode = 1;
  }
}
