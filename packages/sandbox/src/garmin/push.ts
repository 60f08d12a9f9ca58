import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { FakePortal, deliver, everyNew } from '../shared/fake-push';
import type { FakeOptions } from '../types';
import {
  GARMIN_WINDOW_SECONDS as WINDOW_SECONDS,
  type GarminResource,
} from '@healthfolio/connectors/protocol';

/**
 * Garmin Health API notifications as the fake's push side. The endpoints are set per summary type in
 * Garmin's developer portal (here its stand-in, `FakePortal`); Garmin does not sign them. In Ping/Pull
 * mode (the default) a notification is a JSON object keyed by summary type, each entry
 * `{userId, callbackURL}` — the pull URL of the upload window, which carries a pull token (`token`) the
 * pull endpoints then require to be one they issued —; in Push mode (`options.pushMode: 'push'`) each entry
 * is the summary itself with its `userId` (`{"dailies": [{userId, summaryId, calendarDate, …}]}`). Every
 * look it notifies the summary types uploaded since the last one. `control.push(body)` posts any body as
 * it is; `control.notify(from, to, mode)` notifies the uploads of a window now.
 */
export function registerPush(
  app: FastifyInstance,
  options: FakeOptions,
  userId: string,
  uploaded: (resource: GarminResource, from: number, to: number) => Record<string, unknown>[],
  resources: readonly GarminResource[],
  tokens: PullTokens,
): void {
  const portal = new FakePortal(options);
  portal.register(app);

  const post = async (body: Record<string, unknown>): Promise<number[]> => {
    const url = portal.callback;
    if (!url) return [];
    // Garmin names the app it delivers for in a `garmin-client-id` header.
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.clientId) headers['garmin-client-id'] = options.clientId;
    return [await deliver(url, JSON.stringify(body), headers)];
  };
  const notify = async (from: number, to: number, mode = options.pushMode ?? 'ping'): Promise<number[]> => {
    if (!portal.callback || !portal.base) return [];
    // The pull window holds every upload in (from, to]: Garmin's end is exclusive, in whole seconds.
    const start = Math.floor(from / 1000);
    const end = Math.min(Math.floor(to / 1000) + 1, start + WINDOW_SECONDS);
    const body: Record<string, unknown[]> = {};
    for (const resource of resources) {
      const summaries = uploaded(resource, from, to);
      if (summaries.length === 0) continue;
      if (mode === 'push') {
        body[resource] = summaries.map((summary) => ({ userId, ...summary }));
        continue;
      }
      const query = new URLSearchParams({
        uploadStartTimeInSeconds: String(start),
        uploadEndTimeInSeconds: String(end),
        token: tokens.issue(),
      });
      body[resource] = [{ userId, callbackURL: `${portal.base}/wellness-api/rest/${resource}?${query}` }];
    }
    return Object.keys(body).length > 0 ? post(body) : [];
  };
  if (options.control) {
    options.control.push = post;
    options.control.notify = notify;
  }

  everyNew(app, options, (from, to) => void notify(from, to));
}

/**
 * The pull tokens of the fake's pings: a callbackURL carries one, and a pull that names a token must name
 * one issued within the last day (Garmin's are short-lived); a pull without one is backfill polling.
 */
export class PullTokens {
  private readonly issued = new Map<string, number>();

  constructor(private readonly now: () => number) {}

  issue(): string {
    const token = randomBytes(12).toString('hex');
    this.issued.set(token, this.now());
    return token;
  }

  valid(token: string): boolean {
    const at = this.issued.get(token);
    return at !== undefined && this.now() - at < 86_400_000;
  }
}
