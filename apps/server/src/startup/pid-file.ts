import fs from 'node:fs';
import path from 'node:path';

/** `npm stop` (scripts/stop.mjs) reads this file in DATA_DIR to find the server started in the background. */
export const PID_FILE = 'healthfolio.pid';

/** Writes this process's id to DATA_DIR; the returned function removes it (only if it is still ours). */
export function writePidFile(dataDir: string): () => void {
  const file = path.join(dataDir, PID_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${process.pid}\n`);
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file);
    } catch {
      // Already gone: nothing to clean.
    }
  };
}
