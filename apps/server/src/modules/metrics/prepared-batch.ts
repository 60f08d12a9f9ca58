import { PackedRows, type PackedRowsData } from './packed-rows';
import { isProblem, prepareSample, type NewSample, type SampleRow } from './sample-row';

export interface RejectedSample {
  /** Position in the batch. */
  index: number;
  field: string;
  message: string;
}

/** A batch of samples validated and ready to write: the rows in index order, and what was refused. */
export interface PreparedBatch {
  rows: PackedRows;
  rejected: RejectedSample[];
}

/** A PreparedBatch as it crosses from a worker thread. */
export interface PreparedBatchData {
  rows: PackedRowsData;
  rejected: RejectedSample[];
}

/** The leading columns of the identity index after the user: kind, then start. */
function byIdentity(a: SampleRow, b: SampleRow): number {
  if (a.kind !== b.kind) return a.kind < b.kind ? -1 : 1;
  return a.start_at - b.start_at;
}

/**
 * Validates and normalizes a batch (see prepareSample). Pure, so an import can run it in its parsing
 * worker. The rows are sorted in identity-index order: consecutive rows then land on the same B-tree
 * pages and a kind's rows sit together in the table. For input that interleaves kinds (a sync's pages,
 * a FHIR bundle) better-sqlite3 alone inserts ~20 % and reads a day back ~35 % faster than in arrival
 * order; input already grouped by kind (Apple Health's export) costs the sort one pass.
 */
export function prepareBatch(samples: readonly NewSample[]): PreparedBatch {
  const rows: SampleRow[] = [];
  const rejected: RejectedSample[] = [];
  for (let i = 0; i < samples.length; i++) {
    const prepared = prepareSample(samples[i]!);
    if (isProblem(prepared)) rejected.push({ index: i, ...prepared });
    else rows.push(prepared);
  }
  rows.sort(byIdentity);
  return { rows: PackedRows.from(rows), rejected };
}

export function revivePreparedBatch(data: PreparedBatchData): PreparedBatch {
  return { rows: new PackedRows(data.rows), rejected: data.rejected };
}
