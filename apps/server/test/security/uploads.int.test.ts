import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createDeflate, createGzip, deflateRawSync, gzipSync } from 'node:zlib';
import type { ImportJob } from '@healthfolio/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, signIn } from '../identity/helpers';
import { clarityCsv, importFile, multipart, upload } from '../imports/helpers';
import { traversalZip, yazlZip } from '../imports/zip-fixtures';
import { badPdfs, getImport, questReport, uploadTo } from '../reports/helpers';

/**
 * Uploads (issue #24): every route that takes a file or a body of data refuses what would exhaust the
 * server — too large, unpacking too far, nesting too deep — with an explicit error a person can read,
 * and decides what a file is by its bytes, never by its name or the type the client claims.
 */

const MiB = 1024 * 1024;
const IMPORT_MAX = 8 * MiB;
const PDF_ROUTES = [
  '/api/integrations/quest/upload-pdf',
  '/api/integrations/labcorp/upload-pdf',
  '/api/integrations/lab-report/upload-pdf',
  '/api/integrations/bodyspec/upload-pdf',
];

type Auth = Record<string, string>;
const failure = (job: ImportJob) => job.failure ?? '';

/** An Apple Health export around `inner` (one valid Record first, so the file is detected as one). */
const appleExport = (inner: string) =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<HealthData locale="en_US">',
    ' <ExportDate value="2026-03-02 08:00:00 -0800"/>',
    ' <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2026-03-01 08:00:00 -0800" endDate="2026-03-01 08:00:00 -0800" value="61"/>',
    inner,
    '</HealthData>',
    '',
  ].join('\n');

/** A GPX track (Strava's standalone file) with `inner` inside its track segment. */
const gpx = (inner: string) =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx creator="StravaGPX" version="1.1" xmlns="http://www.topografix.com/GPX/1/1">',
    ' <trk><name>Morning Run</name><type>running</type><trkseg>',
    '  <trkpt lat="40.0" lon="-74.0"><time>2026-03-10T12:00:00Z</time></trkpt>',
    inner,
    '  <trkpt lat="40.001" lon="-74.0"><time>2026-03-10T12:00:30Z</time></trkpt>',
    ' </trkseg></trk>',
    '</gpx>',
    '',
  ].join('\n');

const nest = (depth: number, name = 'x') => `${`<${name}>`.repeat(depth)}${`</${name}>`.repeat(depth)}`;

/** A JSON value nested `depth` arrays deep. */
const deepJson = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

/** A zlib stream of `bytes` zeros, made a MiB at a time (never the inflated bytes at once). */
async function deflatedZeros(bytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const zeros = Buffer.alloc(MiB);
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  for (let left = bytes; left > 0; left -= MiB) {
    if (!deflate.write(left >= MiB ? zeros : zeros.subarray(0, left)))
      await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(out);
}

/** A gzip of `head`, then `bytes` newlines, made a MiB at a time. */
async function gzipBomb(head: string, bytes: number): Promise<Buffer> {
  const gzip = createGzip({ level: 9 });
  const out: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => gzip.on('end', resolve));
  gzip.write(head);
  const blank = Buffer.alloc(MiB, 0x0a);
  for (let left = bytes; left > 0; left -= MiB) {
    if (!gzip.write(blank)) await new Promise((resolve) => gzip.once('drain', resolve));
  }
  gzip.end();
  await done;
  return Buffer.concat(out);
}

