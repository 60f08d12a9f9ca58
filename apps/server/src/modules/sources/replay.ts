import { getConnector } from '@healthfolio/connectors';
import { SANDBOX_PATH } from '@healthfolio/core';
import type { SampleBulkIO } from '../../db/bulk-io';
import type { Db } from '../../db/database';
import { upsertClinicalRecords } from '../clinical';
import { SampleStore, SampleWriter, SamplesQuery } from '../metrics';
import { ConnectionsRepository } from './connections/connections.repository';
import { SyncStateRepository } from './sync/sync-state.repository';

export interface ReplayResult {
  pages: number;
  mapped: number;
  replaced: number;
  inserted: number;
  /** Samples the pages say the provider deleted (`Connector.deleted`), removed again. */
  deleted: number;
}

/**
 * Re-maps the raw pages kept from a connection's recent syncs with today's `normalize` (after a mapping
 * fix) without calling the provider: each page's samples replace what the source stored for the same
 * kinds over the page's time span; its clinical records are upserted over their earlier versions, and
 * what it says the provider deleted goes again.
 */
export async function replaySource(
  db: Db,
  bulk: SampleBulkIO,
  userId: string,
  kind: string,
  dryRun = false,
): Promise<ReplayResult> {
  const connector = getConnector(kind);
  if (!connector) throw new Error(`No connector for "${kind}"`);
  const connection = await new ConnectionsRepository(db.kysely).byKind(userId, kind);
  if (!connection) throw new Error(`This account has never connected ${kind}`);
  const timeZone = (await new SamplesQuery(db).timeZone(userId)) ?? 'UTC';
  const store = new SampleStore(db, bulk);
  const writer = new SampleWriter(db, bulk);
  // A sandbox connection's readings carry the sandbox path (sample-paths.ts), as its syncs wrote them,
  // and replace only what it wrote: the person's own files of the source stay.
  const sandbox = connection.sandbox === 1;
  const result: ReplayResult = { pages: 0, mapped: 0, replaced: 0, inserted: 0, deleted: 0 };
  for (const page of await new SyncStateRepository(db.kysely).payloads(connection.id)) {
    const payload = JSON.parse(page.payload) as unknown;
    const context = { timeZone, source: kind };
    const samples = connector.normalize({ resource: page.resource, payload }, context);
    if (sandbox) for (const sample of samples) sample.path = SANDBOX_PATH;
    const records = connector.records?.({ resource: page.resource, payload }, context) ?? [];
    result.pages++;
    result.mapped += samples.length;
    if (!dryRun) {
      for (const gone of connector.deleted?.({ resource: page.resource, payload }, context) ?? []) {
        result.deleted += await store.deleteOrigins(userId, kind, gone.kinds, gone.originIds, {
          sandboxOnly: sandbox,
        });
      }
    }
    if (!dryRun && records.length > 0) {
      await db.kysely.transaction().execute((trx) => upsertClinicalRecords(trx, userId, records, Date.now()));
    }
    if (dryRun || samples.length === 0) continue;
    let from = Infinity;
    let to = -Infinity;
    for (const s of samples) {
      from = Math.min(from, s.start);
      to = Math.max(to, s.start);
    }
    const kinds = [...new Set(samples.map((s) => s.kind))];
    result.replaced += await store.deleteWindow(userId, kind, kinds, from, to, { sandboxOnly: sandbox });
    result.inserted += (await writer.writeOnce(userId, samples)).inserted;
  }
  return result;
}
