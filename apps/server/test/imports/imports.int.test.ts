import type { ImportJob } from '@healthfolio/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, signIn } from '../identity/helpers';
import { clarityCsv, importFile, PARSING, upload } from './helpers';
import { traversalZip, yazlZip } from './zip-fixtures';

describe.each(testDialects.flatMap((d) => PARSING.map(([how, env]) => [d, how, env] as const)))(
  'imports on %s, parsed %s',
  (dialect, _how, parsingEnv) => {
    let t: TestApp;
    let ada: { authorization: string };
    let ben: { authorization: string };

    beforeEach(async () => {
      t = await createTestApp(
        dialect,
        { IMPORT_MAX_BYTES: String(2 * 1024 * 1024), ...parsingEnv },
        { importWriteBatch: 50 },
      );
      await createUser(t, 'ada@example.com');
      await createUser(t, 'ben@example.com');
      ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
      ben = bearer((await signIn(t, 'ben@example.com')).accessToken);
    });
    afterEach(() => t.close());

    const glucoseCount = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/metrics?type=blood_glucose&from=2026-03-01&to=2026-03-31&bucket=raw&limit=1000',
        headers: ada,
      });
      return (res.json() as { data: { items: unknown[] } }).data.items.length;
    };

    it('answers 202, runs in the background and reports the counts; the samples are there', async () => {
      const res = await upload(t, ada, 'clarity.csv', clarityCsv(120));
      expect(res.statusCode).toBe(202);
      const queued = (res.json() as { data: ImportJob }).data;
      expect(queued).toMatchObject({ status: 'queued', format: 'dexcom-clarity', fileName: 'clarity.csv' });
      expect(queued.bytesTotal).toBeGreaterThan(0);

      await t.importRunner.idle();
      const job = (
        (await t.app.inject({ method: 'GET', url: `/api/imports/${queued.id}`, headers: ada })).json() as {
          data: ImportJob;
        }
      ).data;
      expect(job).toMatchObject({
        status: 'succeeded',
        inserted: 120,
        updated: 0,
        duplicates: 0,
        rejected: 0,
        failure: null,
      });
      expect(job.recordsRead).toBeGreaterThanOrEqual(120);
      expect(job.bytesRead).toBe(job.bytesTotal);
      expect(job.finishedAt).not.toBeNull();
      expect(await glucoseCount()).toBe(120);
    });

    it('adds nothing when the same file comes again: every sample is a duplicate', async () => {
      const first = await importFile(t, ada, 'a.csv', clarityCsv(80));
      const second = await importFile(t, ada, 'renamed.txt', clarityCsv(80));
      expect(first.inserted).toBe(80);
      expect(second).toMatchObject({ status: 'succeeded', inserted: 0, duplicates: 80 });
      expect(await glucoseCount()).toBe(80);
    });

    it('lists only the caller’s imports, and another user’s import answers 404', async () => {
      const job = await importFile(t, ada, 'a.csv', clarityCsv(10));
      const mine = await t.app.inject({ method: 'GET', url: '/api/imports', headers: ada });
      expect((mine.json() as { data: { items: ImportJob[] } }).data.items.map((i) => i.id)).toEqual([job.id]);
      const theirs = await t.app.inject({ method: 'GET', url: '/api/imports', headers: ben });
      expect((theirs.json() as { data: { items: ImportJob[] } }).data.items).toEqual([]);
      const peek = await t.app.inject({ method: 'GET', url: `/api/imports/${job.id}`, headers: ben });
      expect(peek.statusCode).toBe(404);
      expect(peek.json()).toMatchObject({ error: { code: 'not_found' } });
    });

    it('refuses a file in no format we read with 415 and the list of formats', async () => {
      const res = await upload(t, ada, 'export.xml', 'just some notes, not an export\n');
      expect(res.statusCode).toBe(415);
      const body = res.json() as {
        error: { code: string; message: string; details: { formats: unknown[] } };
      };
      expect(body.error.code).toBe('unsupported_media_type');
      expect(body.error.message).toContain('Dexcom Clarity');
      expect(body.error.details.formats.length).toBeGreaterThan(3);
      const list = await t.app.inject({ method: 'GET', url: '/api/imports', headers: ada });
      expect((list.json() as { data: { items: unknown[] } }).data.items).toEqual([]);
    });

    it('refuses a file above the size limit with 413', async () => {
      const res = await upload(t, ada, 'big.csv', Buffer.alloc(3 * 1024 * 1024, 0x41));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ error: { code: 'payload_too_large' } });
    });

    it('refuses a request that is not multipart, and a multipart without a file field', async () => {
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/imports',
        headers: ada,
        payload: { a: 1 },
      });
      expect(json.statusCode).toBe(415);
      const unauthenticated = await t.app.inject({ method: 'POST', url: '/api/imports' });
      expect(unauthenticated.statusCode).toBe(401);
    });

    it('refuses a zip whose entry climbs out of its folder, and a zip bomb, before unpacking', async () => {
      const traversal = await upload(t, ada, 'evil.zip', await traversalZip());
      expect(traversal.statusCode).toBe(422);
      expect(traversal.json()).toMatchObject({ error: { code: 'unprocessable' } });

      const bomb = await upload(
        t,
        ada,
        'bomb.zip',
        await yazlZip([{ name: 'export.xml', data: Buffer.alloc(64 * 1024 * 1024) }]),
      );
      expect(bomb.statusCode).toBe(422);
      expect((bomb.json() as { error: { message: string } }).error.message).toMatch(/zip bomb/);
    });

    it('keeps serving other requests while a large import runs', async () => {
      const res = await upload(t, ada, 'big.csv', clarityCsv(12_000));
      const { id } = (res.json() as { data: ImportJob }).data;
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      const bens = await t.app.inject({ method: 'GET', url: '/api/imports', headers: ben });
      const during = await t.app.inject({ method: 'GET', url: `/api/imports/${id}`, headers: ada });
      expect(health.statusCode).toBe(200);
      expect(bens.statusCode).toBe(200);
      expect((during.json() as { data: ImportJob }).data.status).toMatch(/queued|running/);
      await t.importRunner.idle();
    });

    it('keeps what came before the damage in a truncated file, and says where it stopped', async () => {
      const observation = (i: number) =>
        JSON.stringify({
          fullUrl: `urn:uuid:o${i}`,
          resource: {
            resourceType: 'Observation',
            id: `o${i}`,
            status: 'final',
            code: { coding: [{ system: 'http://loinc.org', code: '8867-4', display: 'Heart rate' }] },
            effectiveDateTime: `2026-03-0${i + 1}T08:00:00-05:00`,
            valueQuantity: { value: 60 + i, unit: '/min', system: 'http://unitsofmeasure.org', code: '/min' },
          },
        });
      const whole = `{"resourceType":"Bundle","type":"collection","entry":[${[0, 1, 2, 3].map(observation).join(',')}]}`;
      const cut = whole.slice(0, whole.lastIndexOf('"valueQuantity"'));
      const job = await importFile(t, ada, 'bundle.json', cut);
      expect(job.status).toBe('failed');
      expect(job.inserted).toBe(3);
      expect(job.failure).toMatch(/byte|record|line/);
    });

    it('never resolves an external entity in an XML export', async () => {
      const xml = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<!DOCTYPE HealthData [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>',
        '<HealthData locale="en_US">',
        ' <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="&xxe;" unit="count/min" startDate="2026-03-01 08:00:00 -0800" endDate="2026-03-01 08:00:00 -0800" value="61"/>',
        '</HealthData>',
      ].join('\n');
      const job = await importFile(t, ada, 'export.xml', xml);
      expect(job).toMatchObject({ status: 'succeeded', inserted: 1 });
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/metrics?type=heart_rate&from=2026-03-01&to=2026-03-02&bucket=raw',
        headers: ada,
      });
      const [item] = (res.json() as { data: { items: { device: string | null }[] } }).data.items;
      expect(item?.device).toBe('&xxe;');
      expect(JSON.stringify(item)).not.toContain('root:');
    });

    it('reads a zip by its content: a Clarity export inside any folder', async () => {
      const zip = await yazlZip([{ name: 'clarity/Clarity_Export_2026.csv', data: clarityCsv(30) }]);
      const job = await importFile(t, ada, 'download.zip', zip);
      expect(job).toMatchObject({ status: 'succeeded', format: 'dexcom-clarity', inserted: 30 });
    });
  },
);
