/**
 * Load and soak on PostgreSQL (issues #24, #25): `npx tsx apps/server/bench/load.bench.ts
 * [--scenarios signins,dashboard,soak,storage] [--minutes 10] [--quick] [--seconds 20] [--instances 1,2]
 * [--database-url …] [--json]`
 * (`npm run bench:load`). Loopback only; every phase is bounded in count and time.
 *
 * Servers run as `npm start` runs them (the bundle, its node flags), in their own processes, on one throwaway
 * PostgreSQL database (made on --database-url, else BENCH_DATABASE_URL or TEST_DATABASE_URL, dropped after)
 * and one shared DATA_DIR (uploads). "Two instances" are two such processes behind load-proxy.mjs, a
 * round-robin balancer in a process of its own. The accounts and their data are written before any server
 * starts, through the app's own services (SampleWriter), so every instance starts on the same database.
 *
 *  signins   — 50 distinct accounts sign in at once (p50/p95/max; target p95 < 1 s), on one instance (libuv's
 *              default 4 threads, and 2 = the cores) and on two; with a bare argon2 verify as the baseline.
 *  dashboard — the Dashboard's reads (overview, summary, insights, health score, onboarding) by 16 connections
 *              in a closed loop for --seconds, over 10 accounts with a year of Ada's data each: one instance
 *              direct, one through the proxy, two through the proxy (target two ÷ one ≥ 1.7).
 *  soak      — 20 virtual users for --minutes (default 10, --quick 1): a Dashboard load a second, a sync of
 *              their Oura connection every 30 s, a small Apple Health upload every 60 s; one instance, then two.
 *              Server 5xx, unexpected 401s (tokens live an hour: any 401 is unexpected), failed imports and
 *              syncs, and each server's RSS after warm-up and at the end (target growth < 10 %), and at each
 *              minute: a heap still filling to its working size levels off, a leak keeps climbing.
 *              `--instances 2` soaks only the two (or `1` only the one).
 *  storage   — bytes per sample and per daily rollup row on PostgreSQL (pg_total_relation_size) and SQLite
 *              (dbstat) over the 10 accounts' data (docs/SCALING.md).
 *
 * The machine's load average is printed with every figure: the load generator, the proxy, PostgreSQL and the
 * servers share its cores, and other work on it moves every number here.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { verify, hash } from '@node-rs/argon2';
import { fakeOf } from '@healthfolio/sandbox';
import { defaultSettings, mergeSettings } from '@healthfolio/core';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createAccount } from '../src/identity/accounts';
import { ARGON2_PARAMS } from '../src/identity/passwords';
import { SampleWriter } from '../src/modules/metrics/write/sample-writer';
import { adaYear } from '../src/seed/ada';
import { createPgDatabase } from '../test/databases';
import { procOf, startServer, waitForLine } from './server-process';

const { values: args } = parseArgs({
  options: {
    scenarios: { type: 'string', default: 'signins,dashboard,soak,storage' },
    /** The soak's topologies: one instance direct, two through the proxy (comma-separated). */
    instances: { type: 'string', default: '1,2' },
    minutes: { type: 'string' },
    quick: { type: 'boolean', default: false },
    seconds: { type: 'string' },
    'database-url': { type: 'string' },
    /** First of five loopback ports: two servers, the proxy, the provider fake. */
    'base-port': { type: 'string', default: '18941' },
    /** People with data (default 20, --quick 10): fewer make a faster look at the machinery. */
    people: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});
const scenarios = new Set(args.scenarios.split(',').map((s) => s.trim()));
const quick = args.quick;
const soakMinutes = Number(args.minutes ?? (quick ? 1 : 10));
const dashboardSeconds = Number(args.seconds ?? (quick ? 8 : 20));
const adminUrl = args['database-url'] ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('PostgreSQL needs --database-url, BENCH_DATABASE_URL or TEST_DATABASE_URL');
process.env.TEST_DATABASE_URL = adminUrl;
const basePort = Number(args['base-port']);
const PORTS = { a: basePort, b: basePort + 1, proxy: basePort + 2, oura: basePort + 3 };

