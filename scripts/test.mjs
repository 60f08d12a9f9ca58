// `npm test`: format, lint, types, unit + storage tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is
// set), then the browser tests against the built app. Ends with one "N passed, N failed" line.
import fs from 'node:fs';
import path from 'node:path';
import { ensureDependencies, ensureServerBuild, ensureWebBuild, root, run } from './lib.mjs';

await ensureDependencies();
const results = path.join(root, 'test-results');
fs.mkdirSync(results, { recursive: true });

const failures = [];
const started = Date.now();
const minutes = (ms) => `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
const step = (name, cmd, args, env = {}) => {
  console.log(`\n▶ ${name}`);
  const begun = Date.now();
  const status = run(cmd, args, { env: { ...process.env, ...env } });
  if (status !== 0) failures.push(name);
  // Each step's time, so that whoever keeps CI under its budget sees where the minutes go.
  console.log(`${status === 0 ? '✓' : '✗'} ${name}: ${minutes(Date.now() - begun)}`);
  return status;
};

step('format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']);
step('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
step('typecheck', 'node', ['scripts/typecheck.mjs']);
if (!process.env.TEST_DATABASE_URL)
  console.log('\n(TEST_DATABASE_URL unset: storage tests run on SQLite only)');
step('unit and storage tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(results, 'vitest.json')}`,
]);

ensureWebBuild();
ensureServerBuild();
if (!fs.existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
  console.error('Chromium is missing: `apt-get install -y chromium` (or set CHROMIUM_PATH).');
  failures.push('browser tests (no Chromium)');
} else {
  step('browser tests', 'npx', ['playwright', 'test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(results, 'e2e.json'),
  });
}

function count(file, read) {
  try {
    return read(JSON.parse(fs.readFileSync(path.join(results, file), 'utf8')));
  } catch {
    return { passed: 0, failed: 0, skipped: 0 };
  }
}
const unit = count('vitest.json', (r) => ({
  passed: r.numPassedTests,
  failed: r.numFailedTests,
  skipped: r.numPendingTests + r.numTodoTests,
}));
const e2e = count('e2e.json', (r) => ({
  passed: r.stats.expected + r.stats.flaky,
  failed: r.stats.unexpected,
  skipped: r.stats.skipped,
}));
const passed = unit.passed + e2e.passed;
// A failed step with no failed test of its own (lint, types, a crashed runner) counts as one failure.
const failedTests = { 'unit and storage tests': unit.failed, 'browser tests': e2e.failed };
const failed = failures.reduce((n, name) => n + Math.max(1, failedTests[name] ?? 0), 0);
if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
console.log(`\nall steps: ${minutes(Date.now() - started)}`);
console.log(`\ntests: ${passed} passed, ${failed} failed, ${unit.skipped + e2e.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
