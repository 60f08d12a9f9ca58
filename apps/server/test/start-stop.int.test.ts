import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether something accepts connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitFor(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

/** `npm start` as a person runs it, on a port and data directory of its own (SQLite, a stand-in web build). */
function start(port: number, dataDir: string): { child: ChildProcess; output: () => string } {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const webDist = path.join(dataDir, 'web');
  fs.mkdirSync(webDist, { recursive: true });
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Healthfolio</title>');
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      NODE_ENV: 'test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { child, output: () => text };
}

describe('npm start and npm stop', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-start-'));
    dirs.push(dir);
    return dir;
  };

  it('ends start-up with the banner, and leaves no server on the port when start is killed outright', async () => {
    const port = await freePort();
    const dir = dataDir();
    const { child, output } = start(port, dir);
    children.push(child);
    expect(await waitFor(() => listening(port), 45_000)).toBe(true);
    expect(await waitFor(async () => output().includes('Healthfolio is running'), 5_000)).toBe(true);
    expect(output()).toContain(`Open      http://localhost:${port}`);
    expect(output()).toContain(`Database  SQLite, ${path.join(dir, 'healthfolio.db')}`);
    // Request lines are at debug: a request leaves nothing on the terminal.
    const before = output();
    await fetch(`http://127.0.0.1:${port}/api/health`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(output()).toBe(before);
    expect(fs.readFileSync(path.join(dir, 'healthfolio.pid'), 'utf8').trim()).toMatch(/^\d+$/);

    // SIGKILL: the start script cannot pass anything on; the server notices its parent is gone.
    child.kill('SIGKILL');
    expect(await waitFor(async () => !(await listening(port)), 15_000)).toBe(true);
    expect(await waitFor(async () => !fs.existsSync(path.join(dir, 'healthfolio.pid')), 5_000)).toBe(true);
  });

  it('stops the server on SIGTERM to start, and `npm stop` stops one started in the background', async () => {
    const port = await freePort();
    const dir = dataDir();
    const first = start(port, dir);
    children.push(first.child);
    expect(await waitFor(() => listening(port), 45_000)).toBe(true);
    const exited = new Promise<number | null>((resolve) => first.child.on('exit', resolve));
    first.child.kill('SIGTERM');
    await exited;
    expect(await waitFor(async () => !(await listening(port)), 15_000)).toBe(true);

    const second = start(port, dir);
    children.push(second.child);
    expect(await waitFor(() => listening(port), 45_000)).toBe(true);
    expect(await waitFor(async () => fs.existsSync(path.join(dir, 'healthfolio.pid')), 5_000)).toBe(true);
    const { DATABASE_URL: _ignored, ...env } = process.env;
    const stop = spawn(process.execPath, ['scripts/stop.mjs'], { cwd: root, env: { ...env, DATA_DIR: dir } });
    let said = '';
    stop.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
    expect(await new Promise((resolve) => stop.on('exit', resolve))).toBe(0);
    expect(said).toContain('Healthfolio stopped.');
    expect(await listening(port)).toBe(false);
    expect(fs.existsSync(path.join(dir, 'healthfolio.pid'))).toBe(false);
  });
});
