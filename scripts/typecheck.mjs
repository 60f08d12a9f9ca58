// Type-checks every workspace; each has its own tsconfig (web needs DOM, server needs node).
import { spawnSync } from 'node:child_process';

const projects = [
  'packages/core',
  'packages/fhir',
  'packages/importers',
  'packages/insights',
  'packages/connectors',
  'packages/sandbox',
  'apps/server',
  'apps/web',
  'e2e',
];
let failed = false;
for (const project of projects) {
  const result = spawnSync('npx', ['tsc', '-p', project], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
