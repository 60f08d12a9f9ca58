import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  getSource,
  INGEST_KINDS,
  isNamedSourceKind,
  type ConnectRequest,
  type ConnectResult,
} from '@healthfolio/core';
import type { ImportIssue } from '@healthfolio/importers';
import { AppError, notFound } from '../../http/errors';
import { describeSample, type SampleWriter, type SamplesQuery } from '../metrics';
import type { ConnectMethodEntry, Connecting } from '../sources';
import type { IngestTokenRow, IngestTokensRepository } from './ingest-tokens.repository';
import { readPushedSamples } from './ingest-payload';

/** Samples written per transaction, so one large post never holds the user's writes for long. */
const WRITE_BATCH = 20_000;
/** Issues one answer carries; the rest are counted. */
const ANSWERED_ISSUES = 10;

export const REVOKED_MESSAGE =
  'This ingest URL was revoked or never existed. Make a new one on the Sources page.';

export type IngestStatus = NonNullable<ConnectResult['ingest']>;

export interface IngestReceipt {
  received: number;
  inserted: number;
  /** Readings stored before with another value (today's growing total), now replaced. */
  updated: number;
  duplicates: number;
  rejected: number;
  /** Readings deliberately not kept; received = inserted + updated + duplicates + rejected + skipped. */
  skipped: number;
  issues: string[];
}

export interface IngestDeps {
  tokens: IngestTokensRepository;
  sources: Connecting;
  writer: SampleWriter;
  zones: Pick<SamplesQuery, 'timeZone'>;
  /** The address people's phones reach this server at (PUBLIC_URL). */
  publicUrl: string;
  now: () => number;
  /** Told after a post wrote samples (insight runs, as after an import). */
  onWritten: (userId: string) => void;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Personal ingest URLs: a revocable token per user and source kind that exporter apps on a phone
 * (Health Auto Export, Health Connect exporters, a script) post samples to. Only the token's sha256 is
 * stored; the URL is shown once, when it is made.
 */
export class IngestService {
  constructor(private readonly deps: IngestDeps) {}

  /** `connect` of a push source: marks it in use (named, for generic kinds) and answers its ingest URL. */
  async connect(userId: string, kind: string, input: ConnectRequest): Promise<ConnectResult> {
    const named = isNamedSourceKind(kind);
    let settings: { name: string } | undefined;
    if (named) {
      const name = input.name ?? (await this.deps.sources.settingsOf(userId, kind)).name;
      if (typeof name !== 'string' || !name.trim()) {
        throw new AppError('validation', 'name: Give this source a name, such as "Omron cuff"');
      }
      settings = { name: name.trim() };
    }
    const source = await this.deps.sources.saveConnection(userId, kind, settings ? { settings } : {});
    const live = await this.deps.tokens.live(userId, kind);
    const ingest = live ? present(live, null) : await this.create(userId, kind);
    return { authorizationUrl: null, source, ingest };
  }

  /** The live URL's status, without the URL itself (it was shown once). */
  async status(userId: string, kind: string): Promise<IngestStatus> {
    this.check(kind);
    const live = await this.deps.tokens.live(userId, kind);
    if (!live) throw notFound(`An ingest URL for ${nameOf(kind)}`);
    return present(live, null);
  }

  /** Revokes the live URL and makes a new one, shown once. */
  async rotate(userId: string, kind: string): Promise<IngestStatus> {
    this.check(kind);
    const source = await this.deps.sources.get(userId, kind);
    if (source.status === 'disconnected') {
      throw new AppError('conflict', `${nameOf(kind)} is not connected: connect it to make an ingest URL`);
    }
    await this.deps.tokens.revoke(userId, kind, this.deps.now());
    return this.create(userId, kind);
  }

  /** Revokes the user's URLs of `kind` (on disconnect): posts to them answer 401 from now on. */
  async revoke(userId: string, kind: string): Promise<void> {
    await this.deps.tokens.revoke(userId, kind, this.deps.now());
  }

  /** One post to an ingest URL: the token names the user and the source; nothing else is trusted. */
  async receive(token: string, body: unknown): Promise<IngestReceipt> {
    const row = await this.deps.tokens.liveByHash(hashToken(token));
    if (!row) throw new AppError('unauthorized', REVOKED_MESSAGE);
    const zone = (await this.deps.zones.timeZone(row.user_id)) ?? 'UTC';
    const pushed = readPushedSamples(body, row.kind, zone);
    const issues: string[] = pushed.issues.slice(0, ANSWERED_ISSUES).map(describe);
    let inserted = 0;
    let updated = 0;
    let duplicates = 0;
    let rejected = pushed.rejected;
    for (let from = 0; from < pushed.samples.length; from += WRITE_BATCH) {
      const batch = pushed.samples.slice(from, from + WRITE_BATCH);
      const result = await this.deps.writer.writeOnce(row.user_id, batch);
      inserted += result.inserted;
      updated += result.updated;
      duplicates += result.duplicates;
      rejected += result.rejected.length;
      for (const r of result.rejected) {
        if (issues.length >= ANSWERED_ISSUES) break;
        issues.push(`${describeSample(batch[r.index]!)}: ${r.message}`);
      }
    }
    const at = this.deps.now();
    await this.deps.tokens.used(row.id, at, pushed.records);
    await this.deps.sources.setLastSync(row.user_id, row.kind, new Date(at).toISOString());
    if (inserted > 0 || updated > 0) this.deps.onWritten(row.user_id);
    return {
      received: pushed.records,
      inserted,
      updated,
      duplicates,
      rejected,
      skipped: pushed.skipped,
      issues,
    };
  }

  private async create(userId: string, kind: string): Promise<IngestStatus> {
    const token = randomBytes(32).toString('base64url');
    const row: IngestTokenRow = {
      id: randomUUID(),
      user_id: userId,
      kind,
      token_hash: hashToken(token),
      hint: token.slice(-4),
      created_at: this.deps.now(),
      last_used_at: null,
      revoked_at: null,
      received: 0,
    };
    await this.deps.tokens.insert(row);
    return present(row, `${this.deps.publicUrl}/api/ingest/${token}`);
  }

  private check(kind: string): void {
    if (!(INGEST_KINDS as readonly string[]).includes(kind)) throw notFound('Ingest URL');
  }
}

const nameOf = (kind: string) => getSource(kind)?.name ?? kind;

function present(row: IngestTokenRow, url: string | null): IngestStatus {
  return {
    url,
    hint: row.hint,
    createdAt: iso(row.created_at)!,
    lastUsedAt: iso(row.last_used_at),
    received: Number(row.received),
  };
}

const describe = (issue: ImportIssue) => issue.message;

/** Connecting Apple Health, Health Connect and the generic kinds: their ingest URL; disconnecting revokes it. */
export function ingestConnectMethods(ingest: IngestService): ConnectMethodEntry[] {
  return INGEST_KINDS.map((kind) => [
    kind,
    {
      connect: (userId, input) => ingest.connect(userId, kind, input),
      disconnect: (userId) => ingest.revoke(userId, kind),
    },
  ]);
}
