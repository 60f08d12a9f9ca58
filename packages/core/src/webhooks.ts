import { z } from 'zod';

/** What an outgoing webhook can be told about (issue 27). */
export const WEBHOOK_EVENTS = [
  'samples.created',
  'import.finished',
  'sync.finished',
  'insight.created',
  'goal.achieved',
] as const;
export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
/** The event "Send test event" sends; every webhook takes it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const webhookInputSchema = z.object({
  url: z.string().min(1).max(2000),
  events: z.array(webhookEventSchema).min(1).max(WEBHOOK_EVENTS.length),
  /** `samples.created` carries the readings' values (otherwise only kinds and days). */
  includeValues: z.boolean().optional(),
});
export type WebhookInput = z.infer<typeof webhookInputSchema>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  includeValues: z.boolean(),
  status: z.enum(['active', 'disabled']),
  createdAt: z.string(),
  /** The last delivery's outcome, if any. */
  lastDelivery: z.object({ status: z.enum(['pending', 'delivered', 'failed']), at: z.string() }).nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** `POST /api/webhooks`: the webhook and its signing secret, shown this once. */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookDeliverySchema = z.object({
  /** The Standard Webhooks `webhook-id`, the same on every attempt. */
  id: z.string(),
  event: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** `GET /api/webhooks`. */
export const webhookListSchema = z.array(webhookSchema);
/** `GET /api/webhooks/:id/deliveries`. */
export const webhookDeliveryListSchema = z.array(webhookDeliverySchema);
