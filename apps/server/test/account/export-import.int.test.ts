import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob } from '@healthfolio/core';
import { userNo } from '../../src/db/user-number';
import { upsertClinicalRecords } from '../../src/modules/clinical/clinical-records.repository';
import { SampleWriter } from '../../src/modules/metrics/write/sample-writer';
import { adaYear } from '../../src/seed/ada';
import { createTestApp, type TestApp } from '../app';
import { testDialects, SAMPLE_CONTENT_COLUMNS } from '../databases';
import { bearer, createUser, signIn } from '../identity/helpers';
import { clarityCsv, importFile, PARSING } from '../imports/helpers';

const NOW = Date.parse('2026-11-20T12:00:00Z');

/** Per kind: how many samples and their sum, for one user. */
async function perKind(t: TestApp, userId: string) {
  const rows = await t.db.kysely
    .selectFrom('samples')
    .select(['kind', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.sum<number>('value').as('sum')])
    .where('user_no', '=', userNo(userId))
    .groupBy('kind')
    .orderBy('kind')
    .execute();
  return rows.map((r) => ({ kind: r.kind, n: Number(r.n), sum: Math.round(Number(r.sum) * 1000) / 1000 }));
}

/** Every sample of a user as stored, without its row id and owner. */
async function samplesOf(t: TestApp, userId: string) {
  const rows = await t.db.kysely
    .selectFrom('samples')
    .select([...SAMPLE_CONTENT_COLUMNS])
    .where('user_no', '=', userNo(userId))
    .execute();
  return rows
    .map((r) => ({ ...r, start_at: Number(r.start_at), end_at: Number(r.end_at) }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/** Every daily rollup of a user (per stream and merged), without its owner. */
async function rollupsOf(t: TestApp, userId: string) {
  const rows = await t.db.kysely
    .selectFrom('daily_rollups')
    .selectAll()
    .where('user_no', '=', userNo(userId))
    .execute();
  return rows
    .map(({ user_no: _owner, ...rest }) =>
      Object.fromEntries(
        Object.entries(rest).map(([k, v]) => [k, typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : v]),
      ),
    )
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

async function clinicalOf(t: TestApp, userId: string) {
  const rows = await t.db.kysely
    .selectFrom('clinical_records')
    .select([
      'source',
      'resource_type',
      'origin_id',
      'category',
      'recorded_at',
      'ended_at',
      'display',
      'status',
      'detail',
    ])
    .where('user_id', '=', userId)
    .orderBy('origin_id')
    .execute();
  return rows.map((r) => ({
    ...r,
    recorded_at: r.recorded_at === null ? null : Number(r.recorded_at),
    ended_at: r.ended_at === null ? null : Number(r.ended_at),
    detail: r.detail === null ? null : (JSON.parse(r.detail) as unknown),
  }));
}

async function goalsOf(t: TestApp, auth: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: '/api/goals', headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.items as Record<string, unknown>[]).map(
    ({ title, metric, target, unit, direction, period, deadline }) => ({
      title,
      metric,
      target,
      unit,
      direction,
      period,
      deadline,
    }),
  );
}

describe.each(testDialects)('export → import round trip on %s', (dialect) => {
  describe.each(PARSING)('parsed %s', (_how, env) => {
    let t: TestApp;
    let ada: { id: string; auth: Record<string, string> };
    let exported: string;
    let sampleCount: number;
    beforeAll(async () => {
      t = await createTestApp(dialect, env);
      const adaId = (await createUser(t, 'ada@example.com')).id;
      ada = { id: adaId, auth: bearer((await signIn(t, 'ada@example.com')).accessToken) };
      // A persona: three weeks of watch, phone and ring readings (labs among them) written by their APIs …
      await new SampleWriter(t.db, t.bulk).writeOnce(ada.id, [
        ...adaYear(NOW, 21),
        {
          kind: 'ldl_cholesterol',
          start: Date.parse('2026-11-02T08:10:00-05:00'),
          value: 162,
          unit: 'mg/dL',
          tz: 'America/New_York',
          source: 'quest_diagnostics',
          flag: 'high',
          meta: { loinc: '13457-7', referenceRange: { high: 100 }, lab: 'Quest Diagnostics' },
        },
      ]);
      // … a CGM's file import (its readings carry the path they came by) …
      const clarity = await importFile(t, ada.auth, 'clarity.csv', clarityCsv(60));
      expect(clarity.inserted).toBe(60);
      // … a reading typed in, a goal, settings, clinical records and the sources she said she uses.
      const typed = await t.app.inject({
        method: 'POST',
        url: '/api/metrics',
        headers: ada.auth,
        payload: { type: 'body_weight', value: 61.4, unit: 'kg', start: '2026-11-19T07:30:00-05:00' },
      });
      expect(typed.statusCode, typed.body).toBe(201);
      const goal = await t.app.inject({
        method: 'POST',
        url: '/api/goals',
        headers: ada.auth,
        payload: {
          metric: 'steps',
          target: 9000,
          direction: 'at_least',
          period: 'daily',
          title: 'Walk more',
        },
      });
      expect(goal.statusCode, goal.body).toBe(201);
      const settings = await t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: ada.auth,
        payload: { preferences: { units: 'imperial' }, notifications: { goalReminders: false } },
      });
      expect(settings.statusCode, settings.body).toBe(200);
      await t.app.inject({
        method: 'POST',
        url: '/api/user/data-sources',
        headers: ada.auth,
        payload: { dataSources: ['garmin', 'oura'] },
      });
      await upsertClinicalRecords(
        t.db.kysely,
        ada.id,
        [
          {
            source: 'epic',
            resourceType: 'Condition',
            originId: 'cond-1',
            category: 'condition',
            recordedAt: Date.parse('2019-04-01T00:00:00Z'),
            endedAt: null,
            display: 'Iron deficiency anaemia',
            status: 'resolved',
            detail: { codes: [{ system: 'http://snomed.info/sct', code: '87522002' }] },
          },
          {
            source: 'epic',
            resourceType: 'MedicationRequest',
            originId: 'med-1',
            category: 'medication',
            recordedAt: Date.parse('2026-01-10T00:00:00Z'),
            endedAt: null,
            display: 'Ferrous sulfate 325 mg tablet',
            status: 'active',
            detail: { dosage: 'once daily' },
          },
        ],
        NOW,
      );
      sampleCount = (await perKind(t, ada.id)).reduce((n, k) => n + k.n, 0);
      const res = await t.app.inject({ method: 'GET', url: '/api/settings/export', headers: ada.auth });
      expect(res.statusCode, res.body).toBe(200);
      exported = res.body;
    }, 120_000);
    afterAll(() => t.close());

    it('writes a versioned export that says what it is', () => {
      const body = JSON.parse(exported) as Record<string, unknown>;
      expect(body).toMatchObject({ format: 'healthfolio-export', version: 2 });
      expect(body.samples).toHaveLength(sampleCount);
      expect(body.settings).toEqual([{ settings: expect.stringContaining('"units":"imperial"') }]);
    });

    it('imports into a fresh account with equal samples, per-kind counts and sums, rollups, records, goals and settings; a second import adds only duplicates', async () => {
      const benId = (await createUser(t, 'ben@example.com')).id;
      const ben = bearer((await signIn(t, 'ben@example.com')).accessToken);

      const first: ImportJob = await importFile(t, ben, 'healthfolio-export-2026-11-20.json', exported);
      expect(first).toMatchObject({
        status: 'succeeded',
        format: 'healthfolio-export',
        recordsRead: sampleCount,
        inserted: sampleCount,
        updated: 0,
        duplicates: 0,
        rejected: 0,
        skipped: 0,
        failure: null,
      });
      const kinds = await perKind(t, ada.id);
      expect(kinds.map((k) => k.kind)).toEqual(
        expect.arrayContaining(['steps', 'heart_rate', 'blood_glucose', 'ldl_cholesterol', 'weight']),
      );
      expect(await perKind(t, benId)).toEqual(kinds);
      expect(await samplesOf(t, benId)).toEqual(await samplesOf(t, ada.id));
      const adaRollups = await rollupsOf(t, ada.id);
      expect(adaRollups.length).toBeGreaterThan(21);
      expect(await rollupsOf(t, benId)).toEqual(adaRollups);
      expect(await clinicalOf(t, benId)).toEqual(await clinicalOf(t, ada.id));
      expect(await goalsOf(t, ben)).toEqual(await goalsOf(t, ada.auth));
      const settingsOf = async (auth: Record<string, string>) =>
        (await t.app.inject({ method: 'GET', url: '/api/settings', headers: auth })).json().data;
      expect(await settingsOf(ben)).toEqual(await settingsOf(ada.auth));
      const sourcesOf = async (auth: Record<string, string>) =>
        (await t.app.inject({ method: 'GET', url: '/api/user/data-sources', headers: auth })).json().data;
      expect(await sourcesOf(ben)).toEqual({ dataSources: ['garmin', 'oura'] });

      const second = await importFile(t, ben, 'healthfolio-export-2026-11-20.json', exported);
      expect(second).toMatchObject({
        status: 'succeeded',
        inserted: 0,
        updated: 0,
        duplicates: sampleCount,
        rejected: 0,
      });
      expect(await perKind(t, benId)).toEqual(kinds);
      expect(await rollupsOf(t, benId)).toEqual(adaRollups);
      expect(await clinicalOf(t, benId)).toHaveLength(2);
      expect(await goalsOf(t, ben)).toHaveLength(1);
      // Ada's own rows are untouched by Ben's imports.
      const adaRows = await sql<{
        n: number;
      }>`select count(*) as n from samples where user_no = ${userNo(ada.id)}`.execute(t.db.kysely);
      expect(Number(adaRows.rows[0]?.n)).toBe(sampleCount);
    }, 120_000);
  });
});
