import { epic, oura, withings, type Connector } from '@healthfolio/connectors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userNo } from '../../src/db/user-number';
import { SampleWriter } from '../../src/modules/metrics/write/sample-writer';
import { createTestApp } from '../app';
import { testDialects } from '../databases';
import { bearer, createUser, signIn } from '../identity/helpers';
import {
  allowAtConsent,
  connectAndSync,
  connectorFixture,
  keptPayloads,
  lastRun,
  type ConnectorFixture,
} from './helpers';

/**
 * Issue 21: what a provider revises replaces what was stored, what it deletes goes — after the next
 * scheduled sync, in the day's total, its rollup and `GET /api/metrics` — and nothing outside the days a
 * sync read again is touched.
 */

const TZ = 'America/New_York';
const HOUR = 3_600_000;
const DAY = 86_400_000;
/** `daily_rollups.local_day` of a date. */
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;
const localDate = (ms: number) => new Date(ms).toLocaleDateString('en-CA', { timeZone: TZ });

async function fixtureInNewYork(connector: Connector, dialect: Parameters<typeof connectorFixture>[1]) {
  const f = await connectorFixture(connector, dialect, { tz: TZ });
  const res = await f.t.app.inject({
    method: 'PUT',
    url: '/api/auth/profile',
    headers: f.ada,
    payload: { settings: { preferences: { timeZone: TZ } } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return f;
}

/** The sync the schedule starts once the connection's next sync is due. */
async function scheduledSync(f: ConnectorFixture) {
  await f.t.db.kysely
    .updateTable('sync_state')
    .set({ next_sync_at: f.clock.now() - 1 })
    .where(
      'connection_id',
      'in',
      f.t.db.kysely.selectFrom('source_connections').select('id').where('user_id', '=', f.adaId),
    )
    .execute();
  await f.t.syncRunner.schedule();
  await f.t.syncRunner.idle();
  return lastRun(f);
}

/** Ada's rollup rows of a kind and day: her source's stream and the merged row. */
async function rollups(f: ConnectorFixture, kind: string, date: string) {
  const rows = await f.t.db.kysely
    .selectFrom('daily_rollups')
    .select(['source', 'count', 'sum'])
    .where('user_no', '=', userNo(f.adaId))
    .where('kind', '=', kind)
    .where('local_day', '=', dayNumber(date))
    .orderBy('source')
    .execute();
  return rows.map((r) => ({ source: r.source, count: Number(r.count), sum: Number(r.sum) }));
}

describe.each(testDialects)('Oura revises and deletes, on %s', (dialect) => {
  let f: ConnectorFixture;
  beforeAll(async () => {
    f = await fixtureInNewYork(oura, dialect);
    // Noon in New York on Sunday 22 November: last night has ended, the day is half gone.
    f.clock.advance(5 * HOUR);
    await f.signInAgain();
    await connectAndSync(f);
  });
  afterAll(() => f.close());

  const sleepDays = async () =>
    (await f.metric('sleep_duration', '2026-11-18', '2026-11-22')).map((d) => [
      d.start.slice(0, 10),
      d.count,
      Math.round(d.sum * 1000) / 1000,
    ]);

  it('replaces a re-scored night, moves a re-timed one, deletes a deleted one — and leaves the night before the window', async () => {
    const before = await sleepDays();
    expect(before.map(([date, count]) => [date, count])).toEqual([
      ['2026-11-18', 1],
      ['2026-11-19', 1],
      ['2026-11-20', 1],
      ['2026-11-21', 1],
      ['2026-11-22', 1],
    ]);
    const [night18, night19] = [before[0]![2], before[1]![2]];

    f.fake.control.revise!('sleep-2026-11-22', { total_sleep_duration: 27_000 });
    f.fake.control.revise!('sleep-2026-11-21', {
      bedtime_start: '2026-11-20T23:30:00-05:00',
      bedtime_end: '2026-11-21T06:30:00-05:00',
      total_sleep_duration: 21_600,
      lowest_heart_rate: 49,
    });
    f.fake.control.deleteRecord!('sleep-2026-11-20');
    // Ended on the morning of the 18th: before the days the scheduled sync reads again (from midnight
    // on the 19th).
    f.fake.control.deleteRecord!('sleep-2026-11-18');

    const run = await scheduledSync(f);
    // The re-scored night: one revision. The re-timed one: its three samples (sleep, breathing, resting
    // heart rate at wake-up) under their new times, the old three deleted; the deleted night's three.
    expect(run).toMatchObject({ status: 'succeeded', inserted: 3, updated: 1, deleted: 6 });
    // Every sample the run mapped is accounted for: what it re-read unchanged is a duplicate.
    expect(run.samples).toBe(run.inserted + run.updated + run.duplicates + run.rejected);
    expect(run.duplicates).toBeGreaterThan(0);
    expect(run).toMatchObject({ rejected: 0, problems: '[]' });
    expect(await sleepDays()).toEqual([
      ['2026-11-18', 1, night18],
      ['2026-11-19', 1, night19],
      ['2026-11-21', 1, 6],
      ['2026-11-22', 1, 7.5],
    ]);
    expect(await f.metric('resting_heart_rate', '2026-11-20', '2026-11-21')).toMatchObject([
      { start: '2026-11-21T00:00:00.000-05:00', count: 1, avg: 49 },
    ]);
    expect(await rollups(f, 'sleep_duration', '2026-11-20')).toEqual([]);
    expect(await rollups(f, 'sleep_duration', '2026-11-21')).toEqual([
      { source: '*', count: 1, sum: 6 },
      { source: 'oura', count: 1, sum: 6 },
    ]);
    expect(await rollups(f, 'sleep_duration', '2026-11-22')).toEqual([
      { source: '*', count: 1, sum: 7.5 },
      { source: 'oura', count: 1, sum: 7.5 },
    ]);

    // A sync asked to read the week again reaches the night of the 18th, and finds it gone.
    await f.syncNow(7);
    expect(await lastRun(f)).toMatchObject({ status: 'succeeded', inserted: 0, updated: 0, deleted: 3 });
    expect((await sleepDays()).map(([date]) => date)).toEqual(['2026-11-19', '2026-11-21', '2026-11-22']);
  });

  it('takes the day under way as it grows: the later total replaces the earlier one', async () => {
    const todayOf = async () =>
      (await keptPayloads(f, 'daily_activity'))
        .flatMap((page) => (page as { data: { day: string; steps: number }[] }).data)
        .find((d) => d.day === '2026-11-22')!.steps;
    const noon = await todayOf();
    expect(await f.metric('steps', '2026-11-22', '2026-11-22')).toMatchObject([{ count: 1, sum: noon }]);

    f.clock.advance(6 * HOUR);
    await f.signInAgain();
    const run = await scheduledSync(f);
    const evening = await todayOf();
    expect(evening).toBeGreaterThan(noon);
    // Steps, active energy and distance of the day replaced; six hours of new heart rate added.
    expect(run).toMatchObject({ status: 'succeeded', updated: 3, deleted: 0, inserted: 72 });
    expect(await f.metric('steps', '2026-11-22', '2026-11-22')).toMatchObject([{ count: 1, sum: evening }]);
    expect(await rollups(f, 'steps', '2026-11-22')).toEqual([
      { source: '*', count: 1, sum: evening },
      { source: 'oura', count: 1, sum: evening },
    ]);
  });
});

interface Group {
  grpid: number;
  attrib: number;
  date: number;
  category: number;
  measures: { value: number; type: number; unit: number }[];
}

describe.each(testDialects)('Withings: an edited and a deleted weigh-in, on %s', (dialect) => {
  let f: ConnectorFixture;
  beforeAll(async () => {
    f = await fixtureInNewYork(withings, dialect);
    await connectAndSync(f);
  });
  afterAll(() => f.close());

  it('replaces the edited weigh-in, drops the measure it lost, and removes the deleted one', async () => {
    // The two latest weigh-ins of the first sync, both in the days every sync reads again.
    const weighIns = (await keptPayloads(f, 'measures'))
      .flatMap((page) => (page as { body: { measuregrps: Group[] } }).body.measuregrps)
      .filter((g) => g.attrib === 0 && g.measures.some((m) => m.type === 1))
      .sort((a, b) => b.date - a.date);
    const [removed, edited] = weighIns as [Group, Group];
    expect(edited.date * 1000).toBeGreaterThan(Date.parse('2026-11-19T05:00:00Z'));
    const removedDay = localDate(removed.date * 1000);
    const editedDay = localDate(edited.date * 1000);
    expect(removedDay).not.toBe(editedDay);
    expect(await f.metric('weight', removedDay, removedDay)).toMatchObject([{ count: 1 }]);

    f.fake.control.deleteRecord!(String(removed.grpid));
    // The person corrects the weight and deletes the fat ratio (type 6) in Health Mate.
    f.fake.control.revise!(String(edited.grpid), {
      measures: edited.measures
        .filter((m) => m.type !== 6)
        .map((m) => (m.type === 1 ? { ...m, value: 81_234, unit: -3 } : m)),
    });

    const run = await scheduledSync(f);
    // The weight revised; the deleted weigh-in's five measures and the edited one's fat ratio gone.
    expect(run).toMatchObject({ status: 'succeeded', inserted: 0, updated: 1, deleted: 6 });
    expect(await f.metric('weight', removedDay, removedDay)).toEqual([]);
    expect(await f.metric('body_fat', removedDay, removedDay)).toEqual([]);
    expect(await f.metric('weight', editedDay, editedDay)).toMatchObject([{ count: 1, sum: 81.234 }]);
    expect(await f.metric('body_fat', editedDay, editedDay)).toEqual([]);
    expect(await f.metric('fat_mass', editedDay, editedDay)).toMatchObject([{ count: 1 }]);
    expect(await rollups(f, 'weight', editedDay)).toEqual([
      { source: '*', count: 1, sum: 81.234 },
      { source: 'withings', count: 1, sum: 81.234 },
    ]);
    expect(await rollups(f, 'weight', removedDay)).toEqual([]);
  });
});

describe.each(testDialects)(
  'SMART on FHIR: a corrected result and one entered in error, on %s',
  (dialect) => {
    let f: ConnectorFixture;
    beforeAll(async () => {
      f = await fixtureInNewYork(epic, dialect);
      await connectAndSync(f);
    });
    afterAll(() => f.close());

    /** Ada's samples of one Observation (its id is their origin). */
    const samplesOf = (id: string) =>
      f.t.db.kysely
        .selectFrom('samples')
        .select(['kind', 'start_at', 'value'])
        .where('user_no', '=', userNo(f.adaId))
        .where('source', '=', 'epic')
        .where('origin_id', '=', id)
        .execute();

    it('replaces the corrected value and deletes the result entered in error, never storing it', async () => {
      const labs = await f.t.db.kysely
        .selectFrom('samples')
        .select(['origin_id', 'kind', 'start_at', 'value'])
        .where('user_no', '=', userNo(f.adaId))
        .where('source', '=', 'epic')
        .where('kind', '=', 'blood_glucose')
        .orderBy('start_at', 'desc')
        .limit(2)
        .execute();
      const [wrong, corrected] = labs as [(typeof labs)[0], (typeof labs)[0]];
      expect(await samplesOf(wrong.origin_id)).toHaveLength(1);

      f.clock.advance(HOUR);
      await f.signInAgain();
      f.fake.control.deleteRecord!(`Observation/${wrong.origin_id}`);
      f.fake.control.revise!(`Observation/${corrected.origin_id}`, {
        valueQuantity: { value: 97, unit: 'mg/dL', system: 'http://unitsofmeasure.org', code: 'mg/dL' },
      });
      const run = await scheduledSync(f);
      expect(run).toMatchObject({ status: 'succeeded', inserted: 0, updated: 1, deleted: 1 });
      expect(await samplesOf(wrong.origin_id)).toEqual([]);
      expect(await samplesOf(corrected.origin_id)).toMatchObject([{ kind: 'blood_glucose', value: 97 }]);

      const day = localDate(Number(wrong.start_at));
      const res = await f.get(
        `/api/metrics?type=blood_glucose&bucket=raw&from=${day}&to=${day}&tz=${TZ}&limit=100`,
      );
      const items = (res.json() as { data: { items: { start: string }[] } }).data.items;
      expect(items.map((i) => Date.parse(i.start))).not.toContain(Number(wrong.start_at));

      // Read again, the retracted result stays out.
      await f.syncNow(30);
      expect(await samplesOf(wrong.origin_id)).toEqual([]);
    });
  },
);

describe.each(testDialects)('a sandbox connection, on %s', (dialect) => {
  it('deletes only what a sandbox wrote, never what another connection of the source wrote', async () => {
    // Oura is not set up on this server: Connect offers its sandbox, mounted here.
    const t = await createTestApp(dialect);
    try {
      const adaId = (await createUser(t, 'ada@example.com')).id;
      const ada = bearer((await signIn(t, 'ada@example.com')).accessToken);
      // A day Ada's real ring recorded a month ago, kept when she disconnected it: not in the sandbox's answers.
      const start = Date.now() - 30 * DAY;
      await new SampleWriter(t.db, t.bulk).writeOnce(adaId, [
        { kind: 'steps', start, end: start + DAY, value: 12_345, source: 'oura', originId: 'real-day' },
      ]);
      const self = await t.app.listen({ host: '127.0.0.1', port: 0 });
      const res = await t.app.inject({ method: 'GET', url: '/api/integrations/oauth/oura', headers: ada });
      const consent = new URL((res.json() as { data: { url: string } }).data.url);
      const back = await allowAtConsent(consent, { at: new URL(consent.pathname, self) });
      const done = await t.app.inject({
        method: 'POST',
        url: '/api/integrations/oauth/callback',
        headers: ada,
        payload: back,
      });
      expect(done.statusCode, done.body).toBe(200);
      await t.syncRunner.idle();
      const run = await t.db.kysely
        .selectFrom('sync_runs')
        .select(['status', 'inserted', 'deleted'])
        .where('user_id', '=', adaId)
        .executeTakeFirstOrThrow();
      expect(run.status).toBe('succeeded');
      expect(run.inserted).toBeGreaterThan(100_000);
      expect(run.deleted).toBe(0);
      const kept = await t.db.kysely
        .selectFrom('samples')
        .select('value')
        .where('user_no', '=', userNo(adaId))
        .where('origin_id', '=', 'real-day')
        .execute();
      expect(kept).toEqual([{ value: 12_345 }]);
    } finally {
      await t.close();
    }
  });
});
