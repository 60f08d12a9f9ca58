import type { FastifyInstance } from 'fastify';
import { FakePortal, deliver, everyNew } from '../shared/fake-push';
import type { FakeOptions } from '../types';
import type { GarminResource } from './client';

/**
 * Garmin Health API notifications as the fake's push side. The endpoints are set per summary type in
 * Garmin's developer portal (here its stand-in, `FakePortal`); Garmin does not sign them. A *ping* is a
 * JSON object keyed by summary type, each entry `{userId, callbackURL}` — the pull URL of the upload
 * window, which carries a pull token —; a *push* carries the summaries themselves
 * (`{"dailies": [{userId, summaryId, calendarDate, …}]}`). This fake pings: every look it names the
 * summary types uploaded since the last look. `control.push(body)` posts any body as it is.
 */
export function registerPush(
  app: FastifyInstance,
  options: FakeOptions,
  userId: string,
  uploaded: (resource: GarminResource, from: number, to: number) => boolean,
  resources: readonly GarminResource[],
): void {
  const portal = new FakePortal(options);
  portal.register(app);

  const post = async (body: Record<string, unknown>): Promise<number[]> => {
    const url = portal.callback;
    if (!url) return [];
    return [await deliver(url, JSON.stringify(body), { 'content-type': 'application/json' })];
  };
  if (options.control) options.control.push = post;

  everyNew(app, options, (from, to) => {
    if (!portal.callback || !portal.base) return;
    const start = Math.floor(from / 1000);
    const end = Math.ceil(to / 1000);
    const ping: Record<string, unknown[]> = {};
    for (const resource of resources) {
      if (!uploaded(resource, from, to)) continue;
      const query = new URLSearchParams({
        uploadStartTimeInSeconds: String(start),
        uploadEndTimeInSeconds: String(end),
        token: 'sandbox-pull-token',
      });
      ping[resource] = [{ userId, callbackURL: `${portal.base}/wellness-api/rest/${resource}?${query}` }];
    }
    if (Object.keys(ping).length > 0) void post(ping);
  });
}
