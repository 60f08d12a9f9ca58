import { z } from 'zod';
import type { NewSample } from './sample-input';
import { instantSchema } from './samples';
import type { SourceKind } from './source-catalogue';

/** Platforms whose data only an app on the phone can read, and so push to an ingest URL. */
export const PUSH_PLATFORM_KINDS = [
  'apple_healthkit',
  'google_health_connect',
] as const satisfies readonly SourceKind[];
/** SPEC §3's generic kinds: a source the person names ("Omron cuff"), fed by an ingest URL, imports or entry. */
export const NAMED_SOURCE_KINDS = [
  'fitness_tracker',
  'nutrition_app',
  'health_platform',
  'medical_device',
  'sleep_tracker',
  'mental_health',
] as const satisfies readonly SourceKind[];
/** Every kind that takes data through a personal ingest URL. */
export const INGEST_KINDS: readonly SourceKind[] = [...PUSH_PLATFORM_KINDS, ...NAMED_SOURCE_KINDS];
export const isNamedSourceKind = (kind: string): boolean =>
  (NAMED_SOURCE_KINDS as readonly string[]).includes(kind);

/**
 * Healthfolio's own JSON for pushing samples: what an ingest URL (Apple Health and Health Connect
 * exporter apps, custom sources) and a report-builder feed accept besides their providers' formats.
 *
 * ```json
 * { "samples": [ { "type": "weight", "value": 72.4, "unit": "kg", "start": "2026-11-20T07:30:00+01:00" } ] }
 * ```
 */
export const ownSampleSchema = z.object({
  /** A metric kind or any alias ("weight", "body_mass", "steps"). */
  type: z.string().min(1).max(64),
  value: z.number().finite(),
  /** A UCUM unit or common spelling ("kg", "lb", "mg/dL"); the kind's own unit when left out. */
  unit: z.string().min(1).max(32).optional(),
  start: instantSchema,
  end: instantSchema.optional(),
  /** The app or device that measured it. */
  device: z.string().min(1).max(200).optional(),
  /** The sender's own id, so a resend is recognised as the same sample. */
  id: z.string().min(1).max(200).optional(),
  notes: z.string().max(2000).optional(),
});
export type OwnSample = z.infer<typeof ownSampleSchema>;

export const ownSamplesPayloadSchema = z.object({
  samples: z.array(ownSampleSchema).min(1).max(50_000),
});
export type OwnSamplesPayload = z.infer<typeof ownSamplesPayloadSchema>;

/** Minutes east of UTC written in an ISO date-time ("+01:00" → 60, "Z" → 0). */
function offsetOf(iso: string): number {
  const match = /([+-])(\d{2}):?(\d{2})$/.exec(iso);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * One sample of our own JSON as the store takes it: the type resolved by the store (any alias), the
 * unit converted there, the written offset kept. Without the sender's `id` the origin id is the type
 * and instant, so a resend of the same reading is recognised.
 */
export function ownSampleToNewSample(sample: OwnSample, source: string): NewSample {
  const start = Date.parse(sample.start);
  const out: NewSample = {
    kind: sample.type,
    start,
    value: sample.value,
    utcOffsetMin: offsetOf(sample.start),
    source,
    originId: sample.id ?? `${sample.type}@${start}`,
  };
  if (sample.end) out.end = Date.parse(sample.end);
  if (sample.unit) out.unit = sample.unit;
  if (sample.device) out.device = sample.device;
  if (sample.notes) out.meta = { notes: sample.notes };
  return out;
}

/** `POST /api/ingest/:token`: the URL's token. */
export const ingestTokenParamsSchema = z.object({ token: z.string().max(512) });

/** What a post to an ingest URL did with its samples. */
export const ingestReceiptSchema = z.object({
  received: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.number().int(),
  skipped: z.number().int(),
  issues: z.array(z.string()),
});
export type IngestReceipt = z.infer<typeof ingestReceiptSchema>;
