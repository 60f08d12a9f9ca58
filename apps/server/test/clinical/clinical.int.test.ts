import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ClinicalRecord, ClinicalRecordPage, ClinicalSummary, VaClinicalData } from '@healthfolio/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, signIn } from '../identity/helpers';
import { importFile } from '../imports/helpers';

const epicBundle = readFileSync(
  new URL('../../../../packages/importers/src/fhir/fixtures/epic-us-core-bundle.json', import.meta.url),
);
const vaBundle = readFileSync(new URL('./fixtures/va-bundle.json', import.meta.url));

type Auth = { authorization: string };

describe.each(testDialects)('clinical records on %s', (dialect) => {
  let t: TestApp;
  let ada: Auth;
  let ben: Auth;
  let adaId: string;

  async function setUp(env: Record<string, string> = {}) {
    t = await createTestApp(dialect, env, { importWriteBatch: 5 });
    adaId = (await createUser(t, 'ada@example.com')).id;
    await createUser(t, 'ben@example.com');
    ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
    ben = bearer((await signIn(t, 'ben@example.com')).accessToken);
  }
  afterEach(() => t.close());

  const get = (url: string, auth: Auth = ada) => t.app.inject({ method: 'GET', url, headers: auth });
  const list = async (query = '', auth: Auth = ada): Promise<ClinicalRecordPage> => {
    const res = await get(`/api/clinical-records${query}`, auth);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: ClinicalRecordPage }).data;
  };
  const summary = async (auth: Auth = ada): Promise<ClinicalSummary> =>
    ((await get('/api/clinical-records/summary', auth)).json() as { data: ClinicalSummary }).data;
  const rowCount = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('clinical_records')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('after a FHIR bundle import', () => {
    beforeEach(async () => {
      await setUp();
      const job = await importFile(t, ada, 'epic-export.json', epicBundle);
      expect(job).toMatchObject({ status: 'succeeded', format: 'fhir' });
    });

    it('lists the records newest first with display, status, dates and codes', async () => {
      const page = await list();
      expect(page.nextCursor).toBeNull();
      expect(page.items.map((r) => [r.category, r.display, r.status, r.recordedAt])).toEqual([
        ['encounter', 'Ambulatory visit', 'finished', '2024-03-10T17:50:00.000Z'],
        ['procedure', 'Colonoscopy', 'completed', '2023-11-02T12:00:00.000Z'],
        ['condition', 'Hypertension', 'resolved', '2021-02-11T15:00:00.000Z'],
        // metformin authoredOn "2019-06-14": that day's start in the owner's zone (UTC by default)
        ['medication', 'metFORMIN 500 MG tablet', 'active', '2019-06-14T00:00:00.000Z'],
        ['condition', 'Type 2 diabetes mellitus', 'active', '2019-06-01T00:00:00.000Z'],
      ]);
      const colonoscopy = page.items.find((r) => r.category === 'procedure')!;
      expect(colonoscopy).toMatchObject({
        source: 'epic',
        resourceType: 'Procedure',
        endedAt: '2023-11-02T12:45:00.000Z',
        detail: { codes: [{ system: 'http://snomed.info/sct', code: '73761001', display: 'Colonoscopy' }] },
      });
      const diabetes = page.items.find((r) => r.display === 'Type 2 diabetes mellitus')!;
      expect((diabetes.detail.codes as { code: string }[]).map((c) => c.code)).toEqual(['E11.9', '44054006']);
    });

    it('filters by category and by source, and counts per section', async () => {
      const conditions = await list('?category=condition');
      expect(conditions.items.map((r) => r.display)).toEqual(['Hypertension', 'Type 2 diabetes mellitus']);
      expect((await list('?source=epic')).items).toHaveLength(5);
      expect((await list('?source=va')).items).toEqual([]);
      expect(await summary()).toEqual({
        total: 5,
        categories: { condition: 2, procedure: 1, medication: 1, immunization: 0, allergy: 0, encounter: 1 },
        sources: [{ source: 'epic', name: expect.any(String), count: 5 }],
      });
    });

    it('pages with a keyset cursor without repeating or losing a record', async () => {
      const seen: ClinicalRecord[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: ClinicalRecordPage = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.items);
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen.map((r) => r.id)).toEqual((await list()).items.map((r) => r.id));

      const bad = await get('/api/clinical-records?cursor=not-a-cursor');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: { code: 'validation' } });
      const badCategory = await get('/api/clinical-records?category=lab');
      expect(badCategory.statusCode).toBe(400);
      expect(badCategory.json()).toMatchObject({ error: { code: 'validation' } });
    });

    it('adds no rows when the same export is imported again', async () => {
      const before = (await list()).items;
      const again = await importFile(t, ada, 'renamed-export.json', epicBundle);
      expect(again.status).toBe('succeeded');
      expect(await rowCount()).toBe(5);
      expect((await list()).items).toEqual(before);
    });

    it('shows another user none of them', async () => {
      expect((await list('', ben)).items).toEqual([]);
      expect(await summary(ben)).toMatchObject({ total: 0, sources: [] });
      const va = ((await get('/api/integrations/va/clinical-data', ben)).json() as { data: VaClinicalData })
        .data;
      expect(va.counts.condition).toBe(0);
      const unsigned = await t.app.inject({ method: 'GET', url: '/api/clinical-records' });
      expect(unsigned.statusCode).toBe(401);
    });

    it('deletes a source’s records when it is disconnected with its data, and keeps the others', async () => {
      await importFile(t, ada, 'va-export.json', vaBundle);
      expect((await summary()).total).toBe(12);
      const now = Date.now();
      await t.db.kysely
        .insertInto('source_connections')
        .values({
          id: 'conn-epic',
          user_id: adaId,
          kind: 'epic',
          sandbox: 0,
          status: 'connected',
          tokens: null,
          settings: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await t.db.kysely.insertInto('sync_state').values({ connection_id: 'conn-epic' }).execute();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/data-sources/epic/disconnect',
        headers: ada,
        payload: { deleteData: true },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await list('?source=epic')).items).toEqual([]);
      expect(await summary()).toMatchObject({ total: 7, sources: [{ source: 'va', count: 7 }] });
    });

    it('puts the records in the account export', async () => {
      const res = await get('/api/settings/export?format=json');
      expect(res.statusCode).toBe(200);
      const body = JSON.parse(res.body) as { clinicalRecords: { display: string; category: string }[] };
      expect(body.clinicalRecords.map((r) => r.display).sort()).toEqual([
        'Ambulatory visit',
        'Colonoscopy',
        'Hypertension',
        'Type 2 diabetes mellitus',
        'metFORMIN 500 MG tablet',
      ]);
      const bens = JSON.parse((await get('/api/settings/export?format=json', ben)).body) as {
        clinicalRecords: unknown[];
      };
      expect(bens.clinicalRecords).toEqual([]);
    });
  });

  it('answers GET /integrations/va/clinical-data with the VA records by category and the latest labs and vitals', async () => {
    await setUp();
    const job = await importFile(t, ada, 'va-export.json', vaBundle);
    expect(job.status).toBe('succeeded');
    const res = await get('/api/integrations/va/clinical-data');
    expect(res.statusCode, res.body).toBe(200);
    const data = (res.json() as { data: VaClinicalData }).data;
    expect(data.counts).toEqual({
      condition: 2,
      procedure: 1,
      medication: 1,
      immunization: 1,
      allergy: 1,
      encounter: 1,
    });
    // The entered-in-error condition is left out; the newest first.
    expect(data.records.condition.map((r) => [r.display, r.status, r.endedAt])).toEqual([
      ['Acute bronchitis (disorder)', 'resolved', '2019-01-24T09:30:00.000Z'],
      ['Diabetes mellitus type 2', 'active', null],
    ]);
    expect(data.records.medication[0]).toMatchObject({
      display: 'METFORMIN HCL 500MG TAB',
      status: 'active',
      detail: { dosage: ['TAKE ONE TABLET BY MOUTH TWICE A DAY WITH MEALS'], requester: 'DR. JOHN SMITH' },
    });
    expect(data.records.allergy[0]).toMatchObject({
      display: 'Penicillin G',
      detail: { criticality: 'high', reactions: [{ manifestations: ['HIVES'], severity: 'moderate' }] },
    });
    expect(data.records.immunization[0]).toMatchObject({ detail: { cvx: '140' } });
    expect(data.records.encounter[0]).toMatchObject({
      display: 'Encounter for symptom',
      detail: { serviceProvider: 'DAYTON VA MEDICAL CENTER', locations: ['DAYTON VA MEDICAL CENTER'] },
    });
    // Only the newest HbA1c of the two, every one from the VA.
    expect(data.labs.map((s) => [s.type, s.value, s.start])).toEqual([
      ['hemoglobin_a1c', 6.8, '2023-10-04T08:00:00.000Z'],
    ]);
    expect(data.vitals.map((s) => [s.type, s.value])).toEqual([['heart_rate', 76]]);
    expect(new Set([...data.labs, ...data.vitals].map((s) => s.source))).toEqual(new Set(['va']));
  });

  it('ends a resumed import (after a crash) with the rows of one uninterrupted run', async () => {
    await setUp();
    await importFile(t, ada, 'va-export.json', vaBundle);
    const rows = () =>
      t.db.kysely
        .selectFrom('clinical_records')
        .select([
          'source',
          'resource_type',
          'origin_id',
          'category',
          'display',
          'status',
          'recorded_at',
          'ended_at',
          'detail',
        ])
        .orderBy('resource_type')
        .orderBy('origin_id')
        .execute();
    const expected = await rows();
    const samples = Number(
      (
        await t.db.kysely
          .selectFrom('samples')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(expected).toHaveLength(7);
    expect(samples).toBeGreaterThan(2);

    // The crash: the batches after the first few samples never committed, records included.
    await t.db.kysely
      .deleteFrom('clinical_records')
      .where('category', 'in', ['allergy', 'encounter', 'immunization'])
      .execute();
    const file = path.join(t.config.dataDir, 'crashed-upload.json');
    writeFileSync(file, vaBundle);
    await t.db.kysely
      .insertInto('imports')
      .values({
        id: randomUUID(),
        user_id: adaId,
        status: 'running',
        format: 'fhir',
        file_name: 'va-export.json',
        file_path: file,
        bytes_total: vaBundle.length,
        bytes_read: 0,
        records_read: 0,
        samples_done: 2,
        inserted: 2,
        updated: 0,
        duplicates: 0,
        rejected: 0,
        errors: '[]',
        warnings: '[]',
        failure: null,
        created_at: Date.now(),
        started_at: Date.now(),
        finished_at: null,
        results: null,
        report: null,
        document_path: null,
      })
      .execute();
    await t.importRunner.resume();
    await t.importRunner.idle();
    expect(await rows()).toEqual(expected);
  });

  it('writes the records when the upload is parsed in the worker thread too', async () => {
    await setUp({ IMPORT_WORKER_THRESHOLD_BYTES: '0' });
    const job = await importFile(t, ada, 'va-export.json', vaBundle);
    expect(job.status).toBe('succeeded');
    expect((await summary()).categories).toEqual({
      condition: 2,
      procedure: 1,
      medication: 1,
      immunization: 1,
      allergy: 1,
      encounter: 1,
    });
  });
});
