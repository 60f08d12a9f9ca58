// The server the browser tests drive: the built SPA on a fresh, throwaway data directory.
// Sign-up is enabled on the API so each test can make its own user; the UI's /signup still goes to /waitlist.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureServerBuild, root } from './lib.mjs';
import { serverEntry, serverProcess } from './server-process.mjs';

// E2E_DATA_DIR lets a test start a second server beside the suite's (e.g. with short-lived tokens).
const dataDir = path.resolve(root, process.env.E2E_DATA_DIR ?? path.join('test-results', 'e2e-data'));
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

// `npm test` builds the bundle before the suite starts, so servers started side by side never rebuild it.
ensureServerBuild();
// The process `npm start` runs (its node flags and environment), with the tests' settings.
const { nodeArgs, env } = serverProcess();
const server = spawn(process.execPath, [...nodeArgs, serverEntry], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SIGNUP_ENABLED: 'true',
    // Outgoing webhooks may reach the tests' receivers on loopback over plain http.
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    // Web Push may reach the tests' push service on loopback over plain http (e2e/pwa.spec.ts).
    PUSH_ALLOW_PRIVATE: 'true',
    TRUST_PROXY: 'true',
    PUBLIC_URL: `http://127.0.0.1:${process.env.PORT}`,
    ACCESS_TOKEN_TTL_SECONDS: process.env.E2E_ACCESS_TOKEN_TTL_SECONDS ?? '3600',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
