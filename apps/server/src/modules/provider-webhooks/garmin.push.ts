import {
  garminPullResource,
  garminTargetedCursor,
  isGarminResource,
  type GarminTarget,
} from '@healthfolio/connectors';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { SyncedConnection } from '../sources';
import { clearPortalWebhook, setPortalWebhook } from './portal';
import type { PersonCall, ProviderPushService, PushProvider } from './provider-push.service';

const KIND = 'garmin';

/**
 * Garmin Health API notifications (Ping/Pull or Push): the endpoints are set per summary type in Garmin's
 * developer portal, not by API; Garmin signs nothing. The person is Garmin's `userId`
 * (`GET /wellness-api/rest/user/id`), read when a notification first names someone unknown.
 */
export const garminPush: PushProvider = {
  kind: KIND,
  async identify(call: PersonCall): Promise<string | undefined> {
    const answer = await call.http.get<{ userId?: unknown }>('/wellness-api/rest/user/id');
    return typeof answer.userId === 'string' ? answer.userId : undefined;
  },
  subscribe: setPortalWebhook,
  unsubscribe: (call) => clearPortalWebhook(call),
};

/** One entry of a ping (`callbackURL`) or a push (the summary's own fields), as Garmin keys them. */
const entry = z
  .object({
    userId: z.string().min(1).max(100),
    callbackURL: z.string().max(2_000).optional(),
    startTimeInSeconds: z.number().int().optional(),
    measurementTimeInSeconds: z.number().int().optional(),
    calendarDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
  })
  .passthrough();
const notification = z.record(z.string(), z.array(z.unknown()));

/** A ping's pull URL names the summary type it is keyed by (`/wellness-api/rest/<type>`), or it is not read. */
function pullResource(url: URL, type: string): GarminTarget['resource'] | undefined {
  const resource = garminPullResource(url);
  return resource === type ? resource : undefined;
}

const refuse = (code: string, message: string) => ({ error: { code, message } });

/** When the summaries an entry names begin: its pull window, else the summary's own time. */
function entryTime(e: z.infer<typeof entry>, url: URL | undefined): number | undefined {
  const upload = Number(url?.searchParams.get('uploadStartTimeInSeconds'));
  if (url && Number.isInteger(upload)) return upload * 1000;
  const seconds = e.startTimeInSeconds ?? e.measurementTimeInSeconds;
  if (seconds !== undefined) return seconds * 1000;
  return e.calendarDate ? Date.parse(e.calendarDate) : undefined;
}

/**
 * `POST /api/provider-webhooks/garmin`: answered at once (Garmin wants a 200 quickly); the pulls run on
 * the SyncRunner. Entries are taken only for people connected here; a ping whose `callbackURL` is not on
 * the person's Garmin API is refused (403), as no one but Garmin sends those. `deregistrations` put the
 * connection in error, asking to reconnect.
 */
export const garminReceiver =
  (push: ProviderPushService): FastifyPluginAsync =>
  async (app) => {
    app.post(
      '/provider-webhooks/garmin',
      { schema: { hide: true }, bodyLimit: 4 * 1024 * 1024 },
      async (request, reply) => {
        const body = notification.safeParse(request.body);
        if (!body.success) {
          return reply.status(400).send(refuse('bad_request', 'Not a Garmin notification.'));
        }
        const due = new Map<
          string,
          { row: SyncedConnection; at: number; targets: GarminTarget[]; window?: boolean }
        >();
        for (const [type, entries] of Object.entries(body.data)) {
          for (const raw of entries) {
            const e = entry.safeParse(raw);
            if (!e.success) continue;
            const row = await push.connectionOfEither(KIND, e.data.userId);
            if (!row) continue; // not connected here: acknowledged, ignored
            if (type === 'deregistrations') {
              await push.revoked(row, 'Garmin Connect');
              continue;
            }
            if (type === 'userPermissionsChange') continue;
            let url: URL | undefined;
            if (e.data.callbackURL !== undefined) {
              try {
                url = new URL(e.data.callbackURL);
              } catch {
                url = undefined;
              }
              if (url?.origin !== push.apiOrigin(KIND, row.sandbox === 1)) {
                return reply.status(403).send(refuse('forbidden', 'The ping does not come from Garmin.'));
              }
            }
            // Ping: its callbackURL is read as it is (a summary type the connector maps, on Garmin's
            // /wellness-api/rest/). Push: the summary itself, mapped as a pulled one would be. Other
            // summary types (epochs, stress details, …) are not read here: acknowledged, ignored.
            const resource = url ? pullResource(url, type) : isGarminResource(type) ? type : undefined;
            if (!resource) continue;
            // A push's summaries are stored as they are: only from a request that names our app's client id
            // (Garmin's `garmin-client-id` header); without it the summary's window is pulled instead.
            const inline =
              !url && request.headers['garmin-client-id'] === push.clientId(KIND, row.sandbox === 1);
            const at = entryTime(e.data, url) ?? push.now();
            const seen = due.get(row.id) ?? { row, at, targets: [] };
            seen.at = Math.min(seen.at, at);
            due.set(row.id, seen);
            const last = seen.targets.at(-1);
            if (url) seen.targets.push({ resource, url: url.href });
            else if (!inline) seen.window = true;
            else if (last && 'summaries' in last && last.resource === resource) last.summaries.push(raw);
            else seen.targets.push({ resource, summaries: [raw] });
          }
        }
        for (const { row, at, targets, window } of due.values()) {
          await push.syncAround(
            row,
            at,
            window ? undefined : (previous) => garminTargetedCursor(previous, targets),
          );
        }
        return reply.send({ received: true });
      },
    );
  };
