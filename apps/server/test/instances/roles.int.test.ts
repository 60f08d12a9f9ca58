import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ImportJob } from '@healthfolio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { appleExport } from '../crash/apple-export';
import { spawnServer, type ServerChild } from '../crash/server-child';
import { createPgDatabase } from '../databases';
import { deploymentEnv } from './deployment-env';

const RECORDS = 2_000;

describe('ROLE', () => {
  it('is refused on SQLite, whose one server serves requests and runs jobs', () => {
    for (const role of ['web', 'worker']) {
      expect(() => loadConfig({ NODE_ENV: 'test', ROLE: role })).toThrow(
        `Invalid configuration: ROLE=${role} splits requests and jobs between instances on one PostgreSQL database (DATABASE_URL); on SQLite one server does both, so leave ROLE unset`,
      );
    }
    expect(() => loadConfig({ NODE_ENV: 'test', ROLE: 'both' })).toThrow(/ROLE/);
    expect(loadConfig({ NODE_ENV: 'test' }).role).toBe('all');
  });
});

/**
 * A web instance (ROLE=web) and a worker instance (ROLE=worker) on one PostgreSQL database and one DATA_DIR,
 * as an operator splits requests from background work: the person talks to the web instance only, and
 * every job runs on the worker.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a web instance and a worker instance', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  let env: Record<string, string>;
  let file: string;
  let web: ServerChild;
  let worker: ServerChild;

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-roles-'));
    cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    file = path.join(dir, 'export.xml');
    fs.writeFileSync(file, appleExport(RECORDS));
    const database = await createPgDatabase('roles');
    cleanup.push(() => database.drop());
    env = deploymentEnv(dir, database.url, 4);
    [web, worker] = await Promise.all([start('web'), start('worker')]);
  }, 200_000);

  afterAll(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  }, 60_000);

  async function start(role: string): Promise<ServerChild> {
    const server = await spawnServer({ ...env, ROLE: role });
    cleanup.push(() => server.kill());
    return server;
  }

  const call = async (server: ServerChild, route: string, init: RequestInit = {}) => {
    const res = await fetch(`${server.url}${route}`, init);
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined, text };
  };

  it('answers only the probes on the worker, with a sentence saying where requests go', async () => {
    for (const probe of ['/api/health', '/api/ready']) {
      const res = await call(worker, probe);
      expect(res.status, res.text).toBe(200);
    }
    const signUp = await call(worker, '/api/identity/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.com', password: 'correct horse battery', name: 'Ada' }),
    });
    expect(signUp.status).toBe(404);
    expect(signUp.body).toEqual({
      error: {
        code: 'not_found',
        message:
          'This instance runs background work only (ROLE=worker): send requests to an instance with ROLE=web or all.',
      },
    });
    expect((await call(worker, '/')).status).toBe(404);
    expect((await call(worker, '/api/auth/me')).status).toBe(404);
  });

  it('says its role where each instance ends its start-up', async () => {
    // The banner follows the first answer to /api/health by a moment.
    const banner = async (server: ServerChild) => {
      for (
        let waited = 0;
        !server.output().includes('Healthfolio is running') && waited < 5_000;
        waited += 50
      )
        await new Promise((resolve) => setTimeout(resolve, 50));
      return server.output();
    };
    const workerSays = await banner(worker);
    expect(workerSays).toContain(
      'Role      worker: runs background jobs; answers /api/health and /api/ready only',
    );
    expect(workerSays).not.toContain('Open      http');
    const webSays = await banner(web);
    expect(webSays).toContain('Open      http://localhost:');
    expect(webSays).toContain(
      'Role      web: serves requests; jobs run on instances with ROLE=worker or all',
    );
  });

  it('runs on the worker the import uploaded to the web instance, and leaves it queued while no worker runs', async () => {
    const signedUp = await call(web, '/api/identity/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bea@example.com', password: 'correct horse battery', name: 'Bea' }),
    });
    expect(signedUp.status, signedUp.text).toBe(201);
    const auth = {
      authorization: `Bearer ${(signedUp.body as { data: { accessToken: string } }).data.accessToken}`,
    };

    const first = await upload(auth);
    const done = await finished(auth, first);
    expect(done.status, done.failure ?? '').toBe('succeeded');
    expect(Number(done.inserted)).toBeGreaterThan(0);
    expect(worker.output()).toContain(`"importId":"${first}"`);
    expect(web.output()).not.toContain(`"importId":"${first}"`);

    // The worker goes (SIGTERM); an upload meanwhile waits for a worker, whatever the web instance does.
    const exited = new Promise((resolve) => worker.child.once('exit', resolve));
    worker.child.kill('SIGTERM');
    await exited;
    const second = await upload(auth);
    // pg-boss wakes a worker for a new job at once (LISTEN/NOTIFY) and polls every 2 s: 5 s is well past both.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect((await job(auth, second)).status).toBe('queued');
    expect(web.output()).not.toContain(`"importId":"${second}"`);

    worker = await start('worker');
    const resumed = await finished(auth, second);
    expect(resumed.status, resumed.failure ?? '').toBe('succeeded');
    // The same file again: every reading is stored already.
    expect({ inserted: Number(resumed.inserted), duplicates: Number(resumed.duplicates) }).toEqual({
      inserted: 0,
      duplicates: Number(done.inserted) + Number(done.duplicates),
    });
    expect(worker.output()).toContain(`"importId":"${second}"`);
  }, 120_000);

  async function upload(auth: Record<string, string>): Promise<string> {
    const form = new FormData();
    form.append('file', await fs.openAsBlob(file), 'export.xml');
    const res = await call(web, '/api/imports', { method: 'POST', headers: auth, body: form });
    expect(res.status, res.text).toBe(202);
    return (res.body as { data: ImportJob }).data.id;
  }

  async function job(auth: Record<string, string>, id: string): Promise<ImportJob> {
    const res = await call(web, `/api/imports/${id}`, { headers: auth });
    expect(res.status, res.text).toBe(200);
    return (res.body as { data: ImportJob }).data;
  }

  async function finished(auth: Record<string, string>, id: string): Promise<ImportJob> {
    const until = Date.now() + 60_000;
    for (let current = await job(auth, id); ; current = await job(auth, id)) {
      if (current.status !== 'queued' && current.status !== 'running') return current;
      if (Date.now() > until) throw new Error(`import ${id} still ${current.status} after 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
});
