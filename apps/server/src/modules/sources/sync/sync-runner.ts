// Over 300 lines: one class runs a sync from its queued job to its run record, page after page in run().
import { randomUUID } from 'node:crypto';
import type { Connector } from '@healthfolio/connectors';
import { getConnector } from '@healthfolio/connectors';
import { SANDBOX_PATH, type NewSample } from '@healthfolio/core';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../../jobs';
import { type SampleStore, type SampleWriter, type SamplesQuery, describeSample } from '../../metrics';
import { upsertClinicalRecords } from '../../clinical';
import type { ConnectionsRepository } from '../connections/connections.repository';
import { loginContext, parseSettings, resolveEndpoints, type EndpointContext } from '../endpoints';
import { refreshTokens } from '../oauth';
import { ProviderError, RateLimited, ReauthRequired } from '../provider-errors';
import { createProviderHttp } from '../provider-http';
import { MAX_PROBLEMS, newRunCounts, runColumns, type RunCounts } from './sync-counts';
import { SeenInSpans, syncFrom } from './sync-window';
import type { TokenVault } from '../token-vault';
import type { SyncedConnection, SyncStateRepository } from './sync-state.repository';

/** One job per sync of one connection, keyed by the connection. */
export const SYNC_QUEUE = 'sources.sync';
/** Once a minute, on one instance: the connections whose interval has passed are queued. */
const SCHEDULE_QUEUE = 'sources.schedule';

/**
 * What one sync run tells its listener (the webhooks' events, handed in by app.ts): its readings page by page,
 * then how it ended. Named here, beside the runner that calls it, so sources need not import the webhooks.
 */
export interface SyncRunEvents {
  add(samples: readonly NewSample[]): void;
  ended(run: {
    status: 'succeeded' | 'failed';
    inserted: number;
    updated: number;
    deleted: number;
    error: string | null;
  }): void;
}

export interface SyncRunnerDeps {
  /** Where syncs and the schedule are queued. */
  queue: JobQueue;
  connections: ConnectionsRepository;
  syncState: SyncStateRepository;
  store: SampleStore;
  writer: SampleWriter;
  zones: Pick<SamplesQuery, 'timeZone'>;
  vault: TokenVault;
  endpoints: EndpointContext;
  log: FastifyBaseLogger;
  now: () => number;
  fetch?: typeof fetch;
  /** 0: no schedule (tests call `schedule()` themselves); otherwise it looks every minute, on one instance. */
  checkEveryMs?: number;
  /** Told when a sync ends with new data (insights run again). */
  onFinished?: (userId: string) => void;
  /** Outgoing webhooks: told each page's readings and how the run ended (`sync.finished`, `samples.created`). */
  events?: (userId: string, source: string, timeZone: string) => SyncRunEvents;
}

/**
 * Runs syncs as jobs of the queue (`sources.sync`, one per connection: one waiting and one running at most,
 * whichever instance takes it), one at a time per instance; the schedule (`sources.schedule`, every minute,
 * run on one instance) queues the connections whose connector's interval has passed. Each page the provider answers is kept raw,
 * mapped, and written in one transaction with the cursor after it, so a sync cut off by a restart resumes
 * after the last page written and ends with the rows of one uninterrupted run. Connected sources re-sync
 * on their connector's interval, reading again the recent days the provider may still revise.
 *
 * What a provider revised replaces what was stored (the store writes by identity); what a page says was
 * deleted goes before the page is written; and after a run that read its window from the first page to
 * the last, what the connector `covers` but the run no longer answered goes too. A run resumed from a
 * cursor deletes nothing by absence: its earlier pages were answered to another process. A sandbox
 * connection deletes only what a sandbox wrote.
 */
export class SyncRunner {
  private readonly queueing = new Set<Promise<unknown>>();
  private readonly running = new Set<Promise<void>>();
  private readonly abort = new AbortController();

  private readonly onSchedule: (() => Promise<void>)[] = [];

  constructor(private readonly deps: SyncRunnerDeps) {}

