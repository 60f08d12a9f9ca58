// `npm run bench`: the server's figures, each against a baseline measured in the same run.
//   login latency vs a bare argon2 verify; metrics day-query p95 vs /api/health and a bare count;
//   store inserts vs a bare prepared-statement loop — on SQLite, and PostgreSQL when reachable;
//   a year's sync of each sandbox provider vs its pages fetched and mapped with no server;
//   a SMART on FHIR patient with 5 years of records (≥ 20 000 resources) synced through a server;
//   the insight engine over 5 years of one user's data vs the Dashboard's summary read;
//   a 10-page lab report PDF read into results vs pdf.js merely reading its text, and the extraction accuracy;
//   an Apple Health import of 1 M Records vs saxes merely parsing it, on SQLite and on PostgreSQL (their
//   ratio), and a 10 000-resource FHIR bundle;
//   another person's Dashboard reads (p50/p95/max) while a large export imports, against the same reads on
//   a quiet server, on SQLite and PostgreSQL, with the import's time against saxes (issue 25 item 3).
// `npm run bench -- --quick` shrinks the data tenfold for a fast look.
import { ensureDependencies, runOrExit } from './lib.mjs';

await ensureDependencies();
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

console.log('\n== insights ==');
tsx('apps/server/bench/insights.bench.ts', ...(quick ? ['--scale', '0.1'] : []));

console.log('\n== lab reports ==');
tsx('apps/server/bench/reports.bench.ts', ...(quick ? ['--runs', '5', '--worker-runs', '2'] : []));

console.log('\n== sources: a year of each sandbox provider ==');
tsx('apps/server/bench/sources.bench.ts', '--days', quick ? '30' : '365');

console.log('\n== SMART on FHIR: a sandbox patient with 5 years of records (target < 60 s) ==');
tsx('apps/server/bench/smart-sync.bench.ts');

console.log('\n== imports ==');
// Each round imports the file on SQLite and then on PostgreSQL: their ratio is measured in one run.
tsx(
  'apps/server/bench/import.bench.ts',
  '--records',
  quick ? '100000' : '1000000',
  '--dialects',
  'sqlite,postgres',
  '--database-url',
  pgUrl,
);

console.log(
  "\n== responsive while importing: another person's reads during a large import (target p95 < 200 ms) ==",
);
tsx(
  'apps/server/bench/responsive.bench.ts',
  '--records',
  quick ? '100000' : '1000000',
  '--dialects',
  'sqlite,postgres',
  '--database-url',
  pgUrl,
  ...(quick ? ['--rounds', '1'] : []),
);
