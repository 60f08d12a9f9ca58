import os from 'node:os';
import { defineConfig } from 'vitest/config';

// better-sqlite3 crashes an older Node outright; say what to do instead (package.json engines).
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12))
  throw new Error(
    `Node ${process.versions.node} is too old for this project: run \`npm test\` (it fetches Node 24 into .node/), ` +
      'or put .node/bin first on your PATH.',
  );

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on CI's 2 cores, where the load stayed
    // near 1 because most server tests wait on PostgreSQL, child servers and fake providers. Two workers
    // there; the limits below catch a hang, not a slow machine.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'server',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/server/test/**/*.test.ts',
          ],
          environment: 'node',
          // A year's sync against a fake provider on PostgreSQL takes 4–6 s alone and several times that
          // on a loaded 2-core machine (a resumed import took 61 s with two workers at a load of 40):
          // the limit catches a hang, not a slow machine.
          testTimeout: 120_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup-i18n.ts', './src/test/msw-setup.ts'],
          // Rendering a review dialog with its PDF took 5.6 s at a load of 40 against the default 5 s.
          testTimeout: 20_000,
          // Node ≥ 25 puts its own Web Storage on globalThis (a getter that answers undefined without
          // --localstorage-file), so Vitest 4 leaves jsdom's localStorage out and every test that signs in
          // fails (vitest-dev/vitest#8757); with Node's turned off, jsdom's is installed as before.
          execArgv: major >= 25 ? ['--no-webstorage'] : [],
        },
      },
    ],
  },
});