  enqueue(connectionId: string): void {
    if (this.abort.signal.aborted) return;
    const queued = this.deps.queue
      .enqueue(
        SYNC_QUEUE,
        { connectionId },
        // A sync writes page by page with its cursor: one whose instance died is resumed elsewhere.
        { singletonKey: connectionId, expireInSeconds: 30 * 60, retry: { limit: 3, delaySeconds: 5 } },
      )
      .catch((error: unknown) =>
        this.deps.log.error({ err: error, connection: connectionId }, 'queueing a sync failed'),
      )
      .finally(() => this.queueing.delete(queued));
    this.queueing.add(queued);
  }

  /** Takes the sync jobs on this instance, keeps the schedule, and queues syncs a stop left unfinished. */
  async start(): Promise<void> {
    const { queue } = this.deps;
    await queue.work<{ connectionId: string }>(SYNC_QUEUE, (job) => this.sync(job.data.connectionId));
    if ((this.deps.checkEveryMs ?? 60_000) > 0) {
      await queue.work(SCHEDULE_QUEUE, () => this.schedule());
      await queue.schedule(SCHEDULE_QUEUE, '* * * * *');
    }
    // Their job may be waiting still (then this is a no-op, by its key) or lost with a version before the queue.
    for (const row of await this.deps.syncState.unfinished()) this.enqueue(row.id);
  }

  /** Queues every connected source whose next sync is due, then does the work that rides on the schedule. */
  async schedule(): Promise<void> {
    for (const row of await this.deps.syncState.due(this.deps.now())) {
      await this.deps.syncState.update(row.id, { sync_state: 'queued' });
      this.enqueue(row.id);
    }
    for (const work of this.onSchedule) {
      await work().catch((error: unknown) =>
        this.deps.log.warn({ err: error }, 'scheduled provider work failed; tried again next time'),
      );
    }
  }

  /** Work done at each look of the schedule (provider webhook subscriptions renewed before they expire). */
  alsoOnSchedule(work: () => Promise<void>): void {
    this.onSchedule.push(work);
  }

  /** Resolves when no sync is being queued, waiting or running. */
  async idle(): Promise<void> {
    while (this.queueing.size > 0) await Promise.allSettled([...this.queueing]);
    await this.deps.queue.idle([SYNC_QUEUE]);
    await Promise.allSettled([...this.running]);
  }

  /** Runs stop after their current page (its cursor committed); the next start, or another instance, resumes. */
  async close(): Promise<void> {
    this.abort.abort(new Error('The server is shutting down'));
    await Promise.allSettled([...this.queueing]);
    await Promise.allSettled([...this.running]);
  }

  /** The job's handler: one connection's sync. */
  private async sync(connectionId: string): Promise<void> {
    const run = (async () => {
      const row = await this.deps.syncState.byId(connectionId);
      if (!row || row.status === 'disconnected' || this.abort.signal.aborted) return;
      try {
        await this.run(row);
      } catch (error) {
        this.deps.log.error({ err: error, connection: connectionId }, 'sync failed unexpectedly');
      }
    })();
    this.running.add(run);
    try {
      await run;
    } finally {
      this.running.delete(run);
    }
  }

