import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type BuildOptions, type BuiltApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { createTestDb, type TestDialect } from './databases';

export interface TestApp extends BuiltApp {
  config: Config;
  close(): Promise<void>;
}

/** A whole server on a fresh database, driven with app.inject(). */
export async function createTestApp(
  dialect: TestDialect,
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'db'> = {},
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
  const built = await buildApp(config, { syncScheduleMs: 0, ...options, db }).catch(
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
