import fs from 'node:fs';
import path from 'node:path';
import type { ImportJob } from '@healthfolio/core';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, signIn } from '../identity/helpers';
import { upload } from '../imports/helpers';
import {
  badPdfs,
  bodyspecReport,
  confirm,
  genericReport,
  getImport,
  labcorpReport,
  questReport,
  readReport,
  series,
  uploadTo,
} from './helpers';

type Fixture = Awaited<ReturnType<typeof questReport>>;
let quest: Fixture;
let labcorp: Fixture;
let generic: Fixture;
let bodyspec: Fixture;

beforeAll(async () => {
  [quest, labcorp, generic, bodyspec] = await Promise.all([
    questReport(),
    labcorpReport(undefined, { bottom: 420 }),
    genericReport(),
    bodyspecReport(),
  ]);
});

describe.each(testDialects)('lab and DEXA reports on %s', (dialect) => {
  let t: TestApp;
  let ada: { authorization: string };
  let ben: { authorization: string };

  beforeEach(async () => {
    t = await createTestApp(dialect);
    await createUser(t, 'ada@example.com');
    await createUser(t, 'ben@example.com');
    ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
    ben = bearer((await signIn(t, 'ben@example.com')).accessToken);
  });
  afterEach(() => t.close());

  const uploads = () =>
    fs.readdirSync(path.join(t.config.dataDir, 'uploads'), { recursive: true }) as string[];
  const sampleCount = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('samples')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('reads an upload for review: queued, then needs_review with every result, nothing written', async () => {
    const res = await upload(t, ada, 'quest.pdf', quest.pdf);
    expect(res.statusCode).toBe(202);
    expect((res.json() as { data: ImportJob }).data).toMatchObject({
      status: 'queued',
      format: 'pdf-report',
      formatLabel: 'Lab or DEXA report (PDF)',
    });
    await t.importRunner.idle();
    const job = await getImport(t, ada, (res.json() as { data: ImportJob }).data.id);
    expect(job).toMatchObject({
      status: 'needs_review',
      failure: null,
      inserted: 0,
      documentUrl: `/api/imports/${job.id}/document`,
    });
    expect(job.results).toHaveLength(quest.expected.length);
    expect(job.recordsRead).toBe(quest.expected.length);
    const glucose = job.results!.find((r) => r.name === 'GLUCOSE');
    expect(glucose).toMatchObject({
      kind: 'blood_glucose',
      value: 105,
      valueText: '105',
      unit: 'mg/dL',
      referenceRange: { low: 65, high: 99 },
      flag: 'high',
      date: '2026-11-14',
      lab: 'Quest Diagnostics',
      region: { page: 1 },
    });
    expect(job.warnings).toEqual([expect.stringContaining('Mei Chen')]);
    expect(await sampleCount()).toBe(0);
  });

  it('confirms with a corrected value: samples with provenance and flags, the lab shows in metrics', async () => {
    const job = await readReport(t, ada, quest.pdf);
    const ldl = job.results!.find((r) => r.name === 'LDL-CHOLESTEROL')!;
    const lipase = job.results!.find((r) => r.name === 'LIPASE')!;
    const res = await confirm(t, ada, job.id, {
      results: [
        { id: ldl.id, value: 113 },
        { id: lipase.id, skip: true },
      ],
    });
    expect(res.statusCode).toBe(200);
    const done = (res.json() as { data: ImportJob }).data;
    expect(done).toMatchObject({
      status: 'succeeded',
      inserted: quest.expected.length - 1,
      updated: 0,
      duplicates: 0,
      rejected: 0,
    });
    expect(done.results).toBeUndefined();
    expect(done.finishedAt).not.toBeNull();

    const ldlSeries = await series(t, ada, 'ldl_cholesterol');
    expect(ldlSeries.items).toHaveLength(1);
    expect(ldlSeries.items[0]).toMatchObject({
      value: 113,
      unit: 'mg/dL',
      source: 'quest_diagnostics',
      flag: 'high',
    });
    const hdl = (await series(t, ada, 'hdl_cholesterol')).items[0];
    expect(hdl).toMatchObject({ value: 38, flag: 'low', referenceRange: { low: 40, text: '> OR = 40' } });
    const crp = (await series(t, ada, 'custom')).items.find((i) => i.valueText === '<0.5');
    expect(crp).toMatchObject({ value: 0.5, unit: 'mg/L' });

    const row = await t.db.kysely
      .selectFrom('samples')
      .select(['meta', 'start_at', 'local_day'])
      .where('kind', '=', 'ldl_cholesterol')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.meta!)).toMatchObject({
      name: 'LDL-CHOLESTEROL',
      lab: 'Quest Diagnostics',
      specimenDate: '2026-11-14',
      interpretation: 'H',
      provenance: { document: 'report.pdf', importId: job.id, page: ldl.region.page, line: ldl.line },
    });
    expect(new Date(Number(row.start_at)).toISOString()).toBe('2026-11-14T00:00:00.000Z');
  });

  it('confirms once: a second confirmation is 409, and the same PDF again adds only duplicates', async () => {
    const job = await readReport(t, ada, quest.pdf);
    expect((await confirm(t, ada, job.id)).statusCode).toBe(200);
    const again = await confirm(t, ada, job.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'conflict' } });
    const count = await sampleCount();
    expect(count).toBe(quest.expected.length);

    const second = await readReport(t, ada, quest.pdf, '/api/imports', 'quest-again.pdf');
    const res = await confirm(t, ada, second.id);
    expect((res.json() as { data: ImportJob }).data).toMatchObject({
      status: 'succeeded',
      inserted: 0,
      updated: 0,
      duplicates: quest.expected.length,
    });
    expect(await sampleCount()).toBe(count);
  });

  it('discards a report: nothing written, the PDF gone, the import gone', async () => {
    const job = await readReport(t, ada, quest.pdf);
    expect(uploads().length).toBeGreaterThan(0);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/imports/${job.id}`, headers: ada });
    expect(res.statusCode).toBe(204);
    expect(await sampleCount()).toBe(0);
    expect(uploads().filter((f) => f.endsWith('.upload'))).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/imports/${job.id}`, headers: ada })).statusCode,
    ).toBe(404);
    expect((await confirm(t, ada, job.id)).statusCode).toBe(404);
  });

  it('keeps the original PDF downloadable by its owner only; another user gets 404 everywhere', async () => {
    const job = await readReport(t, ada, quest.pdf);
    const doc = await t.app.inject({ method: 'GET', url: job.documentUrl!, headers: ada });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(doc.rawPayload.equals(quest.pdf)).toBe(true);

    for (const req of [
      { method: 'GET', url: `/api/imports/${job.id}` },
      { method: 'GET', url: job.documentUrl! },
      { method: 'POST', url: `/api/imports/${job.id}/confirm`, payload: {} },
      { method: 'DELETE', url: `/api/imports/${job.id}` },
    ] as const) {
      const res = await t.app.inject({ ...req, headers: ben });
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: job.documentUrl! })).statusCode).toBe(401);

    await confirm(t, ada, job.id);
    const after = await t.app.inject({ method: 'GET', url: job.documentUrl!, headers: ada });
    expect(after.statusCode).toBe(200);
  });

  it('refuses a correction of a result that is not there, or to a kind that does not exist', async () => {
    const job = await readReport(t, ada, quest.pdf);
    const missing = await confirm(t, ada, job.id, { results: [{ id: 'p9-l99', value: 1 }] });
    expect(missing.statusCode).toBe(400);
    const kind = await confirm(t, ada, job.id, {
      results: [{ id: job.results![0]!.id, kind: 'unobtanium' }],
    });
    expect(kind.statusCode).toBe(400);
    expect(await sampleCount()).toBe(0);
  });

  it.each([
    ['an encrypted PDF', () => badPdfs.encryptedPdf(), /^This PDF is password-protected/],
    ['a scanned PDF', () => badPdfs.scannedPdf(), /^This PDF is a scanned image with no text in it/],
    [
      'a 5000-page PDF',
      () => badPdfs.manyPagesPdf(5000),
      /^This PDF has 5000 pages; lab and DEXA reports have at most 100\.$/,
    ],
    ['a deeply nested PDF', async () => badPdfs.deeplyNestedPdf(), /nested too deeply/],
  ])('fails %s with its message, keeps nothing of it, and keeps answering', async (_, make, message) => {
    const job = await readReport(t, ada, await make());
    expect(job.status).toBe('failed');
    expect(job.failure).toMatch(message);
    expect(job.documentUrl ?? null).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(uploads().filter((f) => f.endsWith('.upload'))).toEqual([]);
    // A failed import can be discarded.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/imports/${job.id}`, headers: ada })).statusCode,
    ).toBe(204);
  });

  it('refuses a non-PDF named .pdf with 415 and a clear message', async () => {
    const res = await upload(t, ada, 'labs.pdf', badPdfs.notAPdf());
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      error: { code: 'unsupported_media_type', message: expect.stringMatching(/^This file is not a PDF/) },
    });
    const spec = await uploadTo(t, ada, '/api/integrations/quest/upload-pdf', 'labs.pdf', badPdfs.notAPdf());
    expect(spec.statusCode).toBe(415);
    expect(spec.json()).toMatchObject({
      error: { message: expect.stringMatching(/^This file is not a PDF/) },
    });
  });

  it('stops a report that takes too long and says so', async () => {
    await t.close();
    t = await createTestApp(dialect, {}, { reportLimits: { timeoutMs: 1, heapMb: 256 } });
    await createUser(t, 'ada@example.com');
    ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
    const job = await readReport(t, ada, quest.pdf);
    expect(job).toMatchObject({ status: 'failed', failure: expect.stringMatching(/took too long to read/) });
  });

  it.each([
    ['/api/integrations/quest/upload-pdf', () => quest, {}],
    ['/api/integrations/labcorp/upload-pdf', () => labcorp, { userId: 'someone-else' }],
    ['/api/integrations/lab-report/upload-pdf', () => generic, { labName: 'Sunrise Lab' }],
    ['/api/integrations/bodyspec/upload-pdf', () => bodyspec, { userId: 'ignored' }],
  ])(
    'answers %s like POST /api/imports, with its parser',
    async (url, fixture, fields: Record<string, string>) => {
      const res = await uploadTo(t, ada, url, 'report.pdf', fixture().pdf, fields);
      expect(res.statusCode).toBe(202);
      expect((res.json() as { data: ImportJob }).data).toMatchObject({
        status: 'queued',
        format: 'pdf-report',
      });
      await t.importRunner.idle();
      const job = await getImport(t, ada, (res.json() as { data: ImportJob }).data.id);
      expect(job.status).toBe('needs_review');
      expect(job.results).toHaveLength(fixture().expected.length);
      expect(job.results!.every((r) => r.lab === (fields.labName ?? fixture().lab))).toBe(true);
      expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    },
  );

  it('takes labName sent after the file too, as browsers send FormData in the order it was built', async () => {
    const boundary = '----hfAfterFile';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="labs.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      ),
      generic.pdf,
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="labName"\r\n\r\nHarbor Lab\r\n--${boundary}--\r\n`,
      ),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/lab-report/upload-pdf',
      headers: { ...ada, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode).toBe(202);
    await t.importRunner.idle();
    const job = await getImport(t, ada, (res.json() as { data: ImportJob }).data.id);
    expect(job.results!.every((r) => r.lab === 'Harbor Lab')).toBe(true);
  });

  it('writes every scan of a BodySpec report with its own day, in the catalogue’s units', async () => {
    const job = await readReport(t, ada, bodyspec.pdf, '/api/integrations/bodyspec/upload-pdf');
    expect((await confirm(t, ada, job.id)).statusCode).toBe(200);
    const fat = await series(t, ada, 'body_fat');
    expect(fat.items.map((i) => i.value)).toEqual([30.2, 28.9, 27.4]);
    const lean = await series(t, ada, 'lean_mass');
    expect(lean.unit).toBe('kg');
    expect(Number(lean.items[2]!.value)).toBeCloseTo(97.4 * 0.45359237, 6);
    const custom = (await series(t, ada, 'custom')).items.filter((i) => i.source === 'bodyspec');
    // 3 regions × 5 measures of the current scan; VAT volume, T- and Z-score of each of the 3 scans.
    expect(custom).toHaveLength(15 + 9);
  });

  it('lists the report format among the formats we import', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/imports/formats', headers: ada });
    expect(
      (res.json() as { data: { formats: { format: string; label: string }[] } }).data.formats,
    ).toContainEqual({
      format: 'pdf-report',
      label: 'Lab or DEXA report (PDF)',
    });
  });
});