  private async run(row: SyncedConnection): Promise<void> {
    const { connections, syncState, now } = this.deps;
    const connector = getConnector(row.kind);
    const settings = parseSettings(row.settings);
    let tokens = row.tokens ? this.deps.vault.unseal(row.tokens) : undefined;
    let endpoints;
    try {
      endpoints =
        connector &&
        (await resolveEndpoints(
          connector,
          row.sandbox === 1,
          this.deps.endpoints,
          settings,
          this.deps.fetch,
        ));
    } catch (error) {
      // Discovery failed (the SMART server is down): tried again on schedule, like any provider error.
      await syncState.update(row.id, {
        sync_state: 'idle',
        last_error: describe(error),
        next_sync_at: now() + (connector?.manifest.syncEveryMinutes ?? 60) * 60_000,
      });
      return;
    }
    // A provider that moved the account to a regional API at sign-in (LibreLinkUp) is read there.
    const regional = tokens?.extra?.apiBaseUrl;
    if (endpoints && typeof regional === 'string') endpoints = { ...endpoints, apiBaseUrl: regional };
    if (!connector || !endpoints || !tokens) {
      await connections.update(row.id, { status: 'error', updated_at: now() });
      await syncState.update(row.id, {
        sync_state: 'idle',
        last_error: !connector
          ? 'This source cannot sync yet.'
          : !endpoints
            ? 'This provider is not set up on this server any more. Ask the operator to configure it.'
            : 'The saved sign-in could not be read. Connect again.',
      });
      return;
    }
    const startedAt = now();
    const timeZone = (await this.deps.zones.timeZone(row.user_id)) ?? 'UTC';
    const to = row.sync_to ?? startedAt;
    const from = syncFrom(row, connector, startedAt, timeZone);
    const runId = runIdNow();
    // Every sample a run maps ends as inserted, updated, a duplicate or rejected (with why).
    const counts = newRunCounts();
    const events = this.deps.events?.(row.user_id, row.kind, timeZone);
    await syncState.startRun({
      id: runId,
      user_id: row.user_id,
      connection_id: row.id,
      status: 'running',
      started_at: startedAt,
      finished_at: null,
      error: null,
      ...runColumns(counts),
    });
    await syncState.update(row.id, {
      sync_state: 'running',
      sync_from: from,
      sync_to: to,
      sync_started_at: row.sync_state === 'running' ? (row.sync_started_at ?? startedAt) : startedAt,
      sync_finished_at: null,
      ...(row.sync_state === 'running' ? {} : { sync_pages: 0, sync_samples: 0 }),
    });

    const refresh = async () => {
      tokens = connector.refresh
        ? await connector.refresh(
            tokens!,
            loginContext(endpoints, row.sandbox === 1, now(), this.deps.fetch ?? fetch),
          )
        : await refreshTokens(connector.manifest, endpoints, tokens!, now(), this.deps.fetch);
      await connections.update(row.id, { tokens: this.deps.vault.seal(tokens), updated_at: now() });
      return tokens;
    };
    const http = createProviderHttp({
      baseUrl: endpoints.apiBaseUrl,
      providerName: endpoints.name,
      tokens: () => tokens!,
      refresh,
      signal: this.abort.signal,
      now,
      onRequest: () => void counts.requests++,
      ...(this.deps.fetch ? { fetch: this.deps.fetch } : {}),
    });
    // Only a run that reads its window from the start can tell what the provider no longer has. A
    // sandbox's generated year is not the person's record: it deletes only what a sandbox wrote, never
    // what a real connection of the source (kept after a disconnect) or a file did.
    const seen = new SeenInSpans(
      row.cursor === null ? (connector.covers?.({ from, to, timeZone }) ?? []) : [],
    );
    const only = { sandboxOnly: row.sandbox === 1 };
    try {
      const pages = connector.sync({
        http,
        from,
        to,
        cursor: row.cursor,
        timeZone,
        signal: this.abort.signal,
        extra: tokens.extra ?? {},
        settings,
      });
      const normalizeContext = { timeZone, source: row.kind };
      for await (const page of pages) {
        await syncState.keepPayload(row.user_id, row.id, page.resource, JSON.stringify(page.payload), now());
        const mapped = connector.normalize(page, normalizeContext);
        // A sandbox connection's readings are generated: their path says so (sample-paths.ts).
        if (row.sandbox === 1) for (const sample of mapped) sample.path = SANDBOX_PATH;
        const records = connector.records?.(page, normalizeContext) ?? [];
        counts.samples += mapped.length;
        events?.add(mapped);
        seen.add(mapped);
        // Before the page's rows and cursor: a run cut off in between reads the page, and deletes, again.
        for (const gone of connector.deleted?.(page, normalizeContext) ?? []) {
          counts.deleted += await this.deps.store.deleteOrigins(
            row.user_id,
            row.kind,
            gone.kinds,
            gone.originIds,
            only,
          );
        }
        const result = await this.deps.writer.writeOnce(row.user_id, mapped, async (trx) => {
          if (records.length > 0) await upsertClinicalRecords(trx, row.user_id, records, now());
          await syncState.pageWritten(trx, row.id, page.cursor, mapped.length);
        });
        counts.inserted += result.inserted;
        counts.updated += result.updated;
        counts.duplicates += result.duplicates;
        counts.rejected += result.rejected.length;
        for (const r of result.rejected.slice(0, MAX_PROBLEMS - counts.problems.length)) {
          const sample = mapped[r.index];
          counts.problems.push(`${sample ? describeSample(sample) : `sample ${r.index}`}: ${r.message}`);
        }
      }
      for (const span of seen.spans) {
        counts.deleted += await this.deps.store.deleteMissing(
          row.user_id,
          row.kind,
          span.kinds,
          span.from,
          span.to,
          seen.identities,
          only,
        );
      }
      await syncState.trimPayloads(row.id);
      const finished = now();
      await connections.update(row.id, { status: 'connected', updated_at: finished });
      await syncState.update(row.id, {
        sync_state: 'idle',
        cursor: null,
        sync_from: null,
        sync_to: null,
        sync_finished_at: finished,
        last_sync_at: to,
        last_error: null,
        syncs_run: row.syncs_run + 1,
        next_sync_at: finished + connector.manifest.syncEveryMinutes * 60_000,
      });
      await syncState.updateRun(runId, { status: 'succeeded', finished_at: finished, ...runColumns(counts) });
      if (counts.inserted > 0 || counts.updated > 0 || counts.deleted > 0)
        this.deps.onFinished?.(row.user_id);
      events?.ended({ status: 'succeeded', ...ended(counts), error: null });
    } catch (error) {
      if (this.abort.signal.aborted) {
        // Shutting down: the sync stays `running` with its cursor and resumes on the next start.
        await syncState.updateRun(runId, {
          status: 'interrupted',
          finished_at: now(),
          ...runColumns(counts),
        });
        return;
      }
      await this.fail(row, connector, runId, error, counts);
      events?.ended({ status: 'failed', ...ended(counts), error: describe(error) });
    }
  }

