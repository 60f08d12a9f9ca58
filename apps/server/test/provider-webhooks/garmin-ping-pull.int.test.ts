import { garmin } from '@healthfolio/connectors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../databases';
import { connectThroughConsent, DAY_MS } from '../sources/helpers';
import { pushFixture, setPortalUrl, type PushFixture } from './push-helpers';

/** The Garmin user and summary ids of the fake (packages/connectors/src/garmin/fake.ts). */
const GARMIN_USER = 'b3a4c7e2-9f1d-4a8e-8c55-2d6f0e1a9b77';
const dailyId = (startMs: number) => `x4f2a91c-${Math.round(startMs / 1000).toString(16)}`;
const MINUTE = 60_000;

describe.each(testDialects)('Garmin Ping/Pull and Push on %s', (dialect) => {
  let f: PushFixture;

  beforeAll(async () => {
    f = await pushFixture(dialect, garmin);
    await connectThroughConsent(f.t, await f.ada(), 'garmin');
    await f.t.syncRunner.idle();
    await f.t.providerPush.idle();
    await setPortalUrl(f.fake, `${f.base}/api/provider-webhooks/garmin`);
    // The next afternoon, long after the first sync.
    f.clock.advance(DAY_MS + 6 * 3_600_000);
  }, 120_000);
  afterAll(async () => {
    await f.close();
  });

  /** The stored daily steps, newest day first: origin `daily:<calendarDate>`. */
  const steps = () =>
    f.t.db.kysely
      .selectFrom('samples')
      .select(['origin_id', 'start_at', 'value'])
      .where('kind', '=', 'steps')
      .where('source', '=', 'garmin')
      .orderBy('start_at', 'desc')
      .limit(5)
      .execute();
  const stepsOf = async (origin: string) => (await steps()).find((s) => s.origin_id === origin)?.value;
  const runs = async () => (await f.stats('garmin')).history;
  const requests = () => f.fake.control.requests!();

  it('a ping’s callbackURL is pulled as it is, and exactly its summaries are stored', async () => {
    const [, day] = await steps();
    expect(day).toBeDefined();
    // The person edits the day at Garmin Connect (its steps become 12 345); the watch uploads it again.
    f.fake.control.revise!(dailyId(Number(day!.start_at)), { steps: 12_345 });
    const before = { runs: (await runs()).length, requests: requests() };

    // Garmin pings the upload window of that second, naming its pull URL (with the pull token).
    expect(await f.fake.control.notify!(f.clock.ms - 1_000, f.clock.ms, 'ping')).toEqual([200]);
    await f.t.syncRunner.idle();
    const after = await runs();
    expect(after).toHaveLength(before.runs + 1);
    expect(after[0]).toMatchObject({ status: 'succeeded', requests: 1, inserted: 0, updated: 1 });
    // At the fake: the callbackURL, and Garmin's user id, read once when a notification first names the
    // person — never the sync's own window (4 summary types × the days since the last sync).
    expect(requests() - before.requests).toBe(2);
    expect(await stepsOf(day!.origin_id)).toBe(12_345);
  });

  it('a pull token not issued by Garmin reads nothing, and the ping’s sync still ends', async () => {
    f.clock.advance(2 * MINUTE);
    const [, day] = await steps();
    const before = await stepsOf(day!.origin_id);
    const window = `uploadStartTimeInSeconds=${Math.floor(f.clock.ms / 1000) - 60}&uploadEndTimeInSeconds=${Math.floor(f.clock.ms / 1000)}`;
    const res = await fetch(`${f.base}/api/provider-webhooks/garmin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        dailies: [
          {
            userId: GARMIN_USER,
            callbackURL: `${f.fake.url}/wellness-api/rest/dailies?${window}&token=forged`,
          },
        ],
      }),
    });
    expect(res.status).toBe(200);
    await f.t.syncRunner.idle();
    const [last] = await runs();
    expect(last).toMatchObject({ status: 'succeeded', requests: 1, inserted: 0, updated: 0 });
    expect(await stepsOf(day!.origin_id)).toBe(before);
  });

  it('a push carries the summaries: they are stored without any pull', async () => {
    f.clock.advance(2 * MINUTE);
    const [today, yesterday] = await steps();
    f.fake.control.revise!(dailyId(Number(yesterday!.start_at)), { steps: 23_456 });
    const before = { runs: (await runs()).length, requests: requests() };

    expect(await f.fake.control.notify!(f.clock.ms - 1_000, f.clock.ms, 'push')).toEqual([200]);
    await f.t.syncRunner.idle();
    const after = await runs();
    expect(after).toHaveLength(before.runs + 1);
    expect(after[0]).toMatchObject({ status: 'succeeded', requests: 0, updated: 1 });
    expect(requests()).toBe(before.requests);
    expect(await stepsOf(yesterday!.origin_id)).toBe(23_456);
    expect(await stepsOf(today!.origin_id)).toBe(today!.value);
  });

  it('a push without our client id is not stored as it is: the summary’s window is pulled instead', async () => {
    f.clock.advance(2 * MINUTE);
    const [, yesterday] = await steps();
    const genuine = yesterday!.value;
    const before = (await runs()).length;
    // Someone who knows the person's Garmin id posts made-up steps, without Garmin's garmin-client-id header.
    const res = await fetch(`${f.base}/api/provider-webhooks/garmin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        dailies: [
          {
            userId: GARMIN_USER,
            summaryId: dailyId(Number(yesterday!.start_at)),
            calendarDate: yesterday!.origin_id.slice('daily:'.length),
            startTimeInSeconds: Math.round(Number(yesterday!.start_at) / 1000),
            durationInSeconds: 86_400,
            steps: 99_999,
          },
        ],
      }),
    });
    expect(res.status).toBe(200);
    await f.t.syncRunner.idle();
    const after = await runs();
    expect(after).toHaveLength(before + 1);
    expect(after[0]).toMatchObject({ status: 'succeeded' });
    expect(after[0]!.requests).toBeGreaterThan(0);
    expect(await stepsOf(yesterday!.origin_id)).toBe(genuine);
  });

  it('50 unsigned notifications in a second lead to two syncs at most, and the newest data', async () => {
    f.clock.advance(2 * MINUTE);
    const [, day] = await steps();
    const before = { runs: (await runs()).length, requests: requests() };
    // A flood: 50 pings in one second, each after a new edit of the same day.
    for (let i = 1; i <= 50; i++) {
      f.clock.advance(20);
      f.fake.control.revise!(dailyId(Number(day!.start_at)), { steps: 30_000 + i });
      expect(await f.fake.control.notify!(f.clock.ms - 20, f.clock.ms, 'ping')).toEqual([200]);
    }
    await f.t.syncRunner.idle();
    await f.t.providerPush.idle();
    await f.t.syncRunner.idle();
    expect((await runs()).length - before.runs).toBe(1);

    // What came after the first sync started waits for the minute to pass; the schedule then reads it.
    f.clock.advance(MINUTE);
    await f.t.syncRunner.schedule();
    await f.t.syncRunner.idle();
    const after = await runs();
    expect(after.length - before.runs).toBeLessThanOrEqual(2);
    expect(after.slice(0, after.length - before.runs).every((r) => r.status === 'succeeded')).toBe(true);
    expect(await stepsOf(day!.origin_id)).toBe(30_050);
    // Every pull was one of the pings' callbackURLs (50 at most), never a re-read of the window.
    expect(requests() - before.requests).toBeLessThanOrEqual(50);
  });
});
