import { describe, expect, it } from 'vitest';
import { fileFromBuffer } from '../files/memory-file';
import { extractReport } from './extract';
import { accuracy } from './test-support/accuracy';
import type { Fixture } from './test-support/expected';
import { previousResultReport } from './test-support/previous-result-report';

const read = (fixture: Fixture) => extractReport(fileFromBuffer('report.pdf', fixture.pdf));

/** Every field of every result as the fixture printed it, and nothing else read. */
async function check(fixture: Fixture) {
  const report = await read(fixture);
  expect(report).toMatchObject({
    source: fixture.source,
    lab: fixture.lab,
    patientName: fixture.patientName,
    date: fixture.date,
    pages: fixture.pages,
  });
  const project = (r: {
    name: string;
    kind: string;
    value: number | null;
    valueText: string;
    unit: string | null;
    referenceRange: unknown;
    flag: string | null;
    date: string;
  }) => [r.name, r.kind, r.value, r.valueText, r.unit, r.referenceRange, r.flag, r.date];
  expect(report.results.map(project)).toEqual(fixture.expected.map(project));
  expect(accuracy(report.results, fixture.expected).wrong).toEqual([]);
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
});
