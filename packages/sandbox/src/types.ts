import type { FastifyPluginAsync } from 'fastify';

/** A fake of one provider's API, for tests and sandbox mode, mounted under a prefix. */
export type FakeProvider = FastifyPluginAsync<FakeOptions>;

export interface FakeOptions {
  /** Epoch ms "now" of the generated data; a year of it ends here. */
  now?: () => number;
  /** Access tokens expire after this many seconds (default 3600). */
  tokenTtlSeconds?: number;
  /** Every n-th API request answers 429 with Retry-After (0: never). */
  rateLimitEvery?: number;
  /** The client the fake accepts (any when unset). */
  clientId?: string;
  clientSecret?: string;
  /** Filled by the fake, so a test can expire or revoke its tokens and count its requests. */
  control?: FakeControl;
  /**
   * How often a fake with webhook subscriptions looks for records that appeared since it last looked and
   * pushes them (default 30 s; 0: only `control.push`).
   */
  pushEveryMs?: number;
  /** Garmin: notifications name pull URLs (`ping`, Ping/Pull, the default) or carry the summaries (`push`). */
  pushMode?: 'ping' | 'push';
}

/** What a test can do to a running fake. */
export interface FakeControl {
  /** Access tokens expire now. */
  expireTokens?: () => void;
  /** Every refresh token is revoked, as when the person removes the app at the provider. */
  revokeGrants?: () => void;
  /** API requests answered with data so far. */
  requests?: () => number;
  /** From now on every n-th API request answers 429 (0: never). */
  rateLimitEvery?: (n: number) => void;
  /**
   * The provider changes one of its records from now on, as the person or its scoring would: `id` is the
   * record's id as the provider answers it (an Oura document id, a Withings `grpid`, a FHIR
   * `Observation/<id>`), `fields` the provider's own fields that change (its README lists them).
   */
  revise?: (id: string, fields: Record<string, unknown>) => void;
  /** The provider deletes one of its records (a weigh-in removed; a FHIR resource marked `entered-in-error`). */
  deleteRecord?: (id: string) => void;
  /**
   * The provider pushes an event to every webhook subscription made with it (Strava's webhook events),
   * as its documentation shapes it; answers each callback's HTTP status.
   */
  push?: (event: Record<string, unknown>) => Promise<number[]>;
  /**
   * The provider notifies, now, what was uploaded within [`from`, `to`) (Garmin: a ping naming the pull
   * URLs, or a push carrying the summaries); answers each callback's HTTP status.
   */
  notify?: (from: number, to: number, mode?: 'ping' | 'push') => Promise<number[]>;
}
