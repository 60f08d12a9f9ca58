// `npm start`: everything a fresh clone needs, then the server (SPA + API) on PORT (8080).
import { spawn } from 'node:child_process';
import { ensureDependencies, ensureServerBuild, ensureWebBuild, root, serverEntry } from './lib.mjs';

ensureDependencies();
ensureWebBuild();
ensureServerBuild();

// A bounded heap and a small young generation: V8 then collects an import's garbage early instead of
// growing toward its default limits, which keeps the server's resident memory under 300 MB through a
// multi-GB import (measured by `npm run bench`) at no cost in import time.
const heapMb = process.env.SERVER_HEAP_MB ?? '256';
const server = spawn(
  process.execPath,
  [`--max-old-space-size=${heapMb}`, '--max-semi-space-size=4', serverEntry],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
