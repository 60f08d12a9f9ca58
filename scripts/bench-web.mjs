// `npm run bench:web`: what a person waits for on /login and on the demo account's Dashboard. Starts the
// built app, loads pages in headless Chromium, and prints the JavaScript /login needs (gzip) and its Largest
// Contentful Paint, next to a baseline measured in the same run: a static HTML page from the same server.
// Then, on a second server seeded with the demo account (a year of Ada's data, as `npm start` makes it):
// the Dashboard's first meaningful paint (its overview's first value on screen), and its JavaScript and API
// calls (count and bytes).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { ensureDependencies, ensureServerBuild, ensureWebBuild, root } from './lib.mjs';
import { serverEntry, serverProcess } from './server-process.mjs';

await ensureDependencies();
ensureWebBuild();
ensureServerBuild();

const port = 18950;
const { nodeArgs, env } = serverProcess();

/** The built server on loopback over a fresh data directory, started as `npm start` starts it. */
function spawnServer(serverPort, dir, settings, stdio = 'ignore') {
  return spawn(process.execPath, [...nodeArgs, serverEntry], {
    cwd: root,
    stdio,
    env: { ...env, PORT: String(serverPort), HOST: '127.0.0.1', DATA_DIR: dir, ...settings },
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-bench-web-'));
const server = spawnServer(port, dataDir, { NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const base = `http://127.0.0.1:${port}`;

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

/** Loads a page in a fresh context; returns its LCP and the JS it fetched (raw and gzip bytes). */
async function measure(url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    try {
      scripts.push({ url: response.url(), body: await response.body() });
    } catch {
      // a response without a body (redirect) carries no JavaScript
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const started = await page.evaluate(() =>
    Object.fromEntries(performance.getEntriesByType('resource').map((e) => [e.name, e.startTime])),
  );
  const lcp = await page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1].startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(Number.NaN), 3000);
      }),
  );
  await context.close();
  const size = (list) => ({
    files: list.length,
    raw: list.reduce((n, s) => n + s.body.length, 0),
    gzip: list.reduce((n, s) => n + gzipSync(s.body, { level: 9 }).length, 0),
  });
  // Initial: the scripts fetched before the largest paint, i.e. what the page needed to show itself.
  const initial = scripts.filter((s) => (started[s.url] ?? Infinity) <= lcp);
  return { lcp, ...size(initial), all: size(scripts) };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * A second server as `npm start` makes one on an empty data directory: development mode, the demo account
 * seeded with a year of Ada's data; its password is read from the start-up banner, as a person would.
 */
async function startDemoServer() {
  const demoPort = port + 1;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-bench-web-demo-'));
  const child = spawnServer(
    demoPort,
    dir,
    { NODE_ENV: 'development', DEMO_SEED: 'true', LOG_LEVEL: 'warn' },
    ['ignore', 'pipe', 'ignore'],
  );
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const stop = () => {
    child.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 600; i++) {
    const found = /Demo account\s+(\S+)[\s\S]*?Password\s+(\S+)\s+\(shown once/.exec(out);
    if (found) return { base: `http://127.0.0.1:${demoPort}`, email: found[1], password: found[2], stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  stop();
  throw new Error('the demo server printed no demo account');
}

/**
 * The Dashboard as the demo account opens it, `runs` times in one signed-in browser (a returning visitor):
 * the first meaningful paint is the overview's first value on screen, counted from the navigation's start;
 * with the JavaScript (gzip) and the API calls (count, bytes) the page made by network idle.
 */
async function measureDashboard(demo, runs) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const signIn = await context.newPage();
  await signIn.goto(`${demo.base}/login`);
  await signIn.getByLabel('Email').fill(demo.email);
  await signIn.getByLabel('Password').fill(demo.password);
  await signIn.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await signIn.waitForURL(/\/dashboard/, { timeout: 60_000 });
  // The first visit computes the insights and warms the server: measured are the visits after it.
  await signIn.locator('[data-testid="metric-value"]').first().waitFor({ timeout: 60_000 });
  await signIn.close();
  const results = [];
  for (let i = 0; i < runs; i++) {
    const page = await context.newPage();
    const api = [];
    const scripts = [];
    page.on('response', async (response) => {
      const url = response.url();
      const script = response.request().resourceType() === 'script';
      if (!script && !url.includes('/api/')) return;
      try {
        const body = await response.body();
        if (script) scripts.push(gzipSync(body, { level: 9 }).length);
        else api.push(body.length);
      } catch {
        // a response without a body (redirect, 204) carries nothing to count
      }
    });
    await page.goto(`${demo.base}/dashboard`);
    await page.locator('[data-testid="metric-value"]').first().waitFor({ timeout: 30_000 });
    const paint = await page.evaluate(() => performance.now());
    await page.waitForLoadState('networkidle');
    results.push({ paint, api: [...api], scripts: [...scripts] });
    await page.close();
  }
  await context.close();
  return results;
}

try {
  await waitForServer();
  const runs = 7;
  const login = [];
  const baseline = [];
  for (let i = 0; i < runs; i++) {
    baseline.push(await measure(`${base}/privacy-policy.html`));
    login.push(await measure(`${base}/login`));
  }
  const loginLcp = median(login.map((m) => m.lcp));
  const baseLcp = median(baseline.map((m) => m.lcp));
  const js = login[0];
  const kb = (n) => (n / 1024).toFixed(1);
  console.log(
    `/login initial JavaScript (fetched before LCP): ${js.files} files, ${kb(js.raw)} KB raw, ` +
      `${kb(js.gzip)} KB gzip (${(js.gzip / 1024 / 200).toFixed(2)}× of the 200 KB budget)`,
  );
  console.log(
    `/login all JavaScript by network idle (incl. web-vitals, loaded after the load event): ${kb(js.all.gzip)} KB gzip`,
  );
  console.log(`/login LCP (median of ${runs}): ${loginLcp.toFixed(0)} ms (budget 1000 ms)`);
  console.log(
    `baseline static page LCP (median of ${runs}): ${baseLcp.toFixed(0)} ms; ratio login/baseline ${(loginLcp / baseLcp).toFixed(2)}×`,
  );
  const demo = await startDemoServer();
  let dashboardOk = false;
  try {
    const dashboard = await measureDashboard(demo, runs);
    const paint = median(dashboard.map((d) => d.paint));
    const last = dashboard[dashboard.length - 1];
    const sum = (xs) => xs.reduce((n, x) => n + x, 0);
    console.log(
      `Dashboard (demo account, signed in) first meaningful paint, median of ${runs}: ${paint.toFixed(0)} ms (budget 1500 ms)`,
    );
    console.log(
      `Dashboard JavaScript: ${last.scripts.length} files, ${kb(sum(last.scripts))} KB gzip; ` +
        `API calls by network idle: ${last.api.length}, ${kb(sum(last.api))} KB`,
    );
    dashboardOk = paint < 1500;
  } finally {
    demo.stop();
  }
  const ok = js.all.gzip < 200 * 1024 && loginLcp < 1000 && dashboardOk;
  console.log(ok ? 'bench:web within budget' : 'bench:web OVER BUDGET');
  process.exitCode = ok ? 0 : 1;
} finally {
  await browser.close();
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
