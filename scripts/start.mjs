// `npm start`: everything a fresh clone needs, then the server (SPA + API) on PORT (8080).
import { spawn } from 'node:child_process';
import { ensureDependencies, ensureServerBuild, ensureWebBuild, root } from './lib.mjs';
import { serverEntry, serverProcess } from './server-process.mjs';

await ensureDependencies();
// WEB_DIST names a web build made elsewhere: it is served as it is.
if (!process.env.WEB_DIST) ensureWebBuild();
ensureServerBuild();

const { nodeArgs, env } = serverProcess();
// The IPC channel ties the server to this process: when this one ends — Ctrl-C, SIGTERM, or killed outright
// — the channel closes and the server shuts down (apps/server/src/main.ts), so no orphan keeps the port.
const server = spawn(process.execPath, [...nodeArgs, serverEntry], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env,
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill('SIGTERM'));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
