// `npm stop`: stops the server `npm start` started in the background, found by the pid file it writes in
// DATA_DIR (apps/server/src/startup/pid-file.ts), and waits until it has closed.
import fs from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

const dataDir = path.resolve(root, process.env.DATA_DIR ?? 'data');
const file = path.join(dataDir, 'healthfolio.pid');

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const pid = fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8').trim()) : NaN;
if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) {
  if (fs.existsSync(file)) fs.rmSync(file);
  console.log(`Healthfolio is not running (no server found from ${path.relative(root, dataDir) || '.'}).`);
  process.exit(0);
}
process.kill(pid, 'SIGTERM');
const deadline = Date.now() + 15_000;
while (alive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
if (alive(pid)) {
  console.error(`Healthfolio (process ${pid}) did not stop within 15 s.`);
  process.exit(1);
}
console.log('Healthfolio stopped.');
