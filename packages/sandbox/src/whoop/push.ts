import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DAY_MS } from '../shared/fake-data';
import { FakePortal, deliver, everyNew } from '../shared/fake-push';
import type { FakeOptions } from '../types';
import { MEMBER, dayOf, workoutsOf } from './member-year';

/** WHOOP scores a night or a workout this long after it ends (member-year's PENDING_SCORE). */
const SCORED_AFTER_MS = 30 * 60_000;

/** WHOOP's signature: base64 of HMAC-SHA256 over the timestamp header + the raw body, keyed with the client secret. */
export const whoopSignature = (secret: string, timestamp: string, body: string) =>
  createHmac('sha256', secret)
    .update(timestamp + body)
    .digest('base64');

/**
 * WHOOP's webhooks (https://developer.whoop.com/docs/developing/webhooks) as the fake's push side. The
 * webhook URL is set in WHOOP's developer dashboard, here its stand-in (`FakePortal`). Events are POSTed
 * as JSON `{user_id, id, type, trace_id}` (v2: `id` a UUID; `sleep.updated`, `recovery.updated` — its id
 * the sleep's —, `workout.updated`, and `….deleted`), with `X-WHOOP-Signature-Timestamp` (epoch ms) and
 * `X-WHOOP-Signature` = base64(HMAC-SHA256(timestamp + body, client secret)). A night pushes
 * `sleep.updated` and `recovery.updated` once scored; a workout `workout.updated`.
 */
export function registerPush(app: FastifyInstance, options: FakeOptions, clientSecret: string): void {
  const now = options.now ?? Date.now;
  const portal = new FakePortal(options);
  portal.register(app);

  const push = async (event: Record<string, unknown>): Promise<number[]> => {
    const url = portal.callback;
    if (!url) return [];
    const body = JSON.stringify({ user_id: MEMBER.user_id, trace_id: randomUUID(), ...event });
    const timestamp = String(now());
    return [
      await deliver(url, body, {
        'content-type': 'application/json',
        'x-whoop-signature-timestamp': timestamp,
        'x-whoop-signature': whoopSignature(clientSecret, timestamp, body),
      }),
    ];
  };
  if (options.control) options.control.push = push;

  // Nights and workouts scored since the last look are pushed, as WHOOP does once it has scored them.
  everyNew(app, options, (from, to) => {
    if (!portal.callback) return;
    for (let n = Math.floor(from / DAY_MS) - 1; n <= Math.floor(to / DAY_MS) + 1; n++) {
      const d = dayOf(n);
      const scored = (end: number) => end + SCORED_AFTER_MS > from && end + SCORED_AFTER_MS <= to;
      if (!d.unscorable && scored(d.wake)) {
        void push({ id: d.sleepId, type: 'sleep.updated' });
        void push({ id: d.sleepId, type: 'recovery.updated' });
      }
      for (const w of workoutsOf(d, to)) {
        if (scored(Date.parse(w.end))) void push({ id: w.id, type: 'workout.updated' });
      }
    }
  });
}
