import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type BuildOptions, type BuiltApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { createTestDb, opened, type TestDialect } from './databases';

export interface TestApp extends BuiltApp {
  config: Config;
  close(): Promise<void>;
}

/** A whole server on a fresh database, driven with app.inject(). */
export async function createTestApp(
  dialect: TestDialect,
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'database'> = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: dataDir,
    ...env,
  });
  const db = await createTestDb(dialect);
  // Scheduled syncs run on a real timer while tests move a fake clock: tests call `schedule()` themselves.
  const built = await buildApp(config, { syncScheduleMs: 0, ...options, database: opened(db) }).catch(
    async (error: unknown) => {
      await db.close();
      throw error;
    },
  );
  return {
    ...built,
    config,
    close: async () => {
      await built.app.close();
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A whole server on the data directory and database `env` names, which the caller keeps (a restart opens
 * them again); its close may be called more than once, so a test can stop it and its clean-up stop it again.
 */
export async function startTestAppOn(
  env: Record<string, string>,
  options: Omit<BuildOptions, 'database'> = {},
): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  const built = await buildApp(config, { syncScheduleMs: 0, ...options });
  let closed = false;
  return {
    ...built,
    config,
    close: async () => {
      if (closed) return;
      closed = true;
      await built.app.close();
    },
  };
}
