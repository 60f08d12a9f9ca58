import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FakeOAuth } from '../shared/fake-oauth';
import { deliver, everyNew } from '../shared/fake-push';
import type { FakeOptions } from '../types';

interface Subscription {
  callbackurl: string;
  appli: number;
  comment: string;
}

/** What changed in a span of the fake's clock: `[appli, startdate, enddate]` (Unix seconds) per category. */
export type Changes = (from: number, to: number) => [appli: number, startdate: number, enddate: number][];

const failure = (status: number, error: string) => ({ status, body: {}, error });

/**
 * Withings' Notify service (https://developer.withings.com/developer-guide/v3/data-api/notifications/)
 * as the fake's push side: `POST /notify` with the person's bearer token and `action=subscribe`
 * (`callbackurl`, `appli`, `comment`) first checks the callback with a `HEAD` that must answer 2xx, then
 * keeps it; `action=revoke` removes one, `action=list` lists them. A notification is a form POST
 * (`application/x-www-form-urlencoded`) of `userid`, `appli`, `startdate`, `enddate` to each callback of
 * its category; Withings signs nothing. New measures and nights are notified as they appear.
 */
export function registerPush(
  app: FastifyInstance,
  options: FakeOptions,
  oauth: FakeOAuth,
  userId: string,
  changes: Changes,
): void {
  const subscriptions: Subscription[] = [];

  app.route({
    method: ['GET', 'POST'],
    url: '/notify',
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      if (!oauth.authenticate(request, reply, { data: false })) return reply;
      const p = {
        ...(request.query as Record<string, string>),
        ...((request.body ?? {}) as Record<string, string>),
      };
      const appli = Number(p.appli);
      if (p.action === 'list') {
        return reply.send({
          status: 0,
          body: { profiles: subscriptions.filter((s) => !p.appli || s.appli === appli) },
        });
      }
      if (!p.callbackurl || !Number.isInteger(appli)) {
        return reply.send(failure(503, 'Invalid Params: callbackurl and appli are required'));
      }
      if (p.action === 'subscribe') {
        const reached = await fetch(p.callbackurl, { method: 'HEAD', signal: AbortSignal.timeout(10_000) })
          .then((res) => res.ok)
          .catch(() => false);
        if (!reached) return reply.send(failure(293, 'The callback URL is either absent or incorrect'));
        if (!subscriptions.some((s) => s.callbackurl === p.callbackurl && s.appli === appli)) {
          subscriptions.push({ callbackurl: p.callbackurl, appli, comment: p.comment ?? '' });
        }
        return reply.send({ status: 0, body: {} });
      }
      if (p.action === 'revoke') {
        const index = subscriptions.findIndex((s) => s.callbackurl === p.callbackurl && s.appli === appli);
        if (index < 0) return reply.send(failure(294, 'No such subscription was found'));
        subscriptions.splice(index, 1);
        return reply.send({ status: 0, body: {} });
      }
      return reply.send(failure(2554, 'Unknown action'));
    },
  });

  const notify = async (event: Record<string, unknown>): Promise<number[]> =>
    Promise.all(
      subscriptions
        .filter((s) => s.appli === Number(event.appli))
        .map((s) =>
          deliver(
            s.callbackurl,
            new URLSearchParams(
              Object.entries({ userid: userId, ...event }).map(([k, v]): [string, string] => [k, String(v)]),
            ).toString(),
            { 'content-type': 'application/x-www-form-urlencoded' },
          ),
        ),
    );
  if (options.control) options.control.push = notify;

  everyNew(app, options, (from, to) => {
    if (subscriptions.length === 0) return;
    for (const [appli, startdate, enddate] of changes(from, to)) void notify({ appli, startdate, enddate });
  });
}
