import { describe, expect, it } from 'vitest';
import { fileFromBuffer } from '../files/memory-file';
import { extractReport } from './extract';
import { accuracy, total, type Accuracy } from './test-support/accuracy';
import type { ExpectedResult, Fixture } from './test-support/expected';
import { frenchReport } from './test-support/french-report';
import { germanReport } from './test-support/german-report';
import { headerLessReport } from './test-support/header-less-report';
import { indianReport } from './test-support/indian-report';
import { labcorpClassicReport } from './test-support/labcorp-classic-report';
import { myChartReport } from './test-support/mychart-report';
import { pageBreakReport } from './test-support/page-break-report';
import { previousResultReport } from './test-support/previous-result-report';
import { questWomenReport } from './test-support/quest-women-report';
import { sonicReport } from './test-support/sonic-report';
import { twoColumnReport } from './test-support/two-column-report';

const read = (fixture: Fixture) => extractReport(fileFromBuffer('report.pdf', fixture.pdf));

const scores: Accuracy[] = [];

type Printed = Pick<
  ExpectedResult,
  'name' | 'kind' | 'value' | 'valueText' | 'unit' | 'referenceRange' | 'flag' | 'date' | 'page'
>;
const fields = (r: Printed) => [
  r.name,
  r.kind,
  r.value,
  r.valueText,
  r.unit,
  r.referenceRange,
  r.flag,
  r.date,
  r.page,
];

/** Every field of every result as the fixture printed it, on its page, and nothing else read. */
async function check(fixture: Fixture) {
  const report = await read(fixture);
  expect(report).toMatchObject({
    source: fixture.source,
    lab: fixture.lab,
    patientName: fixture.patientName,
    date: fixture.date,
    pages: fixture.pages,
  });
  expect(report.results.map((r) => fields({ ...r, page: r.region.page }))).toEqual(
    fixture.expected.map(fields),
  );
  const score = accuracy(report.results, fixture.expected);
  scores.push(score);
  expect(score.wrong).toEqual([]);
  const [width, height] = fixture.pageSize ?? [612, 792];
  for (const r of report.results) {
    expect(r.region).toMatchObject({
      pageWidth: Math.round(width * 10) / 10,
      pageHeight: Math.round(height * 10) / 10,
    });
    expect(r.region.x + r.region.width).toBeLessThanOrEqual(r.region.pageWidth);
  }
  expect(new Set(report.results.map((r) => r.id)).size).toBe(report.results.length);
  return report;
}

describe('lab reports in layouts beyond Quest’s, Labcorp’s and one table', () => {
  it('never takes a previous result for the current one, and keeps a centred unit wider than its heading', async () => {
    const report = await check(await previousResultReport());
    expect(report.results.map((r) => r.name)).not.toContain('Vitamin D, 25-Hydroxy');
  });

  it('reads a list without a header row by the shape of its lines, ranges in words and all', async () => {
    await check(await headerLessReport());
  });

  it('reads a page printed in two columns, the left table first, each row once', async () => {
    const report = await check(await twoColumnReport());
    expect(report.results.filter((r) => r.id.endsWith('-c2'))).toHaveLength(10);
  });

  it.each([true, false])(
    'reads a table that runs over pages, its header repeated on each (%s) or printed once',
    async (repeatHeader) => {
      const fixture = await pageBreakReport({ repeatHeader });
      expect(fixture.pages).toBeGreaterThanOrEqual(3);
      const report = await check(fixture);
      expect(new Set(report.results.map((r) => r.region.page)).size).toBe(fixture.pages);
    },
  );

  it('reads the latest day of a cumulative report, with SI units and ranges in parentheses', async () => {
    const report = await check(await sonicReport());
    expect(report.results.every((r) => r.date === '2026-11-14')).toBe(true);
  });

  it('reads a patient portal’s printout, one result per block under its "Normal range"', async () => {
    const fixture = await myChartReport();
    expect(fixture.pages).toBeGreaterThanOrEqual(2);
    await check(fixture);
  });

  it('reads an Indian lab’s two table layouts, a method column and methodology lines between', async () => {
    await check(await indianReport());
  });

  it('reads a German lab’s findings: decimal commas, SI units, "+" and "-" marks, the previous finding left out', async () => {
    await check(await germanReport());
  });

  it('reads Labcorp’s earlier report: a flag column, fields as a grid of headings, two pages', async () => {
    await check(await labcorpClassicReport());
  });

  it('reads Quest’s report as another site prints it: results right-aligned, CBC units, words', async () => {
    const fixture = await questWomenReport();
    expect(fixture.pages).toBe(2);
    await check(fixture);
  });

  it('reads a French lab’s results: value and unit in one cell, SI lines under them, earlier results apart', async () => {
    const report = await check(await frenchReport());
    expect(report.results.some((r) => r.unit === 'mmol/L' && r.kind === 'blood_glucose')).toBe(false);
  });

  it('reaches 100 % field accuracy over all of these layouts', () => {
    const all = total(scores);
    console.info(`other layouts' extraction accuracy: ${all.right}/${all.total} fields`);
    expect(all.total).toBeGreaterThan(2500);
    expect(all.right).toBe(all.total);
  });
});
