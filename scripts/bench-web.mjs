// `npm run bench:web`: what a person waits for on /login. Starts the built app, loads pages in headless
// Chromium, and prints the JavaScript /login needs (gzip) and its Largest Contentful Paint, next to a
// baseline measured in the same run: a static HTML page from the same server.
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
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-bench-web-'));
const { nodeArgs, env } = serverProcess();
const server = spawn(process.execPath, [...nodeArgs, serverEntry], {
  cwd: root,
  stdio: 'ignore',
  env: {
    ...env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  },
});
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
  const ok = js.all.gzip < 200 * 1024 && loginLcp < 1000;
  console.log(ok ? 'bench:web within budget' : 'bench:web OVER BUDGET');
  process.exitCode = ok ? 0 : 1;
} finally {
  await browser.close();
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
