import { createHmac } from 'node:crypto';
import { whoop } from '@healthfolio/connectors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../databases';
import { connectThroughConsent, DAY_MS } from '../sources/helpers';
import { CLIENT, lastOf, pushFixture, setPortalUrl, type PushFixture } from './push-helpers';

/** The WHOOP member of the fake (packages/connectors/src/whoop/member-year.ts). */
const MEMBER_ID = 10_129;

/** WHOOP's signature, written out from its documentation: base64(HMAC-SHA256(timestamp + body, client secret)). */
const sign = (secret: string, timestamp: string, body: string) =>
  createHmac('sha256', secret)
    .update(timestamp + body)
    .digest('base64');

describe.each(testDialects)('WHOOP webhook events on %s', (dialect) => {
  let f: PushFixture;

  beforeAll(async () => {
    f = await pushFixture(dialect, whoop);
  });
  afterAll(async () => {
    await f.close();
  });

  const post = (body: string, headers: Record<string, string>) =>
    fetch(`${f.base}/api/provider-webhooks/whoop`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  it('a signed event brings the night just scored without a scheduled sync; a forged one is refused', async () => {
    await connectThroughConsent(f.t, await f.ada(), 'whoop');
    await f.t.syncRunner.idle();
    await f.t.providerPush.idle();
    // WHOOP's webhook URL is set in its developer dashboard, by the operator (module README).
    await setPortalUrl(f.fake, `${f.base}/api/provider-webhooks/whoop`);
    const before = await f.stats('whoop');
    const lastBefore = lastOf(before, 'sleep_duration');

    // A day later: last night has ended and been scored. Nothing is scheduled in tests.
    f.clock.advance(DAY_MS);
    const event = { user_id: MEMBER_ID, id: 'ecfc6a15-4661-442f-a9a4-f160dd7afae8', type: 'sleep.updated' };
    const body = JSON.stringify(event);
    const timestamp = String(f.clock.ms);
    const refused = [
      await post(body, {}),
      await post(body, {
        'x-whoop-signature-timestamp': timestamp,
        'x-whoop-signature': sign('guess', timestamp, body),
      }),
      // Signed, then changed.
      await post(body.replace(String(MEMBER_ID), '42'), {
        'x-whoop-signature-timestamp': timestamp,
        'x-whoop-signature': sign(CLIENT.clientSecret, timestamp, body),
      }),
      // Signed an hour ago: a replay.
      await post(body, {
        'x-whoop-signature-timestamp': String(f.clock.ms - 3_600_000),
        'x-whoop-signature': sign(CLIENT.clientSecret, String(f.clock.ms - 3_600_000), body),
      }),
    ];
    expect(refused.map((r) => r.status)).toEqual([401, 401, 401, 401]);
    expect(await refused[1]!.json()).toEqual({
      error: { code: 'unauthorized', message: 'The event is not signed by WHOOP.' },
    });
    await f.t.syncRunner.idle();
    expect((await f.stats('whoop')).history).toHaveLength(before.history.length);

    // Someone signed by WHOOP but not connected here: acknowledged, nothing run.
    const stranger = JSON.stringify({ ...event, user_id: 42 });
    const strangerAnswer = await post(stranger, {
      'x-whoop-signature-timestamp': timestamp,
      'x-whoop-signature': sign(CLIENT.clientSecret, timestamp, stranger),
    });
    expect(strangerAnswer.status).toBe(200);
    await f.t.syncRunner.idle();
    expect((await f.stats('whoop')).history).toHaveLength(before.history.length);

    const started = performance.now();
    expect(await f.fake.control.push!({ id: event.id, type: 'sleep.updated' })).toEqual([200]);
    await f.t.syncRunner.idle();
    const after = await f.stats('whoop');
    const ms = performance.now() - started;
    expect(after.history).toHaveLength(before.history.length + 1);
    expect(after.history[0]).toMatchObject({ status: 'succeeded' });
    // The night of the 22nd to the 23rd (London), scored this morning.
    const lastAfter = lastOf(after, 'sleep_duration');
    expect(lastAfter).toBeGreaterThan(lastBefore);
    expect(new Date(lastAfter).toISOString().slice(0, 10)).toBe('2026-11-22');
    console.info(`WHOOP push → new night readable through the API: ${ms.toFixed(0)} ms`);
    expect(ms).toBeLessThan(10_000);
  }, 120_000);

  it('a workout re-timed days later is re-read from its own day', async () => {
    // One of Chen's workouts from five days back, as stored (its origin is `workout:<id>`).
    const stored = () =>
      f.t.db.kysely
        .selectFrom('samples')
        .select(['origin_id', 'start_at', 'value'])
        .where('kind', '=', 'workout')
        .where('source', '=', 'whoop')
        .where('start_at', '>=', f.clock.ms - 6 * DAY_MS)
        .where('start_at', '<', f.clock.ms - 4 * DAY_MS)
        .orderBy('start_at')
        .execute();
    const [workout] = await stored();
    expect(workout).toBeDefined();
    const id = workout!.origin_id.replace(/^workout:/, '');
    const start = Number(workout!.start_at);
    expect(workout!.value).not.toBe(90);

    // Chen corrects its end in the WHOOP app: ninety minutes. WHOOP pushes `workout.updated`.
    f.fake.control.revise!(id, { end: new Date(start + 90 * 60_000).toISOString() });
    expect(await f.fake.control.push!({ id, type: 'workout.updated' })).toEqual([200]);
    await f.t.syncRunner.idle();
    expect((await stored()).find((w) => w.origin_id === workout!.origin_id)?.value).toBe(90);
  });
});
