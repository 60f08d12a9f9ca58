import pino from 'pino';
import { loadConfig, type Config } from '../config';
import { migrateToLatest, openDatabase, type Db } from '../db/database';
import { createIdentity, type Identity } from '../identity/identity';

/** What an operator command needs: the configured database (migrated) and the identity service. */
export async function openCli(): Promise<{
  config: Config;
  db: Db;
  identity: Identity;
  close(): Promise<void>;
}> {
  const config = loadConfig();
  const log = pino({ level: config.logLevel === 'silent' ? 'silent' : 'warn' });
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  const identity = await createIdentity(config, db, { log });
  return {
    config,
    db,
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
