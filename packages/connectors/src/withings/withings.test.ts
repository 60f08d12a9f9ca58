import { describe, expect, it } from 'vitest';
import type { ProviderHttp, RawPage } from '../types';
import { covers, sync, WithingsError } from './client';
import { deleted, measureValue, normalize } from './normalize';

/** getmeas as Withings answers it: a scale weigh-in, a blood-pressure reading, a goal and a guest. */
const measures = {
  status: 0,
  body: {
    updatetime: 1690491663,
    timezone: 'Europe/Berlin',
    measuregrps: [
      {
        grpid: 4716596696,
        attrib: 0,
        date: 1690491576,
        created: 1690491663,
        modified: 1690491663,
        category: 1,
        deviceid: 'c405eb8e',
        hash_deviceid: 'c405eb8e',
        measures: [
          { value: 89, type: 9, unit: 0, algo: 0, fm: 3 },
          { value: 109, type: 10, unit: 0, algo: 0, fm: 3 },
          { value: 88, type: 11, unit: 0, algo: 0, fm: 3 },
        ],
        modelid: 44,
        model: 'BPM Core',
        comment: null,
      },
      {
        grpid: 676178721,
        attrib: 0,
        date: 1482405290,
        category: 1,
        measures: [
          { type: 1, unit: -3, value: 58788 },
          { type: 6, unit: -3, value: 9866 },
          { type: 8, unit: -2, value: 580 },
          { type: 76, unit: -2, value: 5032 },
          { type: 77, unit: -2, value: 3700 },
          { type: 88, unit: -2, value: 266 },
        ],
      },
      { grpid: 2, attrib: 0, date: 1482405300, category: 2, measures: [{ type: 1, unit: -3, value: 55000 }] },
      { grpid: 3, attrib: 1, date: 1482405400, category: 1, measures: [{ type: 1, unit: -3, value: 61200 }] },
    ],
    more: 0,
    offset: 0,
  },
};

const sleep = {
  status: 0,
  body: {
    series: [
      {
        id: 2081804182,
        timezone: 'America/New_York',
        model: 'Sleep Analyzer',
        model_id: 63,
        startdate: 1793503320,
        enddate: 1793530026,
        date: '2026-11-01',
        created: 1793530626,
        modified: 1793530626,
        data: {
          total_sleep_time: 24328,
          lightsleepduration: 14341,
          deepsleepduration: 4480,
          remsleepduration: 5507,
          wakeupduration: 1320,
        },
      },
      {
        startdate: 1793589720,
        enddate: 1793616000,
        data: { lightsleepduration: 15000, deepsleepduration: 4000, remsleepduration: 5000 },
      },
      { startdate: 1793676120, enddate: 1793700000, data: {} },
    ],
    more: false,
    offset: 0,
  },
};

describe('Withings normalize', () => {
  it('decodes value × 10^unit without binary noise', () => {
    expect(measureValue({ value: 58788, unit: -3 })).toBe(58.788);
    expect(measureValue({ value: 580, unit: -2 })).toBe(5.8);
    expect(measureValue({ value: 12, unit: 1 })).toBe(120);
  });

  const samples = normalize({ resource: 'measures', payload: measures }, { timeZone: 'UTC' });

  it('maps blood pressure and pulse of one reading, keyed like the CSV importer', () => {
    const bp = samples.filter((s) => s.originId === 'bp:2023-07-27T20:59:36.000Z');
    expect(bp.map((s) => [s.kind, s.value, s.unit])).toEqual([
      ['blood_pressure_diastolic', 89, 'mm[Hg]'],
      ['blood_pressure_systolic', 109, 'mm[Hg]'],
      ['heart_rate', 88, '/min'],
    ]);
    // The zone Withings names (Berlin, summer time), not the person's profile zone.
    expect(bp[0]).toMatchObject({
      start: 1690491576000,
      utcOffsetMin: 120,
      tz: 'Europe/Berlin',
      device: 'BPM Core',
    });
  });

  it('maps a weigh-in to weight, fat ratio, fat mass, muscle and bone mass, leaving hydration out', () => {
    const body = samples.filter((s) => s.originId === 'weight:2016-12-22T11:14:50.000Z');
    expect(body.map((s) => [s.kind, s.value, s.unit])).toEqual([
      ['weight', 58.788, 'kg'],
      ['body_fat', 9.866, '%'],
      ['fat_mass', 5.8, 'kg'],
      ['muscle_mass', 50.32, 'kg'],
      ['bone_mass', 2.66, 'kg'],
    ]);
    expect(body[0]!.meta).toEqual({ provenance: { grpid: 676178721, type: 1 } });
  });

  it('skips goals (category 2) and measures that may be a guest’s (attrib 1)', () => {
    expect(samples).toHaveLength(8);
    expect(samples.some((s) => s.value === 55 || s.value === 61.2)).toBe(false);
  });

  it('maps a night to sleep_duration from bed to rise, asleep = total_sleep_time or light + deep + REM', () => {
    const nights = normalize({ resource: 'sleep', payload: sleep }, { timeZone: 'Europe/Paris' });
    expect(nights).toHaveLength(2);
    expect(nights[0]).toMatchObject({
      kind: 'sleep_duration',
      start: 1793503320000,
      end: 1793530026000,
      value: 24328,
      unit: 's',
      utcOffsetMin: -240,
      tz: 'America/New_York',
      originId: 'sleep:2026-11-01T03:22:00.000Z',
      meta: { provenance: { lightS: 14341, deepS: 4480, remS: 5507, awakeS: 1320, id: 2081804182 } },
    });
    // No total and no zone: the stages add up; the person's zone is used.
    expect(nights[1]).toMatchObject({ value: 24000, tz: 'Europe/Paris' });
  });

  it('says which kinds a group no longer holds are deleted: an edited weigh-in without its fat ratio', () => {
    const groups = measures.body.measuregrps;
    const edited = {
      ...measures,
      body: {
        ...measures.body,
        measuregrps: [
          groups[0]!,
          { ...groups[1]!, measures: groups[1]!.measures.filter((m) => m.type !== 6 && m.type !== 8) },
          groups[2]!,
          groups[3]!,
        ],
      },
    };
    expect(deleted({ resource: 'measures', payload: edited }, { timeZone: 'UTC' })).toEqual([
      { kinds: ['body_fat', 'fat_mass', 'heart_rate'], originIds: ['weight:2016-12-22T11:14:50.000Z'] },
    ]);
    // A cuff reading with its pulse is whole; goals and a guest's weigh-in say nothing; nor does sleep.
    expect(deleted({ resource: 'measures', payload: measures }, { timeZone: 'UTC' })).toEqual([
      { kinds: ['heart_rate'], originIds: ['weight:2016-12-22T11:14:50.000Z'] },
    ]);
    expect(deleted({ resource: 'sleep', payload: sleep }, { timeZone: 'UTC' })).toEqual([]);
  });

  it('maps nothing from an error envelope', () => {
    const error = { status: 401, body: {}, error: 'invalid_token' };
    expect(normalize({ resource: 'measures', payload: error }, { timeZone: 'UTC' })).toEqual([]);
    expect(normalize({ resource: 'sleep', payload: error }, { timeZone: 'UTC' })).toEqual([]);
  });
});

