import { beforeAll, describe, expect, it } from 'vitest';
import { fileFromBuffer } from '../files/memory-file';
import { detectImporter, getImporter } from '../registry';
import { extractReport, type ReportExtraction } from './extract';
import { PdfReportError } from './errors';
import { accuracy, total, type Accuracy } from './test-support/accuracy';
import { bodyspecReport } from './test-support/bodyspec-report';
import type { Fixture } from './test-support/expected';
import { genericReport } from './test-support/generic-report';
import { labcorpReport } from './test-support/labcorp-report';
import { questReport } from './test-support/quest-report';

const read = (fixture: Fixture, options: Parameters<typeof extractReport>[1] = {}) =>
  extractReport(fileFromBuffer(`${fixture.source}.pdf`, fixture.pdf), options);

describe('lab and DEXA reports read from generated PDFs in the real layouts', () => {
  const fixtures: Record<string, Fixture> = {};
  const scores: Accuracy[] = [];

  beforeAll(async () => {
    fixtures.quest = await questReport();
    // A low page bottom forces Labcorp's panels across pages, with "(Cont.)" headings.
    fixtures.labcorp = await labcorpReport(undefined, { bottom: 420 });
    fixtures.generic = await genericReport();
    fixtures.bodyspec = await bodyspecReport();
  });

  const check = (fixture: Fixture, report: ReportExtraction) => {
    expect(report).toMatchObject({
      source: fixture.source,
      lab: fixture.lab,
      patientName: fixture.patientName,
      date: fixture.date,
      pages: fixture.pages,
    });
    const score = accuracy(report.results, fixture.expected);
    scores.push(score);
    expect(score.wrong).toEqual([]);
    expect(report.results).toHaveLength(fixture.expected.length);
    // Every result's box lies on its page.
    for (const r of report.results) {
      expect(r.region.x).toBeGreaterThanOrEqual(0);
      expect(r.region.x + r.region.width).toBeLessThanOrEqual(r.region.pageWidth);
      expect(r.region.y + r.region.height).toBeLessThanOrEqual(r.region.pageHeight);
      expect(r.region).toMatchObject({ pageWidth: 612, pageHeight: 792 });
    }
    expect(new Set(report.results.map((r) => r.id)).size).toBe(report.results.length);
  };

  it('reads a two-page Quest report: every field of every result, the patient, the collection day', async () => {
    const report = await read(fixtures.quest!, { ownerName: 'Mei Chen' });
    expect(fixtures.quest!.pages).toBe(2);
    check(fixtures.quest!, report);
    expect(report.warnings).toEqual([]);
    expect(report.results.some((r) => r.region.page === 2)).toBe(true);
  });

  it('reads a Labcorp report whose panels continue across three or more pages', async () => {
    const report = await read(fixtures.labcorp!, { ownerName: 'Ben Carter' });
    expect(fixtures.labcorp!.pages).toBeGreaterThanOrEqual(3);
    check(fixtures.labcorp!, report);
    expect(new Set(report.results.map((r) => r.region.page))).toEqual(
      new Set(Array.from({ length: fixtures.labcorp!.pages }, (_, i) => i + 1)),
    );
  });

  it('reads any lab’s results table, and names the lab from its letterhead or from labName', async () => {
    check(fixtures.generic!, await read(fixtures.generic!));
    const named = await read(fixtures.generic!, { labName: 'Sunrise Lab', hint: 'lab-report' });
    expect(named.lab).toBe('Sunrise Lab');
    expect(named.results.every((r) => r.lab === 'Sunrise Lab')).toBe(true);
  });

  it('reads every scan of a BodySpec report with its own date, whole-body kinds and regional customs', async () => {
    const report = await read(fixtures.bodyspec!);
    check(fixtures.bodyspec!, report);
    const dates = new Set(report.results.map((r) => r.date));
    expect(dates).toEqual(new Set(['2026-11-20', '2026-05-18', '2025-11-15']));
    for (const kind of [
      'body_fat',
      'total_mass',
      'fat_mass',
      'lean_mass',
      'bone_mass',
      'bone_density',
      'android_fat',
      'gynoid_fat',
      'android_gynoid_ratio',
      'vat_mass',
      'rmr',
    ]) {
      expect(
        report.results.filter((r) => r.kind === kind),
        kind,
      ).toHaveLength(3);
    }
    expect(report.results.filter((r) => r.name.startsWith('Arms '))).toHaveLength(5);
  });

  it('keeps tests the catalogue lacks as custom, under their printed names', async () => {
    const report = await read(fixtures.quest!);
    const custom = report.results.filter((r) => r.kind === 'custom').map((r) => r.name);
    expect(custom).toEqual(
      expect.arrayContaining([
        'LIPASE',
        'CHOL/HDLC RATIO',
        'WHITE BLOOD CELL COUNT',
        'HIV 1/2 AG/AB, 4TH GEN',
      ]),
    );
    const urine = (await read(fixtures.labcorp!)).results.find((r) => r.name === 'Glucose, Urine');
    expect(urine).toMatchObject({ kind: 'custom', value: null, valueText: 'Negative' });
  });

  it('warns when the report names someone other than the account owner', async () => {
    const report = await read(fixtures.quest!, { ownerName: 'Ada Example' });
    expect(report.warnings).toEqual([expect.stringContaining('Mei Chen')]);
  });

  it('follows the upload’s hint, and still reads a report sent to the wrong endpoint', async () => {
    expect((await read(fixtures.labcorp!, { hint: 'quest' })).source).toBe('labcorp');
    expect((await read(fixtures.quest!, { hint: 'lab-report' })).source).toBe('quest_diagnostics');
    expect((await read(fixtures.bodyspec!, { hint: 'bodyspec' })).source).toBe('bodyspec');
  });

  it('is detected as a lab or DEXA report by its %PDF- head, and is a review importer', async () => {
    const file = fileFromBuffer('anything.bin', fixtures.quest!.pdf);
    const importer = await detectImporter([file]);
    expect(importer?.format).toBe('pdf-report');
    expect(getImporter('pdf-report')).toMatchObject({ review: true, label: 'Lab or DEXA report (PDF)' });
  });

  it('reaches 100 % field accuracy over all fixtures', () => {
    const all = total(scores);
    // The figure for the note: fields right / fields total.
    console.info(`report extraction accuracy: ${all.right}/${all.total} fields`);
    expect(all.total).toBeGreaterThan(1500);
    expect(all.right).toBe(all.total);
  });
});