const PASSWORD = 'a load-bench passphrase';
const TZ = 'America/New_York';
const SIGNIN_ACCOUNTS = 50;
const DATA_ACCOUNTS = Number(args.people ?? (quick ? 10 : 20));
const VUS = 20;
const ENCRYPTION_KEY = randomBytes(32).toString('base64');
const MB = 1024 * 1024;
const OURA_CLIENT = { OURA_CLIENT_ID: 'test-client', OURA_CLIENT_SECRET: 'test-secret' };

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const loadAverage = () => os.loadavg().map((l) => round(l, 2));
const say = (line: string) => {
  if (!args.json) console.log(line);
};

// ---------- processes ----------

interface Env {
  databaseUrl: string;
  dataDir: string;
  ouraUrl: string;
}

/** A server as `npm start` runs it (bench/server-process.ts), one of the instances on the shared database. */
function startInstance(env: Env, port: number, extra: Record<string, string> = {}) {
  return startServer({
    port,
    env: {
      LOG_LEVEL: 'error',
      DATA_DIR: env.dataDir,
      WEB_DIST: env.dataDir,
      DATABASE_URL: env.databaseUrl,
      // One address for every instance, as behind any balancer: it is the access tokens' issuer, so
      // instances with different ones refuse each other's tokens (401), and the OAuth redirect.
      PUBLIC_URL: `http://127.0.0.1:${PORTS.proxy}`,
      ENCRYPTION_KEY,
      ...OURA_CLIENT,
      OURA_BASE_URL: env.ouraUrl,
      ...extra,
    },
  });
}
type Server = Awaited<ReturnType<typeof startInstance>>;

async function startProxy(upstreams: string[]) {
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'load-proxy.mjs'), String(PORTS.proxy), ...upstreams],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await waitForLine(child, 'proxy listening', 'proxy');
  return { base: `http://127.0.0.1:${PORTS.proxy}`, ...procOf(child) };
}

interface Topology {
  name: string;
  base: string;
  servers: Server[];
  proxy?: Awaited<ReturnType<typeof startProxy>>;
  stop(): Promise<void>;
}

async function topology(env: Env, instances: 1 | 2, viaProxy: boolean, extra?: Record<string, string>) {
  const servers = [await startInstance(env, PORTS.a, extra)];
  if (instances === 2) servers.push(await startInstance(env, PORTS.b, extra));
  const proxy = viaProxy ? await startProxy(servers.map((s) => s.base)) : undefined;
  const name = `${instances === 1 ? 'one instance' : 'two instances'}${viaProxy ? ' via proxy' : ' direct'}`;
  return {
    name,
    base: proxy?.base ?? servers[0]!.base,
    servers,
    proxy,
    stop: async () => {
      await proxy?.stop();
      await Promise.all(servers.map((s) => s.stop()));
    },
  } satisfies Topology;
}

// ---------- HTTP client ----------

interface Answer {
  status: number;
  body: string;
  ms: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function request(
  base: string,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  const start = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      `${base}${url}`,
      {
        method,
        agent,
        headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            ms: performance.now() - start,
          }),
        );
      },
    );
    req.on('error', (error) => resolve({ status: 0, body: String(error), ms: performance.now() - start }));
    req.end(body);
  });
}

const data = <T>(answer: Answer) => (JSON.parse(answer.body) as { data: T }).data;