describe('Withings sync', () => {
  const to = Date.parse('2026-11-22T12:00:00Z');
  const from = to - 365 * 86_400_000;

  function fakeHttp(pages: Record<string, object[]>) {
    const calls: { path: string; form: Record<string, string | number | undefined> }[] = [];
    const served: Record<string, number> = {};
    const http: ProviderHttp = {
      get: () => Promise.reject(new Error('Withings reads are POSTs')),
      post: <T>(path: string, form: Record<string, string | number | undefined>) => {
        calls.push({ path, form });
        const i = served[path] ?? 0;
        served[path] = i + 1;
        return Promise.resolve(pages[path]![i] as T);
      },
    };
    return { http, calls };
  }
  const run = async (http: ProviderHttp, cursor: string | null = null) => {
    const out: RawPage[] = [];
    for await (const p of sync({
      http,
      from,
      to,
      cursor,
      timeZone: 'America/New_York',
      signal: new AbortController().signal,
    }))
      out.push(p);
    return out;
  };

  it('POSTs getmeas then getsummary, following more/offset, with the parameters Withings expects', async () => {
    const { http, calls } = fakeHttp({
      '/measure': [
        { status: 0, body: { measuregrps: [], more: 1, offset: 100 } },
        { status: 0, body: { measuregrps: [], more: 0, offset: 0 } },
      ],
      '/v2/sleep': [{ status: 0, body: { series: [], more: false, offset: 0 } }],
    });
    const pages = await run(http);
    expect(pages.map((p) => [p.resource, p.cursor])).toEqual([
      ['measures', JSON.stringify({ r: 0, offset: 100 })],
      ['measures', JSON.stringify({ r: 1, offset: 0 })],
      ['sleep', null],
    ]);
    expect(calls[0]).toEqual({
      path: '/measure',
      form: {
        action: 'getmeas',
        meastypes: '1,6,8,76,88,9,10,11',
        category: 1,
        startdate: from / 1000,
        enddate: to / 1000,
      },
    });
    expect(calls[1]!.form.offset).toBe(100);
    // The window's local dates, a day more before and two after (`sleepDates`).
    expect(calls[2]!.form).toMatchObject({
      action: 'getsummary',
      startdateymd: '2025-11-21',
      enddateymd: '2026-11-24',
    });
    expect(String(calls[2]!.form.data_fields)).toContain('total_sleep_time');
  });

  it('covers the measures strictly inside getmeas’ seconds and the nights that start in the window', () => {
    const window = {
      from: Date.parse('2026-11-19T05:00:00Z'),
      to: Date.parse('2026-11-22T17:00:00.500Z'),
      timeZone: 'America/New_York',
    };
    expect(covers(window)).toEqual([
      {
        kinds: expect.arrayContaining(['weight', 'body_fat', 'blood_pressure_systolic', 'heart_rate']),
        from: Date.parse('2026-11-19T05:00:01Z'),
        to: Date.parse('2026-11-22T17:00:01Z'),
      },
      {
        kinds: ['sleep_duration'],
        from: Date.parse('2026-11-19T05:00:00Z'),
        to: Date.parse('2026-11-22T05:00:00Z'),
      },
    ]);
  });

  it('resumes at the cursor, and stops on a Withings error status', async () => {
    const resumed = fakeHttp({ '/v2/sleep': [{ status: 0, body: { series: [], more: false } }] });
    expect(await run(resumed.http, JSON.stringify({ r: 1, offset: 0 }))).toHaveLength(1);
    expect(resumed.calls.map((c) => c.path)).toEqual(['/v2/sleep']);

    const refused = fakeHttp({ '/measure': [{ status: 401, body: {}, error: 'invalid_token' }] });
    await expect(run(refused.http)).rejects.toThrow(WithingsError);
  });
});
