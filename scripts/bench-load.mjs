// `npm run bench:load [-- --quick] [-- --minutes N] [-- --scenarios signins,dashboard,soak,storage]`: the
// load and soak figures of issues #24 and #25 on PostgreSQL — 50 concurrent sign-ins, the Dashboard's reads
// per second on one instance and on two behind a round-robin proxy, a soak of 20 virtual users (default
// 10 minutes, --quick 1), and bytes per sample on each database (apps/server/bench/load.bench.ts).
// PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL, else the local default below (a throwaway database
// is made on it and dropped after).
import { ensureDependencies, runOrExit } from './lib.mjs';

await ensureDependencies();
const pgUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
runOrExit('npx', [
  'tsx',
  'apps/server/bench/load.bench.ts',
  '--database-url',
  pgUrl,
  ...process.argv.slice(2),
]);
