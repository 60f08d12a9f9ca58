import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateToDay } from '../../src/modules/metrics/time';
import { testDialects } from '../databases';
import { metricsFixture, type MetricsFixture } from './helpers';
import { userNo } from '../../src/db/user-number';

describe.each(testDialects)('metrics manual entries on %s', (dialect) => {
  let f: MetricsFixture;
  beforeAll(async () => {
    f = await metricsFixture(dialect);
  });
  afterAll(() => f.t.close());

  const post = (payload: Record<string, unknown>, auth = f.ada.auth) =>
    f.t.app.inject({ method: 'POST', url: '/api/metrics', headers: auth, payload });
  const get = (url: string, auth = f.ada.auth) => f.t.app.inject({ method: 'GET', url, headers: auth });
  const days = async (type: string, extra = '') => {
    const res = await get(
      `/api/metrics?type=${type}&bucket=day&from=2026-11-01&to=2026-11-30&tz=America/New_York${extra}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.items as {
      start: string;
      sum: number;
      count: number;
      avg: number;
      min: number;
      max: number;
    }[];
  };

  it('stores a weigh-in in pounds as kilograms under the canonical kind, on its New York day', async () => {
    const res = await post({
      type: 'body_weight',
      value: 154,
      unit: 'lb',
      start: '2026-11-20T23:30:00-05:00',
      notes: 'after dinner',
    });
    expect(res.statusCode, res.body).toBe(201);
    const sample = res.json().data;
    expect(sample).toMatchObject({
      type: 'weight',
      unit: 'kg',
      source: 'manual',
      device: null,
      notes: 'after dinner',
    });
    expect(sample.value).toBeCloseTo(69.853, 3);
    expect(sample.start).toBe('2026-11-20T23:30:00.000-05:00');

    const row = await f.t.db.kysely
      .selectFrom('samples')
      .selectAll()
      .where('id', '=', sample.id)
      .executeTakeFirstOrThrow();
    expect(row.local_day).toBe(dateToDay('2026-11-20'));
    expect(row.utc_offset_min).toBe(-300);

    const again = await get(`/api/metrics/${sample.id}`);
    expect(again.json().data).toEqual(sample);
    const items = await days('weight');
    expect(items).toHaveLength(1);
    expect(items[0]!.start).toBe('2026-11-20T00:00:00.000-05:00');
    // Read in UTC the weigh-in is on the 21st; its day is still the 20th where it happened.
    const utc = await get('/api/metrics?type=weight&bucket=day&from=2026-11-01&to=2026-11-30&tz=UTC');
    expect(utc.json().data.items[0].start).toBe('2026-11-20T00:00:00.000Z');
  });

  it('accepts aliases on input and in queries', async () => {
    const res = await post({
      type: 'blood_sugar',
      value: 5.5,
      unit: 'mmol/L',
      start: '2026-11-21T08:00:00+01:00',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ type: 'blood_glucose', unit: 'mg/dL' });
    expect(res.json().data.value).toBeCloseTo(99.1, 0);
    const raw = await get('/api/metrics?type=glucose&from=2026-11-01T00:00:00Z&to=2026-11-30T00:00:00Z');
    expect(raw.json().data).toMatchObject({ type: 'blood_glucose', unit: 'mg/dL', bucket: 'raw' });
    expect(raw.json().data.items).toHaveLength(1);
  });

  it('keeps daily rollups true through create, update and delete', async () => {
    const a = await post({
      type: 'steps',
      value: 3000,
      start: '2026-11-10T09:00:00-05:00',
      end: '2026-11-10T10:00:00-05:00',
    });
    const b = await post({
      type: 'steps',
      value: 2000,
      start: '2026-11-10T18:00:00-05:00',
      end: '2026-11-10T19:00:00-05:00',
    });
    expect(a.statusCode).toBe(201);
    expect((await days('steps')).map((d) => [d.start.slice(0, 10), d.sum, d.count])).toEqual([
      ['2026-11-10', 5000, 2],
    ]);

    const moved = await f.t.app.inject({
      method: 'PUT',
      url: `/api/metrics/${b.json().data.id}`,
      headers: f.ada.auth,
      payload: { value: 2500, start: '2026-11-11T18:00:00-05:00' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({
      value: 2500,
      start: '2026-11-11T18:00:00.000-05:00',
      end: '2026-11-11T19:00:00.000-05:00',
    });
    expect((await days('steps')).map((d) => [d.start.slice(0, 10), d.sum])).toEqual([
      ['2026-11-10', 3000],
      ['2026-11-11', 2500],
    ]);

    const del = await f.t.app.inject({
      method: 'DELETE',
      url: `/api/metrics/${a.json().data.id}`,
      headers: f.ada.auth,
    });
    expect(del.statusCode).toBe(200);
    expect((await days('steps')).map((d) => [d.start.slice(0, 10), d.sum])).toEqual([['2026-11-11', 2500]]);
    const rollups = await f.t.db.kysely
      .selectFrom('daily_rollups')
      .selectAll()
      .where('kind', '=', 'steps')
      .where('user_no', '=', userNo(f.ada.id))
      .execute();
    expect(rollups.map((r) => [r.local_day, r.source, r.sum]).sort()).toEqual([
      [dateToDay('2026-11-11'), '*', 2500],
      [dateToDay('2026-11-11'), 'manual', 2500],
    ]);
  });

  it('stores blood pressure as a pair', async () => {
    const res = await post({ type: 'bp', systolic: 128, diastolic: 82, start: '2026-11-21T07:30:00-05:00' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      type: 'blood_pressure',
      value: 128,
      systolic: 128,
      diastolic: 82,
      unit: 'mm[Hg]',
      flag: 'high',
    });
    const raw = await get(
      '/api/metrics?type=blood_pressure&from=2026-11-20&to=2026-11-22&tz=America/New_York',
    );
    expect(raw.json().data.items).toEqual([res.json().data]);
    const day = await days('blood_pressure');
    expect(day[0]).toMatchObject({ avg: 128, diastolic: { avg: 82, count: 1 } });
    const summary = await get('/api/metrics/summary?tz=America/New_York');
    const bp = summary.json().data.items.find((i: { type: string }) => i.type === 'blood_pressure');
    expect(bp).toMatchObject({ category: 'vitals', count: 1, latest: { systolic: 128, diastolic: 82 } });
    const del = await f.t.app.inject({
      method: 'DELETE',
      url: `/api/metrics/${res.json().data.id}`,
      headers: f.ada.auth,
    });
    expect(del.statusCode).toBe(200);
    const left = await f.t.db.kysely
      .selectFrom('samples')
      .select('kind')
      .where('kind', 'like', 'blood_pressure%')
      .execute();
    expect(left).toHaveLength(0);
  });

  it("answers another user's sample exactly like a missing one", async () => {
    const mine = await post({ type: 'heart_rate', value: 61, start: '2026-11-21T07:00:00Z' });
    const id = mine.json().data.id as number;
    const missing = await get('/api/metrics/999999', f.ben.auth);
    for (const res of [
      await get(`/api/metrics/${id}`, f.ben.auth),
      await f.t.app.inject({
        method: 'PUT',
        url: `/api/metrics/${id}`,
        headers: f.ben.auth,
        payload: { value: 99 },
      }),
      await f.t.app.inject({ method: 'DELETE', url: `/api/metrics/${id}`, headers: f.ben.auth }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
    expect(missing.json()).toEqual({ error: { code: 'not_found', message: 'Sample not found' } });
    const bens = await get('/api/metrics?type=heart_rate&from=2026-11-01T00:00:00Z', f.ben.auth);
    expect(bens.json().data.items).toEqual([]);
    expect((await get(`/api/metrics/${id}`)).json().data.value).toBe(61);
    expect((await f.t.app.inject({ method: 'GET', url: '/api/metrics?type=steps' })).statusCode).toBe(401);
  });

  it.each([
    [{ type: 'vibes', value: 1, start: '2026-11-21T07:00:00Z' }, /^body\.type: Unknown metric kind "vibes"/],
    [
      { type: 'weight', value: 70, unit: 'furlongs', start: '2026-11-21T07:00:00Z' },
      /^unit: Unknown unit "furlongs"/,
    ],
    [
      { type: 'steps', value: 70, unit: 'kg', start: '2026-11-21T07:00:00Z' },
      /^unit: Unit "kg" cannot be converted/,
    ],
    [
      { type: 'steps', value: -5, start: '2026-11-21T07:00:00Z' },
      /^value: -5 \{count\} is not a possible steps/,
    ],
    [
      { type: 'heart_rate', value: 900, start: '2026-11-21T07:00:00Z' },
      /^value: 900 \/min is not a possible heart rate/,
    ],
    [
      { type: 'weight', value: 70, start: '2026-11-24T07:00:00Z' },
      /^start: Must not be more than a day in the future/,
    ],
    [
      { type: 'steps', value: 7, start: '2026-11-21T07:00:00Z', end: '2026-11-21T06:00:00Z' },
      /^end: Must not be before start/,
    ],
    [{ type: 'weight', value: 70, start: '2026-11-21 07:00' }, /^body\.start: /],
    [{ type: 'weight', start: '2026-11-21T07:00:00Z' }, /^value: Required/],
    [{ type: 'bp', systolic: 120, start: '2026-11-21T07:00:00Z' }, /^diastolic: Required/],
    [
      { type: 'weight', value: 70, start: '2026-11-21T07:00:00Z', timeZone: 'Mars/Olympus' },
      /^body\.timeZone: Unknown time zone/,
    ],
  ])('refuses bad input with a 400 naming the field: %j', async (payload, message) => {
    const res = await post(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('validation');
    expect(res.json().error.message).toMatch(message);
  });

  it('refuses bad queries with a 400 naming the parameter', async () => {
    const cases: [string, RegExp][] = [
      ['/api/metrics?type=vibes', /^querystring\.type: Unknown metric kind/],
      ['/api/metrics?type=steps&bucket=year', /^querystring\.bucket/],
      ['/api/metrics?type=steps&cursor=nope', /^cursor: Invalid cursor/],
      ['/api/metrics?type=steps&from=2026-11-10&to=2026-11-01', /^from: must be before to/],
      ['/api/metrics?type=steps&tz=Nowhere/Land', /^querystring\.tz: Unknown time zone/],
      ['/api/metrics/why?type=steps&date=yesterday', /^querystring\.date/],
    ];
    for (const [url, message] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message, url).toMatch(message);
    }
  });

  it('pages raw samples with an opaque cursor', async () => {
    for (let i = 0; i < 25; i++) {
      const res = await post({
        type: 'respiratory_rate',
        value: 12 + (i % 5),
        start: new Date(Date.parse('2026-11-15T00:00:00Z') + i * 3_600_000).toISOString(),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(
        `/api/metrics?type=breathing_rate&from=2026-11-14&to=2026-11-20&limit=10${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as { items: { id: number; start: string }[]; nextCursor: string | null };
      seen.push(...data.items.map((i) => i.id));
      cursor = data.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(25);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it('sums up per kind in the summary, with trends and the catalogue category', async () => {
    const res = await get('/api/metrics/summary?tz=America/New_York');
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().data.items as {
      type: string;
      category: string;
      latest: { value: number };
      trend7: unknown;
    }[];
    const steps = items.find((i) => i.type === 'steps');
    expect(steps).toMatchObject({
      category: 'activity',
      aggregation: 'sum',
      latest: { value: 2500, source: '*' },
      count: 1,
    });
    const weight = items.find((i) => i.type === 'weight');
    expect(weight).toMatchObject({
      category: 'body',
      latest: { source: 'manual' },
      trend7: { previous: null },
    });
    expect(weight?.trend7).not.toBeNull();
  });
});