async function signIn(base: string, email: string): Promise<Record<string, string>> {
  const res = await request(
    base,
    'POST',
    '/api/identity/login',
    {},
    JSON.stringify({ email, password: PASSWORD }),
  );
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${res.body}`);
  return { authorization: `Bearer ${data<{ accessToken: string }>(res).accessToken}` };
}

/** What the Dashboard asks for when it opens (apps/web/src/pages/DashboardPage.tsx and its cards). */
const DASHBOARD = [
  `/api/metrics/overview?tz=${encodeURIComponent(TZ)}`,
  `/api/metrics/summary?tz=${encodeURIComponent(TZ)}`,
  '/api/insights?type=all&severity=all',
  '/api/health-score',
  '/api/onboarding',
];

// ---------- set-up ----------

const signinEmail = (i: number) => `signin${i}@example.com`;
const dataEmail = (i: number) => `person${i}@example.com`;

/** Accounts and a year of Ada's data each, written through the app's own services before any server starts. */
async function seed(env: Env) {
  const setupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-load-setup-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: setupDir,
    WEB_DIST: setupDir,
    DATABASE_URL: env.databaseUrl,
    ENCRYPTION_KEY,
  });
  const { app, identity, db, bulk } = await buildApp(config, { syncScheduleMs: 0 });
  try {
    for (let i = 0; i < SIGNIN_ACCOUNTS; i++) {
      await createAccount(identity, {
        email: signinEmail(i),
        password: PASSWORD,
        name: `S ${i}`,
        emailVerified: true,
      });
    }
    const writer = new SampleWriter(db, bulk);
    const settings = JSON.stringify(
      mergeSettings(defaultSettings(), { preferences: { timeZone: TZ, onboardingDismissed: true } }),
    );
    const started = performance.now();
    let samples = 0;
    for (let i = 0; i < DATA_ACCOUNTS; i++) {
      const user = await createAccount(identity, {
        email: dataEmail(i),
        password: PASSWORD,
        name: `Person ${i}`,
        emailVerified: true,
      });
      await identity.users.update(user.id, { settings }, identity.now());
      // Each person's year ends at a different hour, so no two people hold the same rows. The ten people
      // the Dashboard reads are read for have a year each; the soak's other ten, a month.
      const year = adaYear(Date.now() - i * 3_600_000, i < 10 ? 365 : 30);
      for (let off = 0; off < year.length; off += 10_000) {
        samples += (await writer.writeOnce(user.id, year.slice(off, off + 10_000))).inserted;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    return { samples, seconds, perSecond: Math.round(samples / seconds) };
  } finally {
    await app.close();
    fs.rmSync(setupDir, { recursive: true, force: true });
  }
}

/** The Oura provider's fake on loopback: every instance talks to this one, as to the real Oura. */
async function startOuraFake() {
  const app = Fastify({ logger: false });
  await app.register(fakeOf('oura'), { control: {} });
  await app.listen({ host: '127.0.0.1', port: PORTS.oura });
  return { url: `http://127.0.0.1:${PORTS.oura}`, close: () => app.close() };
}

/** Connects a person's Oura as they would: our consent URL, "Allow" at the provider, the callback. */
async function connectOura(base: string, auth: Record<string, string>) {
  const res = await request(base, 'GET', '/api/integrations/oauth/oura', auth);
  if (res.status !== 200) throw new Error(`oauth url answered ${res.status}: ${res.body}`);
  const consent = new URL(data<{ url: string }>(res).url);
  const form = new URLSearchParams({ decision: 'allow' });
  for (const name of [
    'client_id',
    'redirect_uri',
    'state',
    'scope',
    'code_challenge',
    'code_challenge_method',
  ]) {
    const value = consent.searchParams.get(name);
    if (value) form.set(name, value);
  }
  const approve = await fetch(consent.origin + consent.pathname, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const back = new URL(approve.headers.get('location')!);
  const done = await request(
    base,
    'POST',
    '/api/integrations/oauth/callback',
    auth,
    JSON.stringify({ code: back.searchParams.get('code'), state: back.searchParams.get('state') }),
  );
  if (done.status !== 200) throw new Error(`oauth callback answered ${done.status}: ${done.body}`);
}

async function syncIdle(base: string, auth: Record<string, string>, deadline: number) {
  for (;;) {
    const res = await request(base, 'GET', '/api/data-sources/oura/sync-status', auth);
    if (res.status !== 200) throw new Error(`sync-status answered ${res.status}: ${res.body}`);
    const status = data<{ state: string; status: string; error: string | null }>(res);
    if (status.state === 'idle' || Date.now() > deadline) return status;
    await sleep(250);
  }
}

/** Small Apple Health exports, one per virtual user (the shared generator, 300 Records each). */
function smallExports(dir: string): Buffer[] {
  const generator = path.resolve(import.meta.dirname, '../../../../shared/tools/gen-apple-health.mjs');
  const files: Buffer[] = [];
  for (let i = 0; i < VUS; i++) {
    const out = path.join(dir, `export-${i}.xml`);
    const end = new Date(Date.now() - i * 86_400_000).toISOString().slice(0, 10);
    execFileSync(
      process.execPath,
      [
        generator,
        '--records',
        '300',
        '--years',
        '0.1',
        '--seed',
        String(100 + i),
        '--end',
        end,
        '--out',
        out,
      ],
      { stdio: 'ignore' },
    );
    files.push(fs.readFileSync(out));
  }
  return files;
}

// ---------- scenarios ----------

async function signinsOn(t: Topology) {
  const load = loadAverage();
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: SIGNIN_ACCOUNTS }, (_, i) =>
      request(
        t.base,
        'POST',
        '/api/identity/login',
        {},
        JSON.stringify({ email: signinEmail(i), password: PASSWORD }),
      ),
    ),
  );
  const wall = performance.now() - started;
  const ms = answers.map((a) => a.ms);
  const failed = answers.filter((a) => a.status !== 200).map((a) => a.status);
  return {
    topology: t.name,
    failed,
    p50: round(percentile(ms, 50)),
    p95: round(percentile(ms, 95)),
    max: round(Math.max(...ms)),
    wallMs: round(wall),
    pass: failed.length === 0 && percentile(ms, 95) < 1000,
    loadAverage: load,
  };
}

