import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fakeOf } from '@healthfolio/sandbox';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { loadConfig } from '../../src/config';
import { testDialects } from '../databases';
import { bearer, createUser, signIn } from '../identity/helpers';
import { connectThroughConsent, fakeEnv, type RunningFake } from '../sources/helpers';

/** The Oura fake on loopback, recording every token its /oauth/token endpoint hands out. */
async function startRecordingFake(issued: string[]): Promise<RunningFake> {
  const app = Fastify({ logger: false });
  app.addHook('onSend', async (_request, _reply, payload) => {
    if (typeof payload === 'string' && payload.includes('access_token')) {
      const body = JSON.parse(payload) as { access_token?: string; refresh_token?: string };
      for (const token of [body.access_token, body.refresh_token]) if (token) issued.push(token);
    }
    return payload;
  });
  const control = {};
  await app.register(fakeOf('oura'), { clientId: 'test-client', clientSecret: 'test-secret', control });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, control, app, close: () => app.close() };
}

describe('security suite: keys', () => {
  it('production refuses to start without a key', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-key-'));
    try {
      const env = { NODE_ENV: 'production', DATA_DIR: dataDir };
      expect(() => loadConfig(env)).toThrow(
        'Invalid configuration: ENCRYPTION_KEY is required in production (or a key file at DATA_DIR/encryption.key). Generate one with: openssl rand -base64 32',
      );
      expect(loadConfig({ ...env, ENCRYPTION_KEY: 'an operator-given key' }).encryptionKey).toBe(
        'an operator-given key',
      );
      // A key file an earlier start made is a key.
      fs.writeFileSync(path.join(dataDir, 'encryption.key'), 'x', { mode: 0o600 });
      expect(loadConfig(env).env).toBe('production');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.each(testDialects)('security suite: secrets on %s', (dialect) => {
  let t: TestApp | undefined;
  let fake: RunningFake | undefined;
  afterEach(async () => {
    await t?.close();
    await fake?.close();
  });

  it('keeps provider tokens sealed: not in the database, any answer or any log line', async () => {
    const issued: string[] = [];
    fake = await startRecordingFake(issued);
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    t = await createTestApp(dialect, { ...fakeEnv('oura', fake), LOG_LEVEL: 'trace' }, { logStream });
    await createUser(t);
    const auth = bearer((await signIn(t)).accessToken);
    const answers: string[] = [];
    const { source } = await connectThroughConsent(t, auth, 'oura');
    answers.push(JSON.stringify(source));
    for (const url of [
      '/api/data-sources',
      '/api/integrations',
      '/api/settings/export',
      '/api/data-sources/oura/sync-status',
    ]) {
      answers.push((await t.app.inject({ method: 'GET', url, headers: auth })).body);
    }
    expect(issued.length).toBeGreaterThanOrEqual(2);
    expect(lines.length).toBeGreaterThan(5);

    // The key file the vault made is the owner's alone.
    const keyFile = path.join(t.config.dataDir, 'encryption.key');
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);

    const stored = await t.db.kysely.selectFrom('source_connections').select('tokens').execute();
    expect(stored).toHaveLength(1);
    let files = '';
    if (dialect === 'sqlite') {
      await sql`pragma wal_checkpoint(truncate)`.execute(t.db.kysely);
      const list = await sql<{ file: string }>`pragma database_list`.execute(t.db.kysely);
      const file = list.rows[0]!.file;
      files = ['', '-wal']
        .map((suffix) =>
          fs.existsSync(file + suffix) ? fs.readFileSync(file + suffix).toString('latin1') : '',
        )
        .join('');
      expect(files.length).toBeGreaterThan(4096);
    }
    for (const token of issued) {
      expect(stored[0]!.tokens).not.toContain(token);
      if (dialect === 'sqlite') expect(files.includes(token)).toBe(false);
      for (const body of answers) expect(body).not.toContain(token);
      for (const line of lines) expect(line).not.toContain(token);
    }
  });
});
