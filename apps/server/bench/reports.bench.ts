/**
 * Lab report reading speed: `npx tsx apps/server/bench/reports.bench.ts [--runs 15] [--worker-runs 5]`
 *
 * A 10-page Labcorp-layout report generated with the test fixtures' builder (≈ 450 results). Measured,
 * median of --runs after a warm-up: `extractReport` — pdf.js text with positions, lines and cells, layout
 * detection, table parsing, kinds, values, ranges, flags. Baseline in the same run: pdf.js alone
 * (getDocument + getTextContent of every page) over the same bytes. Target: under 1 s. Also measured: the
 * server's whole path, a fresh bounded worker per report (startup included), and the extraction accuracy
 * over every fixture (fields right / fields total).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { extractReport, fileFromPath } from '@healthfolio/importers/pdf-report';
import { accuracy, total } from '../../../packages/importers/src/pdf-report/test-support/accuracy';
import { bodyspecReport } from '../../../packages/importers/src/pdf-report/test-support/bodyspec-report';
import type { Fixture } from '../../../packages/importers/src/pdf-report/test-support/expected';
import { genericReport } from '../../../packages/importers/src/pdf-report/test-support/generic-report';
import {
  BEN_LABCORP,
  labcorpReport,
} from '../../../packages/importers/src/pdf-report/test-support/labcorp-report';
import { questReport } from '../../../packages/importers/src/pdf-report/test-support/quest-report';
import { extractInWorker } from '../src/modules/imports/report-source';

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '15' }, 'worker-runs': { type: 'string', default: '5' } },
});
const runs = Number(args.runs);
const workerRuns = Number(args['worker-runs']);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-reports-bench-'));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Ben's panels repeated until the report is ten pages long. */
async function tenPages(): Promise<Fixture> {
  for (let copies = 8; ; copies++) {
    const fixture = await labcorpReport(Array.from({ length: copies }, () => BEN_LABCORP).flat());
    if (fixture.pages >= 10) return fixture;
  }
}

/** The baseline: pdf.js reading every page's text, nothing else. */
async function pdfjsText(bytes: Uint8Array): Promise<number> {
  const doc = await pdfjs.getDocument({
    data: bytes.slice(),
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  let items = 0;
  for (let p = 1; p <= doc.numPages; p++)
    items += (await (await doc.getPage(p)).getTextContent()).items.length;
  await doc.destroy();
  return items;
}

async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const value = await fn();
  return [performance.now() - started, value];
}

async function main() {
  const report = await tenPages();
  const file = path.join(work, 'ten-pages.pdf');
  fs.writeFileSync(file, report.pdf);
  const bytes = new Uint8Array(report.pdf);
  const open = () => fileFromPath(file, 'ten-pages.pdf', report.pdf.length);

  // Warm-up: pdf.js and the catalogue load once per process.
  await pdfjsText(bytes);
  await extractReport(open());

  const baseline: number[] = [];
  const parse: number[] = [];
  let results = 0;
  for (let i = 0; i < runs; i++) {
    baseline.push((await time(() => pdfjsText(bytes)))[0]);
    const [ms, extraction] = await time(() => extractReport(open()));
    parse.push(ms);
    results = extraction.results.length;
  }
  const worker: number[] = [];
  for (let i = 0; i < workerRuns; i++) {
    const input = { path: file, fileName: 'ten-pages.pdf', size: report.pdf.length, options: {} };
    worker.push((await time(() => extractInWorker(input)))[0]);
  }

  const fixtures = [
    await questReport(),
    await labcorpReport(undefined, { bottom: 420 }),
    await genericReport(),
    await bodyspecReport(),
    report,
  ];
  const scores = [];
  for (const fixture of fixtures) {
    const extraction = await extractReport(fileFor(fixture));
    scores.push(accuracy(extraction.results, fixture.expected));
  }
  const all = total(scores);

  const parseMs = median(parse);
  console.log(
    `\n== lab report PDF: ${report.pages} pages, ${results} results, ${round(report.pdf.length / 1024)} KB ==`,
  );
  console.log(`baseline  pdf.js text of every page:   median ${round(median(baseline))} ms (${runs} runs)`);
  console.log(`measured  extractReport (text → results): median ${round(parseMs)} ms (${runs} runs)`);
  console.log(`          ratio extract ÷ pdf.js: ${round(parseMs / median(baseline), 2)}`);
  console.log(`          target < 1000 ms: ${parseMs < 1000 ? 'PASS' : 'MISS'}`);
  console.log(
    `server    fresh bounded worker per report, startup included: median ${round(median(worker))} ms (${workerRuns} runs)`,
  );
  console.log(
    `accuracy  ${all.right}/${all.total} fields right (${round((100 * all.right) / all.total, 2)} %) over ${fixtures.length} reports`,
  );
  for (const wrong of all.wrong.slice(0, 10)) console.log(`          ${wrong}`);
}

function fileFor(fixture: Fixture) {
  const p = path.join(work, `${fixture.source}-${fixture.pages}.pdf`);
  fs.writeFileSync(p, fixture.pdf);
  return fileFromPath(p, path.basename(p), fixture.pdf.length);
}

try {
  await main();
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
