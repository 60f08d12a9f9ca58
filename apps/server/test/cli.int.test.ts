import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

const run = promisify(execFile);
const cliDir = path.join(import.meta.dirname, '../src/cli');

/** Runs an operator command the way `npm run …` does, against a data directory of its own (SQLite). */
async function cli(script: string, args: string[], dataDir: string) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', path.join(cliDir, script), ...args],
      {
        env: { ...withoutDatabaseUrl(), DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'silent' },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

function withoutDatabaseUrl(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return env;
}

describe('operator commands', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-cli-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('user:create makes a verified user, prints a generated password, and refuses a duplicate', async () => {
    const created = await cli('user-create.ts', ['--email', 'Ada@Example.com', '--name', 'Ada'], dataDir);
    expect(created.code, created.stderr).toBe(0);
    const password = /Password: (\S+)/.exec(created.stdout)?.[1];
    expect(password).toHaveLength(24);

    const duplicate = await cli(
      'user-create.ts',
      ['--email', 'ada@example.com', '--password', 'whatever1'],
      dataDir,
    );
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain('A user with the email ada@example.com already exists.');

    expect((await cli('user-create.ts', [], dataDir)).code).toBe(1);
    expect((await cli('user-create.ts', ['--email', 'nope'], dataDir)).stderr).toContain(
      'Not a valid email address',
    );

    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST: dataDir,
    });
    const { app } = await buildApp(config);
    const res = await app.inject({
      method: 'POST',
      url: '/api/identity/login',
      payload: { email: 'ada@example.com', password },
    });
    expect(res.json().data.user).toMatchObject({ name: 'Ada', emailVerified: true });
    await app.close();
  }, 120_000);

  it('invite mails a sign-up link and marks the waitlist entry', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST: dataDir,
    });
    const { app, db } = await buildApp(config);
    await app.inject({ method: 'POST', url: '/api/waitlist', payload: { email: 'ben@example.com' } });
    const invited = await cli('invite.ts', ['--email', 'ben@example.com'], dataDir);
    expect(invited.code, invited.stderr).toBe(0);
    expect(invited.stdout).toContain('Invitation mailed to ben@example.com');
    const mails = fs.readdirSync(path.join(dataDir, 'outbox')).filter((f) => f.includes('-invitation-'));
    expect(mails).toHaveLength(1);
    const entry = await db.kysely
      .selectFrom('waitlist')
      .selectAll()
      .where('email', '=', 'ben@example.com')
      .executeTakeFirst();
    expect(entry?.invited_at).toBeTypeOf('number');
    expect((await cli('invite.ts', ['--email', 'ada@example.com'], dataDir)).code).toBe(1);
    await app.close();
  }, 120_000);
});
