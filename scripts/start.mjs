// `npm start`: everything a fresh clone needs, then the server (SPA + API) on PORT (8080).
import { spawn } from 'node:child_process';
import { ensureDependencies, ensureServerBuild, ensureWebBuild, root } from './lib.mjs';
import { serverEntry, serverProcess } from './server-process.mjs';

ensureDependencies();
ensureWebBuild();
ensureServerBuild();

const { nodeArgs, env } = serverProcess();
const server = spawn(process.execPath, [...nodeArgs, serverEntry], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
