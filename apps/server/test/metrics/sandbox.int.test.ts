import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewSample } from '../../src/modules/metrics/sample-row';
import { DAY_MS } from '../../src/modules/metrics/time';
import { testDialects } from '../databases';
import { metricsFixture, NOW, type MetricsFixture } from './helpers';

const HOUR = 3_600_000;
/** Ada's Garmin steps on 13–22 November, 10:00–11:00 UTC each day. */
const STEPS = [12_000, 6_000, 11_000, 10_500, 4_000, 7_000, 10_200, 13_000, 10_000, 11_800];
const dayAt = (daysAgo: number, hour: number) => NOW - daysAgo * DAY_MS + (hour - 12) * HOUR;
const date = (daysAgo: number) => new Date(NOW - daysAgo * DAY_MS).toISOString().slice(0, 10);

/** Ada's own data: steps, two months of resting heart rate climbing, a high LDL. */
function realData(): NewSample[] {
  const steps = STEPS.map((value, i) => ({
    kind: 'steps',
    start: dayAt(9 - i, 10),
    end: dayAt(9 - i, 11),
    value,
    source: 'garmin',
  }));
  const resting = Array.from({ length: 90 }, (_, i) => {
    const daysAgo = 89 - i;
    return {
      kind: 'resting_heart_rate',
      start: dayAt(daysAgo, 7),
      value: daysAgo < 30 ? 52 + Math.round(((29 - daysAgo) / 29) * 10) : 52,
      source: 'garmin',
    };
  });
  const ldl: NewSample = {
    kind: 'ldl_cholesterol',
    start: NOW - 10 * DAY_MS,
    value: 190,
    unit: 'mg/dL',
    source: 'quest_diagnostics',
    flag: 'high',
    meta: { referenceRange: { high: 100 }, name: 'LDL-Cholesterol', lab: 'Quest Diagnostics' },
  };
  return [...steps, ...resting, ldl];
}

const sandbox = { path: 'sandbox' };
/**
 * What sandbox connections bring: Oura's generated steps 08:00–12:00 on Ada's ten days (5,000 an hour) and
 * 7,000 on three days before them, a flat resting heart rate of 80, a generated LDL of 250 and a day of
 * CGM readings at 300 mg/dL.
 */
function sandboxData(): NewSample[] {
  const steps = STEPS.flatMap((_, i) =>
    [8, 9, 10, 11].map((hour) => ({
      kind: 'steps',
      start: dayAt(9 - i, hour),
      end: dayAt(9 - i, hour + 1),
      value: 5_000,
      source: 'oura',
      ...sandbox,
    })),
  );
  const before = [10, 11, 12].map((daysAgo) => ({
    kind: 'steps',
    start: dayAt(daysAgo, 8),
    end: dayAt(daysAgo, 9),
    value: 7_000,
    source: 'oura',
    ...sandbox,
  }));
  const resting = Array.from({ length: 90 }, (_, daysAgo) => ({
    kind: 'resting_heart_rate',
    start: dayAt(daysAgo, 6),
    value: 80,
    source: 'oura',
    ...sandbox,
  }));
  const ldl: NewSample = {
    kind: 'ldl_cholesterol',
    start: NOW - 2 * DAY_MS,
    value: 250,
    unit: 'mg/dL',
    source: 'epic',
    flag: 'critical',
    meta: { referenceRange: { high: 100 }, name: 'LDL-Cholesterol' },
    ...sandbox,
  };
  const glucose = Array.from({ length: 288 }, (_, i) => ({
    kind: 'blood_glucose',
    start: NOW - DAY_MS + i * 5 * 60_000,
    value: 300,
    unit: 'mg/dL',
    source: 'dexcom',
    ...sandbox,
  }));
  return [...steps, ...before, ...resting, ldl, ...glucose];
}

interface Bucket {
  start: string;
  sum: number;
  count: number;
}