async function signins(env: Env) {
  // The baseline: one argon2id verify of the fixed parameters, alone, in this process.
  const stored = await hash(PASSWORD, ARGON2_PARAMS);
  const verifies: number[] = [];
  for (let i = 0; i < 10; i++) {
    const start = performance.now();
    await verify(stored, PASSWORD);
    verifies.push(performance.now() - start);
  }
  const verifyMs = round(percentile(verifies, 50));
  const runs = [];
  for (const [instances, proxy, extra] of [
    [1, false, {}],
    [1, false, { UV_THREADPOOL_SIZE: String(os.availableParallelism() + 1) }],
    [2, true, {}],
  ] as const) {
    const t = await topology(env, instances, proxy, extra);
    try {
      // A first sign-in warms the server (its JIT, the pools) — not one of the 50.
      await signIn(t.base, dataEmail(0));
      const run = await signinsOn(t);
      runs.push({ ...run, threadpool: extra.UV_THREADPOOL_SIZE ?? '4 (default)' });
    } finally {
      await t.stop();
    }
  }
  const cores = os.availableParallelism();
  return {
    argon2: { ...ARGON2_PARAMS, verifyP50Ms: verifyMs },
    cores,
    /** 50 verifies on `cores` cores at best: each core verifies ⌈50 / cores⌉ in a row. */
    floorMs: round(Math.ceil(SIGNIN_ACCOUNTS / cores) * verifyMs),
    runs,
  };
}