  private async fail(
    row: SyncedConnection,
    connector: Connector,
    runId: string,
    error: unknown,
    counts: RunCounts,
  ): Promise<void> {
    const { connections, syncState, now } = this.deps;
    const at = now();
    const message = describe(error);
    const later =
      error instanceof RateLimited ? error.retryAt : at + connector.manifest.syncEveryMinutes * 60_000;
    // A refused sign-in needs the person; anything else is retried on schedule, from the saved cursor.
    await connections.update(row.id, {
      status:
        error instanceof ReauthRequired ? 'error' : error instanceof RateLimited ? 'connected' : 'error',
      updated_at: at,
    });
    await syncState.update(row.id, {
      sync_state: 'idle',
      sync_finished_at: at,
      last_error: message,
      next_sync_at: error instanceof ReauthRequired ? null : later,
    });
    await syncState.updateRun(runId, {
      status: 'failed',
      finished_at: at,
      error: message,
      ...runColumns(counts),
    });
    if (!(
      error instanceof ProviderError ||
      error instanceof ReauthRequired ||
      error instanceof RateLimited
    )) {
      this.deps.log.error({ err: error, connection: row.id }, 'sync failed');
    }
  }
}

/** Sorts in creation order (microseconds of real time first), so two runs in one clock tick still list in order. */
function runIdNow(): string {
  const micros = Math.round((performance.timeOrigin + performance.now()) * 1000);
  return `${String(micros).padStart(17, '0')}-${randomUUID().slice(0, 8)}`;
}

const ended = (c: RunCounts) => ({ inserted: c.inserted, updated: c.updated, deleted: c.deleted });

function describe(error: unknown): string {
  if (error instanceof ReauthRequired || error instanceof RateLimited || error instanceof ProviderError) {
    return error.message;
  }
  return 'The sync stopped on an unexpected error; it will be tried again.';
}
