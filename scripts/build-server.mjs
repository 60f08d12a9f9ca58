// Bundles the server's TypeScript (apps/server/src and the workspace packages it imports) into plain
// JavaScript in apps/server/dist, which `npm start`, the browser tests and the benchmarks run with
// plain node. Running the sources through tsx instead costs ~40 MB of resident memory — on Node 20 its
// loader hooks run in a thread of their own, with a heap of their own — that the server's heap has a
// better use for during an import (README, "Imports").
//
// Third-party packages stay outside the bundle, imported from where Node would resolve them for the
// package that imports them (packages/importers has its own csv-parse, for one): native addons,
// packages that read files beside their own code, and worker scripts all keep working unchanged.
import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestMtime } from './lib.mjs';
import { serverEntry } from './server-process.mjs';

/** Where the bundle goes: as deep as apps/server/src, so paths relative to a module resolve alike. */
const serverDist = (root) => path.join(root, path.dirname(serverEntry));

const entries = {
  main: 'apps/server/src/main.ts',
  // Found beside main.mjs by `new URL('./read-worker.mjs', import.meta.url)` (imports/worker-source.ts),
  // and likewise the others.
  'read-worker': 'apps/server/src/modules/imports/read-worker.ts',
  'report-worker': 'apps/server/src/modules/imports/report-worker.ts',
  'checkpoint-worker': 'apps/server/src/db/sqlite/checkpoint-worker.ts',
  // The fake providers, a file of their own that main.mjs imports only when sandbox providers are on
  // (modules/sources/sandbox.ts), so a server without them never loads them. It holds its own copy of the
  // connector manifests and protocol constants it answers by.
  sandbox: 'packages/sandbox/src/index.ts',
};

/** @param {string} root the repository */
export async function buildServer(root) {
  const esbuild = await import('esbuild');
  const outdir = serverDist(root);
  /** @type {import('esbuild').Plugin} */
  const dependenciesOutside = {
    name: 'dependencies-outside',
    setup(build) {
      build.onResolve({ filter: /^@healthfolio\/sandbox$/ }, () => ({
        path: './sandbox.mjs',
        external: true,
      }));
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === 'resolving' || isBuiltin(args.path)) return undefined;
        if (args.path.startsWith('@healthfolio/')) return undefined;
        const found = await build.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          pluginData: 'resolving',
        });
        if (found.errors.length > 0) return { errors: found.errors };
        const relative = path.relative(outdir, found.path).split(path.sep).join('/');
        return { path: relative.startsWith('.') ? relative : `./${relative}`, external: true };
      });
    },
  };
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: entries,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Stack traces in the logs name the functions they went through.
    keepNames: true,
    plugins: [dependenciesOutside],
    logLevel: 'warning',
  });
}

/**
 * Newest modification time of the files the bundle is built from: the workspaces' sources and their
 * package.json (whose exports resolve the imports between them), the lock file and this script.
 */
function newestSource(root) {
  const workspaces = [
    'apps/server',
    ...fs.readdirSync(path.join(root, 'packages')).map((name) => path.join('packages', name)),
  ];
  const files = [
    'package-lock.json',
    'scripts/build-server.mjs',
    ...workspaces.map((workspace) => path.join(workspace, 'package.json')),
  ].map((file) => path.join(root, file));
  return Math.max(
    ...files.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)),
    ...workspaces.map((workspace) => newestMtime(path.join(root, workspace, 'src'))),
  );
}

/** Builds the bundle when it is missing or older than its sources. */
export async function ensureServerBuild(root) {
  const main = path.join(root, serverEntry);
  const builtAt = fs.existsSync(main) ? fs.statSync(main).mtimeMs : 0;
  if (builtAt > newestSource(root)) return;
  console.log('Building the server…');
  await buildServer(root);
}

// `node scripts/build-server.mjs`: what the start, test and bench scripts run before starting the server.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await ensureServerBuild(path.resolve(import.meta.dirname, '..'));
}
