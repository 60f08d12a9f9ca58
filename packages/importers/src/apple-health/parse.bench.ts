/**
 * Throughput of the export.xml reader against saxes, on a generated or given export:
 *
 *   node --import tsx packages/importers/src/apple-health/parse.bench.ts [export.xml] [--records 200000]
 *
 * Without a file it generates one with /work/shared/tools/gen-apple-health.mjs. Each contender runs in
 * its own process so the peak RSS printed is its own.
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SaxesParser } from 'saxes';
import { fileFromPath } from '../files/disk-file';
import { appleHealthImporter } from './index';

const GENERATOR = '/work/shared/tools/gen-apple-health.mjs';

async function saxesCount(path: string): Promise<string> {
  const parser = new SaxesParser();
  let records = 0;
  parser.on('opentag', (tag) => {
    if (tag.name === 'Record') records++;
  });
  for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024, encoding: 'utf8' })) {
    parser.write(chunk as string);
  }
  parser.close();
  return `${records} Record elements`;
}

async function importerRead(path: string): Promise<string> {
  const file = fileFromPath(path, 'export.xml', statSync(path).size);
  let samples = 0;
  let records = 0;
  let issues = 0;
  let skipped = 0;
  const context = { owner: { name: '', email: '' }, timeZone: 'UTC' };
  for await (const chunk of appleHealthImporter.read([file], context)) {
    samples += chunk.samples.length;
    records += chunk.records;
    issues += chunk.issues?.length ?? 0;
    for (const s of chunk.skipped ?? []) skipped += s.count;
  }
  const unaccounted = records - samples - issues - skipped;
  return `${records} readings: ${samples} samples, ${issues} issues, ${skipped} skipped, ${unaccounted} unaccounted`;
}

async function runOne(mode: string, path: string): Promise<void> {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const what = mode === 'saxes' ? await saxesCount(path) : await importerRead(path);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  // CPU seconds say more than wall time on a machine shared with other work.
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const mb = statSync(path).size / 1e6;
  const rss = process.resourceUsage().maxRSS / 1024;
  console.log(
    `${mode.padEnd(9)} ${(mb / seconds).toFixed(1).padStart(6)} MB/s wall (${seconds.toFixed(2)} s), ` +
      `${(mb / cpuSeconds).toFixed(1)} MB per CPU-second, peak RSS ${rss.toFixed(0)} MB  (${what})`,
  );
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const mode = args.includes('--mode') ? args[args.indexOf('--mode') + 1]! : undefined;
  const records = args.includes('--records') ? args[args.indexOf('--records') + 1]! : '200000';
  let path = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
  if (mode && path) return runOne(mode, path);
  if (!path) {
    path = `/tmp/ah-bench-${records}.xml`;
    if (!existsSync(path))
      execFileSync('node', [GENERATOR, '--records', records, '--out', path], { stdio: 'inherit' });
  }
  console.log(`${path}: ${(statSync(path).size / 1e6).toFixed(1)} MB`);
  const self = fileURLToPath(import.meta.url);
  for (const contender of ['saxes', 'importer']) {
    execFileSync(process.execPath, [...process.execArgv, self, path, '--mode', contender], {
      stdio: 'inherit',
    });
  }
}

await main();
