import { z } from 'zod';

const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url');

/** A browser's push subscription as `PushSubscription.toJSON()` gives it (W3C Push API). */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z.string().url().max(2048),
  keys: z.object({
    /** The browser's P-256 public key (uncompressed point, 65 bytes). */
    p256dh: base64url.max(128),
    /** The 16-byte authentication secret. */
    auth: base64url.max(64),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** `GET /api/push`: the server's VAPID public key and this person's subscribed devices. */
export const pushStatusSchema = z.object({
  /** base64url of the uncompressed P-256 public key: `applicationServerKey` for `pushManager.subscribe`. */
  publicKey: z.string(),
  /** The endpoints of this person's subscriptions (a device finds itself by its own endpoint). */
  endpoints: z.array(z.string()),
});
export type PushStatus = z.infer<typeof pushStatusSchema>;

/** What a push message carries: shown as it is by the service worker. No health value, ever. */
export const pushMessageSchema = z.object({
  kind: z.enum(['insight-alert', 'goal-reminder', 'test']),
  title: z.string(),
  body: z.string(),
  /** The app path the notification opens. */
  url: z.string().startsWith('/'),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

/** `POST /api/push/subscriptions`. */
export const pushSubscribedSchema = z.object({ subscribed: z.literal(true) });
/** `DELETE /api/push/subscriptions`: the subscription to forget. */
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().url().max(2048) });
/** `POST /api/push/test`: what became of the test notification. */
export const pushTestResultSchema = z.object({ sent: z.number(), removed: z.number(), failed: z.number() });
export type PushTestResult = z.infer<typeof pushTestResultSchema>;