async function dashboardOn(t: Topology, tokens: Record<string, string>[], seconds: number) {
  const connections = 16;
  let running = true;
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const worker = async (w: number) => {
    let i = w;
    while (running) {
      const auth = tokens[i % tokens.length]!;
      const url = DASHBOARD[i % DASHBOARD.length]!;
      i++;
      const res = await request(t.base, 'GET', url, auth);
      if (!running) break;
      latencies.push(res.ms);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  };
  // Warm-up: every URL for every account once, then 3 s of load not counted.
  for (const auth of tokens) for (const url of DASHBOARD) await request(t.base, 'GET', url, auth);
  const warm = Array.from({ length: connections }, (_, w) => worker(w));
  await sleep(3000);
  running = false;
  await Promise.all(warm);
  latencies.length = 0;
  statuses.clear();

  running = true;
  const cpu0 = t.servers.map((s) => s.cpuSeconds());
  const proxyCpu0 = t.proxy?.cpuSeconds() ?? 0;
  const self0 = process.cpuUsage();
  const load0 = loadAverage();
  const started = performance.now();
  const workers = Array.from({ length: connections }, (_, w) => worker(w));
  await sleep(seconds * 1000);
  running = false;
  await Promise.all(workers);
  const elapsed = (performance.now() - started) / 1000;
  const self = process.cpuUsage(self0);
  const requests = latencies.length;
  const ok = statuses.get(200) ?? 0;
  return {
    topology: t.name,
    seconds: round(elapsed),
    requests,
    non200: Object.fromEntries([...statuses].filter(([status]) => status !== 200)),
    perSecond: round(ok / elapsed),
    dashboardsPerSecond: round(ok / elapsed / DASHBOARD.length),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    serverCpuSeconds: t.servers.map((s, i) => round(s.cpuSeconds() - cpu0[i]!, 2)),
    proxyCpuSeconds: t.proxy ? round(t.proxy.cpuSeconds() - proxyCpu0, 2) : 0,
    loadGeneratorCpuSeconds: round((self.user + self.system) / 1e6, 2),
    loadAverage: { before: load0, after: loadAverage() },
  };
}

async function dashboard(env: Env) {
  const runs = [];
  const tokens: Record<string, string>[] = [];
  for (const [instances, proxy] of [
    [1, false],
    [1, true],
    [2, true],
  ] as const) {
    const t = await topology(env, instances, proxy);
    try {
      if (tokens.length === 0) {
        for (let i = 0; i < Math.min(10, DATA_ACCOUNTS); i++) tokens.push(await signIn(t.base, dataEmail(i)));
      }
      runs.push(await dashboardOn(t, tokens, dashboardSeconds));
    } finally {
      await t.stop();
    }
  }
  const one = runs[1]!.perSecond;
  const two = runs[2]!.perSecond;
  return { connections: 16, urls: DASHBOARD, runs, twoOverOne: round(two / one, 2), target: 1.7 };
}

interface SoakCounters {
  requests: number;
  server5xx: number;
  unexpected401: number;
  otherErrors: Map<string, number>;
  imports: { sent: number; succeeded: number; failed: number; needsReview: number; pending: number };
  syncs: { asked: number; refused: number };
  dashboardMs: number[];
}

async function soakOn(
  t: Topology,
  people: { auth: Record<string, string> }[],
  files: Buffer[],
  minutes: number,
) {
  const counters: SoakCounters = {
    requests: 0,
    server5xx: 0,
    unexpected401: 0,
    otherErrors: new Map(),
    imports: { sent: 0, succeeded: 0, failed: 0, needsReview: 0, pending: 0 },
    syncs: { asked: 0, refused: 0 },
    dashboardMs: [],
  };
  const count = (res: Answer, what: string) => {
    counters.requests++;
    if (res.status >= 500 || res.status === 0) counters.server5xx++;
    else if (res.status === 401) counters.unexpected401++;
    else if (res.status >= 400) {
      const key = `${what} ${res.status}`;
      counters.otherErrors.set(key, (counters.otherErrors.get(key) ?? 0) + 1);
    }
  };
  const durationMs = minutes * 60_000;
  const warmupMs = Math.min(60_000, durationMs * 0.2);
  const started = Date.now();
  const rss: { at: number; bytes: number[] }[] = [];
  const sampler = setInterval(() => {
    rss.push({ at: Date.now() - started, bytes: t.servers.map((s) => s.rss()) });
  }, 5_000);
  const load0 = loadAverage();

  const upload = async (auth: Record<string, string>, file: Buffer) => {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(file)], { type: 'application/xml' }), 'export.xml');
    counters.imports.sent++;
    try {
      const res = await fetch(`${t.base}/api/imports`, { method: 'POST', headers: auth, body: form });
      const body = await res.text();
      count({ status: res.status, body, ms: 0 }, 'upload');
      if (!res.ok) return undefined;
      return (JSON.parse(body) as { data: { id: string } }).data.id;
    } catch {
      counters.server5xx++;
      return undefined;
    }
  };

  const vu = async (v: number) => {
    const { auth } = people[v]!;
    const file = files[v % files.length]!;
    const imports = new Set<string>();
    // Staggered: the syncs and uploads of twenty people do not all fall on the same second.
    let nextSync = started + (v * 30_000) / VUS;
    let nextUpload = started + 5_000 + (v * 60_000) / VUS;
    while (Date.now() - started < durationMs) {
      for (const url of DASHBOARD) {
        const res = await request(t.base, 'GET', url, auth);
        count(res, 'dashboard');
        counters.dashboardMs.push(res.ms);
      }
      for (const id of [...imports]) {
        const res = await request(t.base, 'GET', `/api/imports/${id}`, auth);
        count(res, 'import status');
        if (res.status !== 200) continue;
        const status = data<{ status: string }>(res).status;
        if (status === 'succeeded') counters.imports.succeeded++;
        else if (status === 'failed') counters.imports.failed++;
        else if (status === 'needs_review') counters.imports.needsReview++;
        else continue;
        imports.delete(id);
      }
      if (Date.now() >= nextSync) {
        nextSync += 30_000;
        const res = await request(t.base, 'POST', '/api/integrations/oura/sync', auth);
        counters.syncs.asked++;
        // A sync asked while the last one still runs is refused (409): counted, not an error.
        if (res.status === 409) counters.syncs.refused++;
        else count(res, 'sync');
      }
      if (Date.now() >= nextUpload) {
        nextUpload += 60_000;
        const id = await upload(auth, file);
        if (id) imports.add(id);
      }
      await sleep(1000);
    }
    counters.imports.pending += imports.size;
  };
  await Promise.all(people.slice(0, VUS).map((_, v) => vu(v)));
  clearInterval(sampler);
  rss.push({ at: Date.now() - started, bytes: t.servers.map((s) => s.rss()) });
  const warm = rss.find((r) => r.at >= warmupMs) ?? rss[0]!;
  const end = rss.at(-1)!;
  // Sync errors the people would see: each connection's state at the end.
  let syncErrors = 0;
  for (const { auth } of people.slice(0, VUS)) {
    const status = await syncIdle(t.base, auth, Date.now() + 30_000);
    if (status.error) syncErrors++;
  }
  const ms = counters.dashboardMs;
  return {
    topology: t.name,
    minutes,
    virtualUsers: VUS,
    requests: counters.requests,
    server5xx: counters.server5xx,
    unexpected401: counters.unexpected401,
    otherErrors: Object.fromEntries(counters.otherErrors),
    imports: counters.imports,
    syncs: { ...counters.syncs, connectionsInError: syncErrors },
    dashboardRequestMs: {
      p50: round(percentile(ms, 50)),
      p95: round(percentile(ms, 95)),
      max: round(Math.max(...ms)),
    },
    rssMb: t.servers.map((_, i) => {
      const w = warm.bytes[i]! / MB;
      const e = end.bytes[i]! / MB;
      const peak = Math.max(...rss.map((r) => r.bytes[i]!)) / MB;
      const byMinute: number[] = [];
      for (let m = 1; m * 60_000 <= end.at + 2_500; m++) {
        const at = rss.find((r) => r.at >= m * 60_000 - 2_500) ?? end;
        byMinute.push(Math.round(at.bytes[i]! / MB));
      }
      return {
        afterWarmup: round(w),
        end: round(e),
        peak: round(peak),
        growthPercent: round(((e - w) / w) * 100),
        byMinute,
      };
    }),
    warmupSeconds: Math.round(warm.at / 1000),
    loadAverage: { before: load0, after: loadAverage() },
  };
}

