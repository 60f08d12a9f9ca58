import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ImportJob } from '@healthfolio/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createPgDatabase, testDialects } from '../databases';
import { appleExport } from './apple-export';
import { spawnServer, writeStandInWeb, type ServerChild } from './server-child';

const GRACE_SECONDS = 3;
/**
 * Large enough that the test sees the import under way before it ends. A worker thread parses ahead of
 * the writing thread and reports progress in larger steps: with 80 000 Records on a quiet machine it went
 * from "no record read" to "succeeded" between two looks, 20 ms apart.
 */
const RECORDS = { thread: 80_000, worker: 300_000 };

/**
 * An operator's `systemctl stop`: SIGTERM to a server in the middle of a large import, and after one. The
 * process must end within its grace period — the import handed back, to resume on the next start — and
 * never need a SIGKILL.
 */
describe.each(testDialects)('a server given SIGTERM, on %s', (dialect) => {
  const cleanup: (() => Promise<void> | void)[] = [];
  // Stopping the servers and dropping their schemas: a hang-catcher, not a budget (past 30 s with the
  // machine loaded by other work beside the suite).
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  }, 90_000);

  async function environment(extra: Record<string, string>): Promise<Record<string, string>> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-sigterm-'));
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      DATA_DIR: path.join(dir, 'data'),
      WEB_DIST: writeStandInWeb(dir),
      SIGNUP_ENABLED: 'true',
      // The tokens' issuer: fixed, as on a real server, while each start takes a new port.
      PUBLIC_URL: 'http://healthfolio.test',
      SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
      ...extra,
    };
    if (dialect === 'postgres') {
      const database = await createPgDatabase('crash');
      cleanup.push(() => database.drop());
      env.DATABASE_URL = database.url;
    }
    return env;
  }

  async function start(env: Record<string, string>): Promise<ServerChild> {
    const server = await spawnServer(env);
    cleanup.push(() => server.kill());
    return server;
  }

  /** Sends SIGTERM and answers how long the process took to end, and how. */
  async function terminate(
    server: ServerChild,
  ): Promise<{ ms: number; code: number | null; signal: string | null }> {
    const began = Date.now();
    const ended = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      server.child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    server.child.kill('SIGTERM');
    const { code, signal } = await ended;
    return { ms: Date.now() - began, code, signal };
  }

  async function signUp(url: string): Promise<Record<string, string>> {
    const res = await fetch(`${url}/api/identity/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.com', password: 'correct horse battery', name: 'Ada' }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { accessToken } = ((await res.json()) as { data: { accessToken: string } }).data;
    return { authorization: `Bearer ${accessToken}` };
  }

  async function importStatus(url: string, auth: Record<string, string>, id: string): Promise<ImportJob> {
    const res = await fetch(`${url}/api/imports/${id}`, { headers: auth });
    if (res.status !== 200) throw new Error(`GET /api/imports/${id}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: ImportJob }).data;
  }

  it.each([
    ['parsed on the writing thread', {}, RECORDS.thread],
    ['parsed in a worker thread', { IMPORT_WORKER_THRESHOLD_BYTES: '0' }, RECORDS.worker],
  ])(
    'ends within its grace period during a large import %s, which then resumes to the end',
    async (_how, parsing, records) => {
      const env = await environment(parsing);
      let server = await start(env);
      const auth = await signUp(server.url);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-sigterm-file-'));
      cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
      const file = path.join(dir, 'export.xml');
      fs.writeFileSync(file, appleExport(records));
      const form = new FormData();
      form.append('file', await fs.openAsBlob(file), 'export.xml');
      const res = await fetch(`${server.url}/api/imports`, { method: 'POST', headers: auth, body: form });
      expect(res.status).toBe(202);
      const { id } = ((await res.json()) as { data: ImportJob }).data;

      // Under way. (A worker thread's progress can stay at 0 records until its last batch is written, so the
      // test does not wait for a count: with it, the import was seen only once it had succeeded.)
      let job = await importStatus(server.url, auth, id);
      while (job.status === 'queued') {
        await new Promise((r) => setTimeout(r, 20));
        job = await importStatus(server.url, auth, id);
      }
      expect(job.status, 'the import ended before the test could stop the server mid-way').toBe('running');

      const stop = await terminate(server);
      expect(stop.signal, server.output()).toBeNull();
      expect(stop.code, server.output()).toBe(0);
      expect(stop.ms, server.output()).toBeLessThan(GRACE_SECONDS * 1000 + 1_500);
      expect(server.output()).not.toContain('could not stop in time');

      // The next start takes the import up again and finishes it; a SIGTERM after it ends at once.
      server = await start(env);
      for (
        job = await importStatus(server.url, auth, id);
        job.status === 'running' || job.status === 'queued';
      ) {
        await new Promise((r) => setTimeout(r, 100));
        job = await importStatus(server.url, auth, id);
      }
      expect(job.status, job.failure ?? '').toBe('succeeded');
      const after = await terminate(server);
      expect(after.code, server.output()).toBe(0);
      expect(after.ms, server.output()).toBeLessThan(2_000);
    },
    300_000,
  );
});
