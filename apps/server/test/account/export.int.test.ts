import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, signIn } from '../identity/helpers';
import { userNo } from '../../src/db/user-number';

/** Reads a zip through its central directory, the way an unzip tool does. */
function unzip(buf: Buffer): Record<string, string> {
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const files: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    expect(buf.readUInt32LE(at)).toBe(0x02014b50);
    const crc = buf.readUInt32LE(at + 16);
    const size = buf.readUInt32LE(at + 20);
    const nameLength = buf.readUInt16LE(at + 28);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.subarray(at + 46, at + 46 + nameLength).toString();
    const dataStart = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const content = zlib.inflateRawSync(buf.subarray(dataStart, dataStart + size));
    expect(zlib.crc32(content)).toBe(crc);
    files[name] = content.toString();
    at += 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return files;
}

/** Ada: a lab result with LOINC and a night of sleep, plus 4 500 step samples (several export pages). Ben: one. */
async function insertSamples(t: TestApp, ada: string, ben: string) {
  const base = Date.parse('2026-03-01T06:30:00Z');
  const row = (userId: string, i: number, kind = 'steps', extra: Record<string, unknown> = {}) => ({
    user_no: userNo(userId),
    kind,
    start_at: base + i * 60_000,
    end_at: base + i * 60_000 + 60_000,
    utc_offset_min: 60,
    tz: 'Europe/Berlin',
    local_day: 20513,
    value: i,
    unit: '{steps}',
    source: 'garmin',
    device: 'Forerunner 965',
    origin_id: `o${i}`,
    flag: null,
    meta: null,
    ...extra,
  });
  await t.db.kysely
    .insertInto('samples')
    .values([
      row(ada, -1, 'hemoglobin_a1c', {
        end_at: base - 60_000,
        value: 5.4,
        unit: '%',
        source: 'quest_diagnostics',
        device: null,
        flag: 'normal',
        meta: JSON.stringify({ loinc: '4548-4' }),
      }),
      row(ben, 0, 'weight', { value: 81, unit: 'kg' }),
    ])
    .execute();
  for (let start = 0; start < 4500; start += 500) {
    const batch = Array.from({ length: 500 }, (_, k) => row(ada, start + k));
    await t.db.kysely.insertInto('samples').values(batch).execute();
  }
}

describe.each(testDialects)('GET /api/settings/export on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let userId: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    userId = (await createUser(t, 'ada@example.com')).id;
    const benId = (await createUser(t, 'ben@example.com')).id;
    await signIn(t, 'ben@example.com');
    token = (await signIn(t, 'ada@example.com')).accessToken;
    await insertSamples(t, userId, benId);
    await t.app.inject({
      method: 'POST',
      url: '/api/user/data-sources',
      headers: bearer(token),
      payload: { dataSources: ['oura'] },
    });
  });
  afterEach(() => t.close());

  const download = (query = '') =>
    t.app.inject({ method: 'GET', url: `/api/settings/export${query}`, headers: bearer(token) });

  it('downloads JSON by default with everything of the user and nothing of others', async () => {
    const res = await download();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="healthfolio-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const body = res.json();
    expect(body.profile).toMatchObject({
      id: userId,
      email: 'ada@example.com',
      settings: { preferences: { units: 'metric' } },
    });
    expect(body.dataSources).toEqual([{ kind: 'oura' }]);
    expect(body.samples).toHaveLength(4501);
    expect(body).toMatchObject({ format: 'healthfolio-export', version: 2 });
    expect(body.samples[0]).toEqual({
      id: expect.any(Number),
      type: 'hemoglobin_a1c',
      value: 5.4,
      unit: '%',
      start: '2026-03-01T07:29:00+01:00',
      end: '2026-03-01T07:29:00+01:00',
      tz: 'Europe/Berlin',
      source: 'quest_diagnostics',
      device: null,
      path: null,
      originId: 'o-1',
      flag: 'normal',
      loinc: '4548-4',
      meta: '{"loinc":"4548-4"}',
    });
    expect(JSON.parse(body.settings[0].settings)).toEqual(body.profile.settings);
    expect(body.goals).toEqual([]);
    expect(new Set(body.samples.map((x: { id: number }) => x.id)).size).toBe(4501);
    expect(body.samples.some((x: { type: string }) => x.type === 'weight')).toBe(false);
    expect(body.insights).toEqual([]);
    expect(body.sources).toEqual([]);
    expect(body.auditLog.map((e: { event: string }) => e.event)).toEqual(['export', 'login.success']);
    expect(res.body).not.toContain('ben@example.com');
    expect(res.body).not.toContain('password_hash');
    expect(res.body).not.toContain('argon2');
  });

  it('downloads a FHIR R4 Bundle with the Patient', async () => {
    const res = await download('?format=fhir');
    expect(res.headers['content-type']).toContain('application/fhir+json');
    expect(res.headers['content-disposition']).toContain('.fhir.json"');
    const bundle = res.json();
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    expect(bundle.entry[0]).toMatchObject({
      fullUrl: `urn:uuid:${userId}`,
      resource: {
        resourceType: 'Patient',
        id: userId,
        telecom: [{ system: 'email', value: 'ada@example.com' }],
      },
    });
  });

  it('downloads a zip of CSVs', async () => {
    const res = await download('?format=csv');
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzip(res.rawPayload);
    expect(Object.keys(files).sort()).toEqual(
      [
        'auditLog.csv',
        'clinicalRecords.csv',
        'dataSources.csv',
        'goals.csv',
        'insights.csv',
        'profile.csv',
        'samples.csv',
        'settings.csv',
        'sources.csv',
      ].sort(),
    );
    expect(files['profile.csv']).toContain('id,email,name,emailVerified,createdAt\r\n');
    expect(files['profile.csv']).toContain(`${userId},ada@example.com,ada,false,`);
    expect(files['settings.csv']).toContain('preferences.units,metric\r\n');
    expect(files['dataSources.csv']).toBe('kind\r\noura\r\n');
    const samples = files['samples.csv']?.split('\r\n') ?? [];
    expect(samples[0]).toBe('id,type,value,unit,start,end,tz,source,device,path,originId,flag,loinc,meta');
    expect(samples).toHaveLength(1 + 4501 + 1);
    expect(samples[2]).toMatch(
      /^\d+,steps,0,\{steps\},2026-03-01T07:30:00\+01:00,2026-03-01T07:31:00\+01:00,Europe\/Berlin,garmin,Forerunner 965,,o0,,,$/,
    );
  });

  it('refuses unknown formats and records each export in the audit log', async () => {
    expect((await download('?format=xml')).json().error.code).toBe('validation');
    await download('?format=fhir');
    const log = await t.app.inject({ method: 'GET', url: '/api/settings/audit-log', headers: bearer(token) });
    expect(log.json().data.items[0]).toMatchObject({ event: 'export', details: { format: 'fhir' } });
  });
});
