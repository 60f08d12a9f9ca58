// Shared by the start, test and bench scripts: install what a fresh clone lacks, build the web app when stale.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureProjectNode } from './project-node.mjs';

export const root = path.resolve(import.meta.dirname, '..');

export function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function runOrExit(cmd, args, options = {}) {
  const status = run(cmd, args, options);
  if (status !== 0) process.exit(status);
}

/**
 * Runs the caller on the project's Node (scripts/project-node.mjs), then npm ci on a fresh clone (or after
 * the lock file changed). The native addons (better-sqlite3, argon2, esbuild) ship Node-API prebuilds, so
 * one install serves every Node the project runs on.
 */
export async function ensureDependencies() {
  await ensureProjectNode();
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs) return;
  console.log('Installing dependencies…');
  // --loglevel=error: the install's warnings (deprecations) are for maintainers, not for `npm start`.
  runOrExit('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
}

/** Newest modification time of the files under dir (node_modules aside); 0 when it is missing. */
export function newestMtime(dir) {
  if (!fs.existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (file.includes('node_modules')) continue;
    newest = Math.max(newest, fs.statSync(file).mtimeMs);
  }
  return newest;
}

/** Builds the SPA when apps/web/dist is missing or older than its sources. */
export function ensureWebBuild({ force = false } = {}) {
  const index = path.join(root, 'apps/web/dist/index.html');
  const sources = ['apps/web/src', 'apps/web/public', 'packages/core/src'].map((d) =>
    newestMtime(path.join(root, d)),
  );
  const configs = ['apps/web/index.html', 'apps/web/vite.config.ts'].map((f) =>
    fs.existsSync(path.join(root, f)) ? fs.statSync(path.join(root, f)).mtimeMs : 0,
  );
  const builtAt = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  if (!force && builtAt > Math.max(...sources, ...configs)) return;
  console.log('Building the web app…');
  // Vite's table of chunk sizes is for whoever tunes the bundle (`npm run build` shows it); here, warnings only.
  runOrExit('npm', ['run', 'build', '-w', '@healthfolio/web', '--silent', '--', '--logLevel', 'warn']);
}

/**
 * Bundles the server into apps/server/dist when it is missing or older than its sources
 * (scripts/build-server.mjs): the start script, the browser tests and the benchmarks run that bundle.
 */
export function ensureServerBuild() {
  runOrExit(process.execPath, ['scripts/build-server.mjs']);
}