/** A one-page PDF whose content stream inflates to `bytes` (a decompression bomb). */
async function inflatingPdf(bytes: number): Promise<Buffer> {
  const data = await deflatedZeros(bytes);
  const head = '%PDF-1.4\n';
  const objects = [
    Buffer.from('1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n'),
    Buffer.from('2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n'),
    Buffer.from('3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>\nendobj\n'),
    Buffer.concat([
      Buffer.from(`4 0 obj\n<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`),
      data,
      Buffer.from('\nendstream\nendobj\n'),
    ]),
  ];
  const offsets: number[] = [];
  let at = head.length;
  for (const o of objects) {
    offsets.push(at);
    at += o.length;
  }
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`;
  return Buffer.concat([Buffer.from(head), ...objects, Buffer.from(xref)]);
}

/**
 * A zip of one stored-as-deflated entry whose headers say `declared` bytes while its data inflates to
 * `actual` (a forged size: a reader trusting the header would be surprised).
 */
function forgedZip(name: string, declared: number, actual: number): Buffer {
  const data = deflateRawSync(Buffer.alloc(actual, 0x41));
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(0, 6);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(0, 14); // crc: never reached, the size check stops first
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(fileName.length, 28);
  central.writeUInt32LE(0, 42);
  const cdOffset = local.length + fileName.length + data.length;
  const cdSize = central.length + fileName.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(cdSize, 12);
  end.writeUInt32LE(cdOffset, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

/** A zip of empty stored entries, written by hand: 50,001 of them take a blink, not yazl's minutes. */
function emptyEntriesZip(count: number): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (let i = 0; i < count; i++) {
    const name = Buffer.from(`e${i}.txt`);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(10, 4);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(10, 4);
    central.writeUInt16LE(10, 6);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name);
    centrals.push(central, name);
    offset += local.length + name.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(count, 0xffff), 8);
  end.writeUInt16LE(Math.min(count, 0xffff), 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** Files left in the data directory's uploads folder (a refused upload leaves none). */
function uploadedFiles(t: TestApp): string[] {
  const dir = path.join(t.config.dataDir, 'uploads');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

describe.each(testDialects)('security suite: uploads on %s', (dialect) => {
  let t: TestApp;
  let ada: Auth;

  beforeEach(async () => {
    t = await createTestApp(dialect, { IMPORT_MAX_BYTES: String(IMPORT_MAX) });
    await createUser(t, 'ada@example.com');
    ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
  });
  afterEach(() => t.close());

  const imports = async () =>
    (
      (await t.app.inject({ method: 'GET', url: '/api/imports', headers: ada })).json() as {
        data: { items: ImportJob[] };
      }
    ).data.items;

  describe('size caps, enforced while the body streams in', () => {
    /** A multipart body streamed in 64 KiB pieces with no Content-Length: the cap cannot be read up front. */
    const streamed = (url: string, bytes: number) => {
      const body = multipart('big.bin', Buffer.alloc(bytes, 0x41));
      const pieces: Buffer[] = [];
      for (let i = 0; i < body.payload.length; i += 64 * 1024)
        pieces.push(body.payload.subarray(i, i + 64 * 1024));
      return t.app.inject({
        method: 'POST',
        url,
        headers: { ...ada, ...body.headers, 'transfer-encoding': 'chunked' },
        payload: Readable.from(pieces),
      });
    };

    it('file imports and every lab-report route answer 413 in the API envelope and keep nothing', async () => {
      for (const url of ['/api/imports', ...PDF_ROUTES]) {
        const res = await streamed(url, IMPORT_MAX + MiB);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(413);
        expect(res.headers['content-type']).toMatch(/application\/json/);
        expect(res.json()).toEqual({
          error: { code: 'payload_too_large', message: 'The file is larger than the 8 MB we accept.' },
        });
      }
      expect(uploadedFiles(t)).toEqual([]);
      expect(await imports()).toEqual([]);
      // The server goes on taking uploads under the cap.
      expect((await upload(t, ada, 'clarity.csv', clarityCsv(10))).statusCode).toBe(202);
    });

    it('ingest URLs answer 413 past 16 MB, streamed without a length too', async () => {
      const connected = await t.app.inject({
        method: 'POST',
        url: '/api/integrations/healthkit/connect',
        headers: ada,
        payload: {},
      });
      const url = new URL((connected.json() as { data: { ingest: { url: string } } }).data.ingest.url)
        .pathname;
      const huge = Buffer.from(JSON.stringify({ samples: [], padding: 'x'.repeat(17 * MiB) }));
      const pieces: Buffer[] = [];
      for (let i = 0; i < huge.length; i += MiB) pieces.push(huge.subarray(i, i + MiB));
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        payload: Readable.from(pieces),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().error.code).toBe('payload_too_large');
      expect(res.json().error.message).toMatch(/larger than|too large/i);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    });
  });

  describe('type by content, never by name or Content-Type', () => {
    /** A multipart body whose file part claims `type`. */
    const claimed = (url: string, fileName: string, type: string, content: Buffer | string) => {
      const body = multipart(fileName, content);
      const payload = Buffer.from(
        body.payload
          .toString('latin1')
          .replace('Content-Type: application/octet-stream', `Content-Type: ${type}`),
        'latin1',
      );
      return t.app.inject({ method: 'POST', url, headers: { ...ada, ...body.headers }, payload });
    };

    it('a Clarity CSV named report.pdf and sent as application/pdf is read as the CSV it is', async () => {
      const res = await claimed('/api/imports', 'report.pdf', 'application/pdf', clarityCsv(12));
      expect(res.statusCode, res.body).toBe(202);
      expect((res.json() as { data: ImportJob }).data.format).toBe('dexcom-clarity');
      await t.importRunner.idle();
      expect((await imports())[0]).toMatchObject({ status: 'succeeded', inserted: 12 });
    });

    it('a lab-report route refuses a spreadsheet named .pdf and sent as application/pdf', async () => {
      for (const url of PDF_ROUTES) {
        const res = await claimed(url, 'results.pdf', 'application/pdf', badPdfs.notAPdf());
        expect(res.statusCode).toBe(415);
        expect(res.json().error.message).toMatch(/not a PDF/);
      }
      expect(uploadedFiles(t)).toEqual([]);
    });

    it('a real report named notes.txt and sent as text/plain is read as the PDF it is', async () => {
      const res = await claimed(
        '/api/integrations/quest/upload-pdf',
        'notes.txt',
        'text/plain',
        (await questReport()).pdf,
      );
      expect(res.statusCode, res.body).toBe(202);
      await t.importRunner.idle();
      const job = await getImport(t, ada, (res.json() as { data: ImportJob }).data.id);
      expect(job.status).toBe('needs_review');
    });

    it('a zip named export.xml is opened as the zip it is', async () => {
      const zip = await yazlZip([{ name: 'clarity/export.csv', data: clarityCsv(7) }]);
      const job = await importFile(t, ada, 'export.xml', zip);
      expect(job).toMatchObject({ status: 'succeeded', format: 'dexcom-clarity', inserted: 7 });
    });
  });

  describe('archives', () => {
    const refused = async (name: string, zip: Buffer) => {
      const res = await upload(t, ada, name, zip);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error.code).toBe('unprocessable');
      return res.json().error.message as string;
    };

    it('refuses a zip bomb by its declared sizes before a byte is inflated', async () => {
      const bomb = await yazlZip([{ name: 'export.xml', data: Buffer.alloc(64 * MiB) }]);
      expect(bomb.length).toBeLessThan(IMPORT_MAX);
      expect(await refused('bomb.zip', bomb)).toMatch(
        /^export\.xml would unpack \d+ times larger than it is packed: refused as a zip bomb — it was not imported\.$/,
      );
      expect(uploadedFiles(t)).toEqual([]);
    });

    it('stops an entry whose headers lie about its size at the size they declare', async () => {
      // Says 1 KB, inflates to 64 MiB of CSV-looking text.
      const zip = forgedZip('clarity.csv', 1024, 64 * MiB);
      expect(zip.length).toBeLessThan(IMPORT_MAX);
      const res = await upload(t, ada, 'forged.zip', zip);
      let message: string;
      if (res.statusCode === 202) {
        await t.importRunner.idle();
        const job = (await imports())[0]!;
        expect(job.status).toBe('failed');
        message = failure(job);
      } else {
        expect(res.statusCode, res.body).toBe(422);
        message = res.json().error.message as string;
      }
      expect(message).toMatch(/clarity\.csv unpacks to more than the 1 KB its header declares.*not imported/);
    });

    it('stops a gzip that unpacks far larger than it is packed, keeping what came before', async () => {
      const bomb = await gzipBomb(clarityCsv(20), 160 * MiB);
      expect(bomb.length).toBeLessThan(IMPORT_MAX);
      const started = Date.now();
      const job = await importFile(t, ada, 'clarity.csv.gz', bomb);
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(job).toMatchObject({ status: 'failed', format: 'dexcom-clarity', inserted: 20 });
      expect(failure(job)).toMatch(/clarity\.csv unpacks far larger than it is packed: refused/);
    });

    it('refuses archives inside the archive, by their bytes, not their names', async () => {
      const inner = await yazlZip([{ name: 'export.csv', data: clarityCsv(5) }]);
      expect(await refused('outer.zip', await yazlZip([{ name: 'inner.zip', data: inner }]))).toBe(
        'This archive holds another archive (inner.zip). We do not unpack archives inside archives: unzip it and upload what it holds — it was not imported.',
      );
      expect(
        await refused(
          'outer.zip',
          await yazlZip([
            { name: 'data/readme.txt', data: inner },
            { name: 'a.csv', data: clarityCsv(3) },
          ]),
        ),
      ).toMatch(/holds another archive \(data\/readme\.txt\)/);
      // A zip gzipped inside the zip: the gzip is opened (bounded), the zip in it is not.
      expect(
        await refused('outer.zip', await yazlZip([{ name: 'export.csv.gz', data: gzipSync(inner) }])),
      ).toMatch(/holds another archive \(export\.csv\)/);
    });

    it('refuses a zip with more than 50,000 entries before opening any', async () => {
      const zip = emptyEntriesZip(50_001);
      expect(zip.length).toBeLessThan(IMPORT_MAX);
      const started = Date.now();
      expect(await refused('many.zip', zip)).toBe(
        'The zip holds more than 50000 files — it was not imported.',
      );
      expect(Date.now() - started).toBeLessThan(5000);
      // 50,000 are listed and looked at: empty files, in no format we read.
      const fine = await upload(t, ada, 'fine.zip', emptyEntriesZip(50_000));
      expect(fine.statusCode).toBe(415);
    }, 120_000);

    it('refuses zip slip: entries that climb out of their folder or start at the root', async () => {
      expect(await refused('evil.zip', await traversalZip())).toBe(
        'The zip holds an entry that would be written outside its folder (../../etc/cron.d/x): refused as zip slip — it was not imported.',
      );
      const absolute = await yazlZip([{ name: 'aetc/passwd', data: 'x' }]);
      for (let at = absolute.indexOf('aetc/'); at !== -1; at = absolute.indexOf('aetc/', at + 1))
        absolute[at] = 0x2f; // "/etc/passwd"
      expect(await refused('abs.zip', absolute)).toMatch(
        /outside its folder \(\/etc\/passwd\): refused as zip slip/,
      );
      expect(uploadedFiles(t)).toEqual([]);
    });
  });

  describe('XML', () => {
    it('an Apple Health export nested beyond 32 levels is refused; 32 are read', async () => {
      const ok = await importFile(t, ada, 'export.xml', appleExport(nest(31)));
      expect(ok).toMatchObject({ status: 'succeeded', inserted: 1 });
      const deep = await importFile(t, ada, 'export2.xml', appleExport(nest(33)));
      expect(deep.status).toBe('failed');
      expect(failure(deep)).toMatch(/Elements nest deeper than 32 levels/);
    });

    it('an Apple Health export with a text or an attribute above 1 MiB is refused', async () => {
      const big = 'a'.repeat(MiB + 10);
      for (const [what, inner] of [
        ['text', `<Note>${big}</Note>`],
        ['CDATA', `<Note><![CDATA[${big}]]></Note>`],
        ['an unknown element’s attribute', `<Note text="${big}"/>`],
        [
          'a Record’s attribute',
          `<Record type="HKQuantityTypeIdentifierHeartRate" sourceName="${big}" unit="count/min" startDate="2026-03-01 09:00:00 -0800" endDate="2026-03-01 09:00:00 -0800" value="62"/>`,
        ],
      ] as const) {
        const job = await importFile(t, ada, 'export.xml', appleExport(inner));
        expect(job.status, what).toBe('failed');
        expect(failure(job), what).toMatch(/larger than 1 MiB/);
      }
      // Nothing of a refused tag was kept: the one heart rate is the valid Record's.
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/metrics?type=heart_rate&from=2026-03-01&to=2026-03-02&bucket=raw',
        headers: ada,
      });
      const items = (res.json() as { data: { items: { value: number; device: string | null }[] } }).data
        .items;
      expect(items.map((i) => [i.value, i.device])).toEqual([[61, 'Watch']]);
    });

    it('a GPX track nested beyond 32 levels, or with text above 1 MiB, is refused', async () => {
      const ok = await importFile(t, ada, 'run.gpx', gpx(`<extensions>${nest(26)}</extensions>`));
      expect(ok.status, failure(ok)).toBe('succeeded');
      const deep = await importFile(t, ada, 'deep.gpx', gpx(`<extensions>${nest(40)}</extensions>`));
      expect(deep.status).toBe('failed');
      expect(failure(deep)).toMatch(/nest deeper than 32 levels/);
      const long = await importFile(t, ada, 'long.gpx', gpx(`<desc>${'a'.repeat(MiB + 10)}</desc>`));
      expect(long.status).toBe('failed');
      expect(failure(long)).toMatch(/larger than 1 MiB/);
      const attr = await importFile(t, ada, 'attr.gpx', gpx(`<desc note="${'a'.repeat(MiB + 10)}"/>`));
      expect(attr.status).toBe('failed');
      expect(failure(attr)).toMatch(/larger than 1 MiB/);
    });

    it('entities are never expanded: external ones stay text, a billion laughs stays small', async () => {
      const laughs = fs.readFileSync(
        path.join(
          import.meta.dirname,
          '../../../../packages/importers/src/apple-health/fixtures/billion-laughs.xml',
        ),
      );
      const started = Date.now();
      const job = await importFile(t, ada, 'export.xml', laughs);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(job.status, failure(job)).toBe('succeeded');
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/metrics?type=heart_rate&from=2000-01-01&to=2100-01-01&bucket=raw',
        headers: ada,
      });
      expect(res.body).not.toContain('lollol');
      const xxe = await importFile(
        t,
        ada,
        'run.gpx',
        gpx('<desc>&xxe;</desc>').replace(
          '<gpx ',
          '<!DOCTYPE gpx [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>\n<gpx ',
        ),
      );
      // saxes defines no entity from a DOCTYPE: the reference is an error, never the file's content.
      expect(xxe.status).toBe('failed');
      expect(failure(xxe)).not.toContain('root:');
    });
  });

  describe('JSON', () => {
    it('ingest URLs refuse JSON nested beyond 64 levels and drop __proto__ keys', async () => {
      const connected = await t.app.inject({
        method: 'POST',
        url: '/api/integrations/healthkit/connect',
        headers: ada,
        payload: {},
      });
      const url = new URL((connected.json() as { data: { ingest: { url: string } } }).data.ingest.url)
        .pathname;
      const post = (payload: string) =>
        t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
      const deep = await post(`{"samples":[],"x":${deepJson(70)}}`);
      expect(deep.statusCode).toBe(400);
      expect(deep.json().error.message).toMatch(/^The body nests deeper than 64 levels; it was not read/);
      const sample = '{"type":"heart_rate","value":61,"unit":"count/min","start":"2026-03-01T08:00:00Z"';
      const res = await post(`{"samples":[${sample},"__proto__":{"value":500}}],"__proto__":{"samples":[]}}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ received: 1, inserted: 1, rejected: 0 });
    });

    it('a JSON export nested beyond 64 levels is refused by the importer, with what was read before', async () => {
      const observation = (i: number, extra = '') =>
        JSON.stringify({
          resource: {
            resourceType: 'Observation',
            id: `o${i}`,
            status: 'final',
            code: { coding: [{ system: 'http://loinc.org', code: '8867-4', display: 'Heart rate' }] },
            effectiveDateTime: `2026-03-0${i + 1}T08:00:00-05:00`,
            valueQuantity: { value: 60 + i, unit: '/min', system: 'http://unitsofmeasure.org', code: '/min' },
          },
        }).replace(/}}$/, `${extra}}}`);
      const bundle = `{"resourceType":"Bundle","type":"collection","entry":[${observation(0)},${observation(1, `,"note":${deepJson(80)}`)}]}`;
      const job = await importFile(t, ada, 'bundle.json', bundle);
      expect(job.status).toBe('failed');
      expect(failure(job)).toMatch(/nests deeper than 64 levels/);
      expect(job.inserted).toBe(1);
    });
  });

  it('a PDF whose streams inflate to 512 MiB is refused within 15 s while the API keeps answering', async () => {
    const bomb = await inflatingPdf(512 * MiB);
    expect(bomb.length).toBeLessThan(IMPORT_MAX);
    const started = Date.now();
    const res = await uploadTo(t, ada, '/api/integrations/lab-report/upload-pdf', 'bomb.pdf', bomb);
    expect(res.statusCode, res.body).toBe(202);
    const id = (res.json() as { data: ImportJob }).data.id;
    const health: number[] = [];
    let job = await getImport(t, ada, id);
    while (job.status === 'queued' || job.status === 'running') {
      const before = performance.now();
      const ok = await t.app.inject({ method: 'GET', url: '/api/health' });
      health.push(performance.now() - before);
      expect(ok.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(15_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = await getImport(t, ada, id);
    }
    const took = Date.now() - started;
    expect(took).toBeLessThan(15_000);
    expect(job.status).toBe('failed');
    expect(failure(job)).toMatch(/^This PDF unpacks to more than \d+ MB/);
    health.sort((a, b) => a - b);
    const worst = health.at(-1) ?? 0;
    console.log(
      `PDF bomb (512 MiB inflated): refused after ${took} ms; /api/health ${health.length} answers during it, ` +
        `median ${health[Math.floor(health.length / 2)]?.toFixed(1) ?? '-'} ms, max ${worst.toFixed(1)} ms`,
    );
    expect(worst).toBeLessThan(1000);
  }, 60_000);
});