async function soak(env: Env, files: Buffer[]) {
  const runs = [];
  let people: { auth: Record<string, string> }[] = [];
  const soaked = new Set(args.instances.split(',').map((n) => Number(n.trim())));
  for (const [instances, proxy] of [
    [1, false],
    [2, true],
  ] as const) {
    if (!soaked.has(instances)) continue;
    const t = await topology(env, instances, proxy);
    try {
      if (people.length === 0) {
        people = [];
        for (let i = 0; i < VUS; i++)
          people.push({ auth: await signIn(t.base, dataEmail(i % DATA_ACCOUNTS)) });
        // Every person's Oura, connected once; its first sync (a year) ends before the soak starts.
        const connected = new Set<string>();
        for (let i = 0; i < VUS; i++) {
          const email = dataEmail(i % DATA_ACCOUNTS);
          if (connected.has(email)) continue;
          connected.add(email);
          await connectOura(t.base, people[i]!.auth);
        }
        for (const p of people) await syncIdle(t.base, p.auth, Date.now() + 300_000);
      }
      runs.push(await soakOn(t, people, files, soakMinutes));
    } finally {
      await t.stop();
    }
  }
  return runs;
}

/** Bytes per sample and per daily rollup row: PostgreSQL's relation sizes, then the same rows in SQLite. */
async function storage(env: Env) {
  const client = new pg.Client({ connectionString: env.databaseUrl });
  await client.connect();
  const pgSizes: Record<string, { rows: number; bytes: number; bytesPerRow: number }> = {};
  try {
    await client.query('vacuum analyze');
    for (const table of ['samples', 'daily_rollups']) {
      const { rows } = await client.query<{ n: string; bytes: string }>(
        `select (select count(*) from ${table}) as n, pg_total_relation_size('${table}') as bytes`,
      );
      const n = Number(rows[0]!.n);
      const bytes = Number(rows[0]!.bytes);
      pgSizes[table] = { rows: n, bytes, bytesPerRow: round(bytes / n) };
    }
  } finally {
    await client.end();
  }
  // The same people's years into a fresh SQLite file, through the same store.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-load-sqlite-'));
  const people = Math.min(5, DATA_ACCOUNTS);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    WEB_DIST: dir,
    ENCRYPTION_KEY,
  });
  const { app, identity, db, bulk } = await buildApp(config, { syncScheduleMs: 0 });
  let samplesPerSecond: number;
  try {
    const writer = new SampleWriter(db, bulk);
    let inserted = 0;
    let ms = 0;
    for (let i = 0; i < people; i++) {
      const user = await createAccount(identity, {
        email: dataEmail(i),
        password: PASSWORD,
        name: 'P',
        emailVerified: true,
      });
      const year = adaYear(Date.now() - i * 3_600_000);
      for (let off = 0; off < year.length; off += 10_000) {
        const start = performance.now();
        inserted += (await writer.writeOnce(user.id, year.slice(off, off + 10_000))).inserted;
        ms += performance.now() - start;
      }
    }
    samplesPerSecond = Math.round(inserted / (ms / 1000));
  } finally {
    await app.close();
  }
  const file = path.join(dir, 'healthfolio.db');
  const sqlite = new SQLite(file);
  const sqliteSizes: Record<string, { rows: number; bytes: number; bytesPerRow: number }> = {};
  try {
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    for (const table of ['samples', 'daily_rollups']) {
      const n = (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
      // The table and its indexes (dbstat names each b-tree; an index's tbl_name is its table).
      const bytes = (
        sqlite
          .prepare(
            `select sum(pgsize) as bytes from dbstat where name in
               (select name from sqlite_schema where tbl_name = ? and type in ('table', 'index'))`,
          )
          .get(table) as { bytes: number }
      ).bytes;
      sqliteSizes[table] = { rows: n, bytes, bytesPerRow: round(bytes / n) };
    }
  } finally {
    sqlite.close();
  }
  const fileBytes = fs.statSync(file).size;
  fs.rmSync(dir, { recursive: true, force: true });
  return {
    postgres: pgSizes,
    sqlite: { ...sqliteSizes, fileBytes, people, insertSamplesPerSecond: samplesPerSecond },
  };
}

