// `npm run bench`: the server's figures, each against a baseline measured in the same run.
//   login latency vs a bare argon2 verify; metrics day-query p95 vs /api/health and a bare count;
//   store inserts vs a bare prepared-statement loop — on SQLite, and PostgreSQL when reachable;
//   an Apple Health import of 1 M Records vs saxes merely parsing it, and a 10 000-resource FHIR bundle.
// `npm run bench -- --quick` shrinks the data tenfold for a fast look.
import { ensureDependencies, runOrExit } from './lib.mjs';

ensureDependencies();
const quick = process.argv.includes('--quick');
const pgUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const tsx = (file, ...args) => runOrExit('npx', ['tsx', file, ...args]);

console.log('\n== login ==');
tsx('apps/server/bench/login.bench.ts');
for (const dialect of ['sqlite', 'postgres']) {
  console.log(`\n== metrics on ${dialect} ==`);
  const args = ['--dialect', dialect, ...(quick ? ['--scale', '0.1'] : [])];
  if (dialect === 'postgres') args.push('--database-url', pgUrl);
  tsx('apps/server/bench/metrics.bench.ts', ...args);
}

console.log('\n== imports ==');
tsx('apps/server/bench/import.bench.ts', '--records', quick ? '100000' : '1000000');