describe.each(testDialects)('sandbox data kept apart on %s', (dialect) => {
  let f: MetricsFixture;
  beforeEach(async () => {
    f = await metricsFixture(dialect);
    await f.writer.writeOnce(f.ada.id, realData());
    const goal = await f.t.app.inject({
      method: 'POST',
      url: '/api/goals',
      headers: f.ada.auth,
      payload: { metric: 'steps', target: 10_000, direction: 'at_least', period: 'daily' },
    });
    expect(goal.statusCode, goal.body).toBe(201);
  });
  afterEach(() => f.t.close());

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await f.t.app.inject({
      method,
      url,
      headers: f.ada.auth,
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.json().data;
  };
  const stepDays = async () =>
    (
      (await call('GET', `/api/metrics?type=steps&bucket=day&from=${date(12)}&to=${date(0)}&tz=UTC`))
        .items as Bucket[]
    ).map((b) => [b.start.slice(0, 10), b.sum]);
  const stepHours = async () =>
    (
      (await call('GET', `/api/metrics?type=steps&bucket=hour&from=${date(0)}&to=${date(0)}&tz=UTC`))
        .items as Bucket[]
    ).map((b) => [b.start.slice(11, 13), b.sum]);
  const includeSandbox = (on: boolean) =>
    call('PUT', '/api/settings', { preferences: { includeSandboxData: on } });
  /** Everything a person sees of their numbers: days, hours, the summary, insights and a goal. */
  const numbers = async () => ({
    days: await stepDays(),
    hours: await stepHours(),
    resting: await call(
      'GET',
      `/api/metrics?type=resting_heart_rate&bucket=week&from=${date(89)}&to=${date(0)}&tz=UTC`,
    ),
    summary: await call('GET', '/api/metrics/summary?tz=UTC'),
    insights: ((await call('POST', '/api/insights/refresh')).items as Record<string, unknown>[])
      .map((i) => [i.type, i.severity, i.title, i.description, i.relatedMetrics])
      .sort((a, b) => String(a[2]).localeCompare(String(b[2]))),
    goals: (await call('GET', '/api/goals')).items,
  });

  it('changes none of the person’s numbers while sandbox data is not included', async () => {
    const before = await numbers();
    expect(before.days).toEqual(STEPS.map((value, i) => [date(9 - i), value]));
    expect(before.insights.length).toBeGreaterThan(0);

    await f.writer.writeOnce(f.ada.id, sandboxData());
    expect(await numbers()).toEqual(before);

    // Why this number: the Garmin counts it all; the sandbox is listed, left out, with what it holds.
    const why = await call('GET', `/api/metrics/why?type=steps&date=${date(0)}`);
    expect(why).toMatchObject({ value: 11_800, count: 1 });
    expect(why.streams).toEqual([
      expect.objectContaining({ source: 'garmin', device: null, rank: 1, contributed: 11_800 }),
      {
        source: 'oura',
        device: null,
        rank: 2,
        contributed: 0,
        samples: 4,
        samplesUsed: 0,
        msWon: 0,
        ownValue: 20_000,
        paths: [
          {
            path: 'sandbox',
            label: 'sandbox (generated data, left out: include it in Settings)',
            contributed: 0,
            samples: 4,
            samplesUsed: 0,
          },
        ],
      },
    ]);
    // Raw readings still show the sandbox ones, marked.
    const raw = await call('GET', `/api/metrics?type=steps&from=${date(0)}&to=${date(0)}&tz=UTC`);
    expect(raw.items.filter((i: { sandbox?: boolean }) => i.sandbox).length).toBe(4);
  });

  it('fills only where no real stream has data when included, and goes back when turned off', async () => {
    const before = await numbers();
    await f.writer.writeOnce(f.ada.id, sandboxData());
    expect((await includeSandbox(true)).preferences.includeSandboxData).toBe(true);

    // The Garmin hour 10–11 stays the Garmin's; the sandbox fills 08–10 and 11–12, and its own days.
    expect(await stepDays()).toEqual([
      [date(12), 7_000],
      [date(11), 7_000],
      [date(10), 7_000],
      ...STEPS.map((value, i) => [date(9 - i), value + 15_000]),
    ]);
    expect(await stepHours()).toEqual([
      ['08', 5_000],
      ['09', 5_000],
      ['10', 11_800],
      ['11', 5_000],
    ]);
    const why = await call('GET', `/api/metrics/why?type=steps&date=${date(0)}`);
    expect(why.value).toBe(26_800);
    expect(
      why.streams.map((s: { source: string; contributed: number; paths: { label: string }[] }) => [
        s.source,
        s.contributed,
        s.paths.map((p) => p.label),
      ]),
    ).toEqual([
      ['garmin', 11_800, ['Garmin API']],
      ['oura', 15_000, ['sandbox (generated data)']],
    ]);
    const steps = (await call('GET', '/api/metrics/summary?tz=UTC')).items.find(
      (i: { type: string }) => i.type === 'steps',
    );
    expect(steps).toMatchObject({ count: 10 + 43, latest: { value: 26_800, source: '*', sandbox: true } });
    // Included, the generated data reaches the insights and the goal too.
    const included = await numbers();
    expect(included.insights).not.toEqual(before.insights);
    expect(included.goals[0].progress.current).toBe(26_800);
    expect(before.goals[0].progress.current).toBe(11_800);

    expect((await includeSandbox(false)).preferences.includeSandboxData).toBe(false);
    expect(await numbers()).toEqual(before);
  });

  it('leaves sandbox samples out of the export unless included', async () => {
    await f.writer.writeOnce(f.ada.id, sandboxData());
    const exported = async () => {
      const res = await f.t.app.inject({
        method: 'GET',
        url: '/api/settings/export',
        headers: f.ada.auth,
      });
      expect(res.statusCode).toBe(200);
      return (JSON.parse(res.body) as { samples: { path: string | null }[] }).samples;
    };
    const real = realData().length;
    const generated = sandboxData().length;
    const without = await exported();
    expect(without).toHaveLength(real);
    expect(without.filter((s) => s.path === 'sandbox')).toEqual([]);

    await includeSandbox(true);
    const all = await exported();
    expect(all).toHaveLength(real + generated);
    expect(all.filter((s) => s.path === 'sandbox')).toHaveLength(generated);
  });

  it('deletes a sandbox connection’s data on disconnect by default, and only that', async () => {
    const connect = async (sandboxFlag: number) => {
      await f.t.db.kysely
        .insertInto('source_connections')
        .values({
          id: `oura-${sandboxFlag}`,
          user_id: f.ada.id,
          kind: 'oura',
          sandbox: sandboxFlag,
          status: 'connected',
          tokens: null,
          settings: null,
          created_at: NOW,
          updated_at: NOW,
        })
        .execute();
      await f.t.db.kysely
        .insertInto('sync_state')
        .values({ connection_id: `oura-${sandboxFlag}` })
        .execute();
    };
    await connect(1);
    // Ada's own ring, by the Oura app's file: the same source, her data.
    const fromFile: NewSample = {
      kind: 'steps',
      start: dayAt(2, 14),
      end: dayAt(2, 15),
      value: 3_333,
      source: 'oura',
      device: 'Oura Ring',
      path: 'oura',
    };
    await f.writer.writeOnce(f.ada.id, [...sandboxData(), fromFile]);
    const withFile = STEPS.map((value, i) => [date(9 - i), value + (i === 7 ? 3_333 : 0)]);
    expect(await stepDays()).toEqual(withFile);

    const kept = await call('POST', '/api/data-sources/oura/disconnect', { deleteData: false });
    expect(kept).toMatchObject({ deletedSamples: 0, source: { status: 'disconnected' } });
    const ouraSteps = () =>
      f.t.db.kysely
        .selectFrom('samples')
        .select('device')
        .where('kind', '=', 'steps')
        .where('source', '=', 'oura')
        .execute();
    expect(await ouraSteps()).toHaveLength(44);

    const res = await f.t.app.inject({
      method: 'POST',
      url: '/api/data-sources/oura/disconnect',
      headers: f.ada.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    // 43 sandbox steps and 90 sandbox resting heart rates of Oura; the file's reading stays.
    expect(res.json().data.deletedSamples).toBe(43 + 90);
    expect(await ouraSteps()).toEqual([{ device: 'Oura Ring\u001foura' }]);
    expect(await stepDays()).toEqual(withFile);
    await includeSandbox(true);
    expect(await stepDays()).toEqual(withFile);
  });
});