describe('PDFs we refuse, each with a clear message', () => {
  it('refuses an error of the right code for every bad input', async () => {
    const { scannedPdf, encryptedPdf, manyPagesPdf, notAPdf, deeplyNestedPdf } =
      await import('./test-support/bad-pdfs');
    const refusal = async (bytes: Buffer) => {
      const started = performance.now();
      const error = await extractReport(fileFromBuffer('report.pdf', bytes)).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(PdfReportError);
      expect(performance.now() - started).toBeLessThan(5_000);
      return error as PdfReportError;
    };
    expect(await refusal(await scannedPdf())).toMatchObject({
      code: 'scanned',
      message: expect.stringMatching(
        /^This PDF is a scanned image with no text in it; .*digital PDF.*by hand/,
      ),
    });
    expect(await refusal(await encryptedPdf())).toMatchObject({
      code: 'encrypted',
      message: expect.stringMatching(/^This PDF is password-protected/),
    });
    expect(await refusal(notAPdf())).toMatchObject({
      code: 'not_pdf',
      message: expect.stringMatching(/^This file is not a PDF/),
    });
    expect(await refusal(Buffer.from('%PDF-1.7\nnothing else'))).toMatchObject({ code: 'not_pdf' });
    expect(await refusal(await manyPagesPdf(5000))).toMatchObject({
      code: 'too_many_pages',
      message: 'This PDF has 5000 pages; lab and DEXA reports have at most 100.',
    });
    expect(await refusal(deeplyNestedPdf())).toMatchObject({
      code: 'damaged',
      message: expect.stringContaining('nested too deeply'),
    });
  });

  it('refuses a file over the size limit before reading it, and a PDF that holds no report', async () => {
    const { manyPagesPdf } = await import('./test-support/bad-pdfs');
    const big = fileFromBuffer('big.pdf', Buffer.alloc(2048, 0x20));
    await expect(extractReport(big, { limits: { maxBytes: 1024 } })).rejects.toMatchObject({
      code: 'too_large',
    });
    await expect(extractReport(fileFromBuffer('a.pdf', await manyPagesPdf(2)))).rejects.toMatchObject({
      code: 'no_results',
    });
  });
});