// ---------- main ----------

async function main() {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: args.json ? 'ignore' : 'inherit' });
  const database = await createPgDatabase('load');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-load-data-'));
  const oura = await startOuraFake();
  const env: Env = { databaseUrl: database.url, dataDir, ouraUrl: oura.url };
  const result: Record<string, unknown> = { cores: os.availableParallelism(), quick };
  try {
    say(
      `load bench on PostgreSQL, ${os.availableParallelism()} cores, load average ${loadAverage().join(' ')}`,
    );
    const seeded = await seed(env);
    result.seed = { ...seeded, accounts: DATA_ACCOUNTS, signinAccounts: SIGNIN_ACCOUNTS };
    say(
      `seeded ${DATA_ACCOUNTS} people × a year of Ada's data: ${seeded.samples} samples in ${round(seeded.seconds)} s (${seeded.perSecond}/s)`,
    );

    if (scenarios.has('signins')) {
      const r = await signins(env);
      result.signins = r;
      say(
        `\n== 50 concurrent sign-ins (argon2id m=${r.argon2.memoryCost} t=${r.argon2.timeCost} p=${r.argon2.parallelism}; one verify alone ${r.argon2.verifyP50Ms} ms; floor on ${r.cores} cores ≈ ${r.floorMs} ms) ==`,
      );
      for (const run of r.runs) {
        say(
          `${run.topology}, threadpool ${run.threadpool}: p50 ${run.p50} ms, p95 ${run.p95} ms, max ${run.max} ms${run.failed.length ? `, failed ${run.failed.join(',')}` : ''} — target p95 < 1000 ms: ${run.pass ? 'PASS' : 'FAIL'} (load ${run.loadAverage.join(' ')})`,
        );
      }
    }
    if (scenarios.has('dashboard')) {
      const r = await dashboard(env);
      result.dashboard = r;
      say(`\n== Dashboard reads, ${r.connections} connections, ${dashboardSeconds} s each ==`);
      for (const run of r.runs) {
        say(
          `${run.topology}: ${run.perSecond} req/s (${run.dashboardsPerSecond} dashboards/s), p50 ${run.p50} ms, p95 ${run.p95} ms, non-200 ${JSON.stringify(run.non200)}; CPU s: servers ${run.serverCpuSeconds.join(' + ')}, proxy ${run.proxyCpuSeconds}, load generator ${run.loadGeneratorCpuSeconds} (load ${run.loadAverage.before.join(' ')} → ${run.loadAverage.after.join(' ')})`,
        );
      }
      say(`two instances ÷ one (both via the proxy): ${r.twoOverOne}× — target ≥ ${r.target}`);
    }
    if (scenarios.has('soak')) {
      const files = smallExports(dataDir);
      const runs = await soak(env, files);
      result.soak = runs;
      for (const run of runs) {
        say(`\n== soak: ${run.topology}, ${run.virtualUsers} virtual users, ${run.minutes} min ==`);
        say(
          `requests ${run.requests}, server 5xx ${run.server5xx}, unexpected 401 ${run.unexpected401}, other errors ${JSON.stringify(run.otherErrors)}`,
        );
        say(
          `imports ${JSON.stringify(run.imports)}; syncs ${JSON.stringify(run.syncs)}; dashboard request p50 ${run.dashboardRequestMs.p50} ms, p95 ${run.dashboardRequestMs.p95} ms, max ${run.dashboardRequestMs.max} ms`,
        );
        for (const [i, m] of run.rssMb.entries()) {
          say(
            `server ${i + 1} RSS: ${m.afterWarmup} MB after ${run.warmupSeconds} s warm-up, ${m.end} MB at the end (peak ${m.peak}) — growth ${m.growthPercent} % (target < 10 %): ${m.growthPercent < 10 ? 'PASS' : 'FAIL'}`,
          );
          say(`         RSS at each minute: ${m.byMinute.join(', ')} MB`);
        }
        say(`load average ${run.loadAverage.before.join(' ')} → ${run.loadAverage.after.join(' ')}`);
      }
    }
    if (scenarios.has('storage')) {
      const r = await storage(env);
      result.storage = r;
      say('\n== storage ==');
      for (const [db, sizes] of Object.entries({ postgres: r.postgres, sqlite: r.sqlite })) {
        for (const table of ['samples', 'daily_rollups'] as const) {
          const s = (sizes as Record<string, { rows: number; bytes: number; bytesPerRow: number }>)[table]!;
          say(
            `${db} ${table}: ${s.rows} rows, ${round(s.bytes / MB)} MB with indexes, ${s.bytesPerRow} B/row`,
          );
        }
      }
      say(
        `sqlite file ${round(r.sqlite.fileBytes / MB)} MB for ${r.sqlite.people} people; SampleWriter inserts on SQLite ${r.sqlite.insertSamplesPerSecond}/s`,
      );
    }
  } finally {
    agent.destroy();
    await oura.close();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (args.json) process.stdout.write(`${JSON.stringify(result)}\n`);
}

await main();
